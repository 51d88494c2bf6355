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

/**
 * Chooses `text` in the antd select inside `field` and checks the field shows it. Searchable
 * lists are virtual, so the text is typed into the select's own search box to bring the option
 * into the rendered window. The open → choose sequence is tried again (at most three times) when
 * the field does not show the choice: on a busy machine the click that opens the list can land
 * while the list is still animating, and the choice is then lost.
 */
export async function pickOption(field: Locator, text: string) {
  const page = field.page();
  const chosen = () =>
    field
      .locator('.ant-select-selection-item')
      .innerText({ timeout: 1000 })
      .catch(() => '');
  for (let attempt = 1; attempt <= 3; attempt++) {
    await field.locator('.ant-select-selector').click();
    if (await field.locator('.ant-select-show-search').count())
      await field.locator('input.ant-select-selection-search-input').fill(text);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text })
      .first()
      .click();
    try {
      await expect.poll(chosen, { timeout: 3000 }).toContain(text);
      return;
    } catch {
      await page.keyboard.press('Escape');
    }
  }
  expect(await chosen()).toContain(text);
}

/**
 * Ticks an antd checkbox and checks it shows ticked, clicking again while it does not: a click while
 * the surrounding dialog is still animating open can be lost ("Clicking the checkbox did not change
 * its state", seen under load).
 */
export async function tick(box: Locator) {
  await expect
    .poll(async () => {
      if (!(await box.isChecked())) await box.click();
      return box.isChecked();
    })
    .toBe(true);
}
