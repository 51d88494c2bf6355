import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';

// Two browsers, two demo buyers, one lot in bidding: deposits through the sandbox cashier, then a
// live bidding exchange in which the first buyer is outbid and sees it without reloading.
let a: E2E;
let b: E2E;
let orderId = '';

beforeAll(async () => {
  [a, b] = await Promise.all([openBrowser(), openBrowser()]);
  // A running lot that ends last: nothing else will close it during the test.
  const res = await fetch(`${a.baseURL}/api/mall-search/search/auc_order/search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pageNum: 1, pageSize: 16, filters: { statusList: [3] } }),
  });
  const { data } = (await res.json()) as { data: { list: Array<{ orderId: string; endTime: number }> } };
  orderId = [...data.list].sort((x, y) => y.endTime - x.endTime)[0]?.orderId ?? '';
});
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
});

async function login(page: Page, tel: string) {
  await page.goto('/login');
  await page.getByLabel('手机号').fill(tel);
  await page.getByLabel('密码', { exact: true }).fill('Chepai2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

async function payDeposit(page: Page, name: string) {
  await page.goto(`/promiseMoneyReport/${orderId}`);
  await page.getByRole('heading', { name: '竞买须知' }).waitFor();
  await shot(page, `${name}-deposit-rules`);
  await page.getByText('我已阅读并同意').click();
  await page.getByRole('button', { name: /去支付/ }).click();
  await page.getByRole('button', { name: '确认支付' }).waitFor();
  await shot(page, `${name}-cashier`);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.getByText('报名成功').first().waitFor();
  expect(await page.getByTestId('bidder-no').innerText()).toMatch(/^\d{6}$/);
  await shot(page, `${name}-registered`);
}

async function bid(page: Page, quick: RegExp) {
  await page.getByRole('button', { name: quick }).click();
  await page.getByRole('button', { name: '立即出价' }).click();
  await page.getByRole('button', { name: '确认出价' }).click();
}

describe('bidding in two browsers', () => {
  it('both buyers pay deposits through the sandbox cashier', async () => {
    expect(orderId).toMatch(/^\d+$/);
    await login(a.page, '13800138000');
    await login(b.page, '13900139000');
    await payDeposit(a.page, 'bidding-a');
    await payDeposit(b.page, 'bidding-b');
  });

  it('A bids and leads; B outbids; A sees it live and is told', async () => {
    await a.page.goto(`/carAuction/carAuctionDetail/${orderId}`);
    await b.page.goto(`/carAuction/carAuctionDetail/${orderId}`);
    const aPanel = a.page.getByLabel('出价');
    await aPanel.getByText('我的状态').waitFor();
    await b.page.getByLabel('出价').getByText('我的状态').waitFor();
    const before = await a.page.getByTestId('current-price').innerText();
    await bid(a.page, /\+1 档/);
    await aPanel.getByText('领先').waitFor();
    await shot(a.page, 'bidding-a-leading');
    // B sees A's bid arrive without reloading, then bids two steps higher.
    await b.page.waitForFunction((old) => document.querySelector('[data-testid="current-price"]')?.textContent !== old, before);
    await bid(b.page, /\+2 档/);
    await b.page.getByLabel('出价').getByText('领先').waitFor();
    await aPanel.getByText('已出局').waitFor();
    await a.page.getByText('您的出价已被超越').waitFor();
    await shot(a.page, 'bidding-a-outbid');
    expect(await a.page.getByTestId('current-price').innerText()).toBe(await b.page.getByTestId('current-price').innerText());
  });

  it('lists the bids under priceRecord', async () => {
    await a.page.goto('/personalCenter/priceRecord');
    await a.page.getByRole('cell', { name: '已出局' }).waitFor();
    await shot(a.page, 'bidding-price-record');
    await b.page.goto('/personalCenter/priceRecord');
    await b.page.getByRole('cell', { name: '领先' }).waitFor();
    await b.page.goto('/promiseMoneyReport');
    await b.page.getByText('已冻结').first().waitFor();
    await shot(b.page, 'bidding-my-deposits');
  });
});
