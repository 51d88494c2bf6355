import { expect } from 'vitest';
import type { Locator } from 'playwright-core';

/**
 * Types a date into the antd date picker inside `scope` and leaves the field with Tab: the picker
 * takes a typed valid date when the field loses focus, and its calendar closes. (Enter would also
 * submit a surrounding form; a click elsewhere could land on the open calendar, which covers the
 * fields below it.)
 */
export async function fillDate(scope: Locator, value: string) {
  const input = scope.locator('.ant-picker input').first();
  await input.click();
  await input.fill(value);
  await input.press('Tab');
  await expect.poll(() => scope.page().locator('.ant-picker-dropdown:visible').count()).toBe(0);
  expect(await input.inputValue()).toBe(value);
}
