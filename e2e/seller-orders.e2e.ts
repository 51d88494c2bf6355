import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';
import { ssoSignIn } from './support/demo';

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
  await e.page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(() => e.close());

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('a disposal unit follows its orders', () => {
  it('signs in and finds its submission waiting for review', async () => {
    const { page } = e;
    await page.goto('/login?type=2');
    await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
    await ssoSignIn(page, 'chenqiang');
    // Signed in once the header greets the seller (the code exchange is done).
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain('陈强');
    await page.goto('/personalCenter/auctionOrder');
    await page.getByRole('tab', { name: '待审核' }).click();
    const card = page.locator('.order-card').filter({ hasText: '丰田汉兰达' });
    await card.getByText('待审核').waitFor();
    await shot(page, 'seller-orders-1440');
    // Search by plate narrows the list; another plate finds nothing.
    await page.getByPlaceholder('按车牌号或车架号搜索').fill('苏E3K');
    await page.getByPlaceholder('按车牌号或车架号搜索').press('Enter');
    await card.waitFor();
    await page.getByPlaceholder('按车牌号或车架号搜索').fill('京Z99');
    await page.getByPlaceholder('按车牌号或车架号搜索').press('Enter');
    await page.getByText('没有符合条件的订单').waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByPlaceholder('按车牌号或车架号搜索').fill('');
    await page.getByPlaceholder('按车牌号或车架号搜索').press('Enter');
    await card.waitFor();
    expect(await overflow(page)).toBe(0);
    await shot(page, 'seller-orders-390');
  });

  it('opens the order, reads its timeline and withdraws it', async () => {
    const { page } = e;
    await page.locator('.order-card').filter({ hasText: '丰田汉兰达' }).click();
    await page.waitForURL(/\/detailInfo\/\d+$/);
    await page.getByText('提交审核').waitFor();
    expect(await overflow(page)).toBe(0);
    await shot(page, 'seller-order-detail-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: '撤回提交' }).click();
    await page.getByRole('dialog').getByPlaceholder('原因（选填）').fill('车辆继续留用');
    await page.getByRole('dialog').getByRole('button', { name: '确认撤回' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.locator('.order-detail-title').getByText('已撤拍').waitFor();
    await page.getByText('撤拍原因：车辆继续留用').waitFor();
    await shot(page, 'seller-order-detail-1440');
  });
});
