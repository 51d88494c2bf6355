import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tick } from './support/antd';
import { launchBrowser, newVisitorContext, shot, shotPdf } from './support/browser';
import { latestCode, pgReachable } from './support/scratch-db';
import { lotInBidding, serverOnScratch } from './support/deal-setup';
import { ssoSignIn } from './support/demo';
import type { RunningServer } from './support/server';
import { fillDate } from './support/antd';

// The deal after the hammer, for both sides (docs/product.md#16-the-deal-after-the-hammer): one buyer
// wins a lot, signs online, pays the balance and the fee, arranges pickup; the seller confirms the
// handover and sees the payout; an operator finds the deal in the console. bidding.e2e.ts covers the
// bidding itself, so here one bid wins. Own PostgreSQL database: the test moves the lot's end with SQL.

const BUYER_TEL = '13900139000';
const reachable = await pgReachable();

let server: RunningServer;
let rig: Awaited<ReturnType<typeof serverOnScratch>>;
let db: pg.Client;
let browser: Browser;
let buyer: Page;
let lotId: string;
let lotTitle: string;

async function newPage(width = 1440): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newVisitorContext(browser, server.url, width);
  return { context, page: await context.newPage() };
}

/** The cashier of the sandbox provider: confirm, and come back to the deal page. */
async function payOnCashier(page: Page, button: string, amount: string) {
  await page.getByRole('button', { name: button }).click();
  await page.waitForURL('**/api/pay/sandbox/**');
  expect(await page.locator('.amount').innerText()).toContain(amount);
  await page.getByRole('button', { name: '确认支付' }).click();
  await page.waitForURL(`**/buyerDetailInfo/${lotId}?paymentNo=**`);
  await page.getByRole('button', { name: button }).waitFor({ state: 'detached' });
}

const dealText = () => buyer.locator('.buyer-deal').innerText();

describe.skipIf(!reachable)('the deal after the hammer', () => {
  beforeAll(async () => {
    rig = await serverOnScratch('deal');
    ({ server, db } = rig);
    // A registration-phase lot of 李晓梅's unit becomes a lot in bidding (start 30,000, deposit 5,000).
    ({ id: lotId, title: lotTitle } = await lotInBidding(db));
    browser = await launchBrowser();
    buyer = (await newPage(1366)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await rig?.close();
  });

  it('a buyer pays the deposit, bids once and wins: the deal opens at 待签约', async () => {
    await buyer.goto('/login?redirect=%2Fhome');
    await buyer.getByLabel('手机号').fill(BUYER_TEL);
    await buyer.getByLabel('密码', { exact: true }).fill('Chepai2026');
    await buyer.getByRole('button', { name: '登 录' }).click();
    await buyer.waitForURL('**/home');
    await buyer.goto(`/carAuction/carAuctionDetail/${lotId}`);
    await buyer.getByRole('link', { name: /交纳保证金 ¥[\d,]+\.\d{2} 报名/ }).click();
    await buyer.waitForURL(`**/promiseMoneyReport/${lotId}`);
    await buyer.getByRole('checkbox').check();
    await buyer.getByRole('button', { name: /去支付/ }).click();
    await buyer.waitForURL('**/api/pay/sandbox/**');
    await buyer.getByRole('button', { name: '确认支付' }).click();
    await buyer.waitForURL(`**/promiseMoneyReport/${lotId}**`);
    await buyer.getByTestId('bidder-no').waitFor();
    await buyer.goto(`/carAuction/carAuctionDetail/${lotId}`);
    await buyer
      .getByTestId('bid-panel')
      .getByRole('button', { name: /^起拍价/ })
      .click();
    const dialog = buyer.getByRole('dialog', { name: '出价确认' });
    await dialog.getByRole('button', { name: '确认出价' }).click();
    await buyer.getByTestId('my-state').getByText('领先').waitFor();
    // The hammer falls now: the scheduler closes the lot on its next tick.
    await db.query('UPDATE lot SET end_time = now() WHERE id = $1', [lotId]);
    await buyer.getByTestId('bid-result').getByText('已成交 — 恭喜您竞得').waitFor({ timeout: 60_000 });

    await buyer.goto('/personalCenter/dealCar');
    const row = buyer.getByRole('row').filter({ hasText: lotTitle });
    await row.getByText('待签约').waitFor();
    expect(await row.getByRole('link', { name: '去签约' }).getAttribute('href')).toBe(
      `/buyerDetailInfo/${lotId}`,
    );
    await shot(buyer, 'deal-dealcar');
    await row.getByRole('link', { name: '去签约' }).click();
    await buyer.getByTestId('contract-card').waitFor();
    const text = await dealText();
    // 5 % of 30,000 is 1,500: balance 25,000 + fee 1,500 = 26,500.
    expect(text).toMatch(/¥30,000\.00[\s\S]*人民币叁万元整/);
    expect(text).toMatch(/¥25,000\.00[\s\S]*¥1,500\.00[\s\S]*¥26,500\.00/);
    expect(await buyer.getByTestId('deal-deadline').innerText()).toMatch(/剩余 .*截止/);
    await shot(buyer, 'deal-1-signing');
  });

  it('the 成交确认书 opens as a real PDF with the hammer price; the buyer signs it online', async () => {
    const card = buyer.getByTestId('contract-card');
    const [download] = await Promise.all([
      buyer.waitForEvent('download'),
      card.getByRole('button', { name: '下载确认书（PDF）' }).click(),
    ]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deal-pdf-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).toContain(lotTitle);
    expect(text).toMatch(/¥30,000\.00（人民币叁万元整）/);
    shotPdf(file, 'deal-contract-pdf');

    await card.getByRole('button', { name: '在线签署' }).click();
    const dialog = buyer.getByRole('dialog', { name: '在线签署成交确认书' });
    await tick(dialog.getByRole('checkbox'));
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await dialog.getByPlaceholder('6位验证码').fill(await latestCode(server.url, BUYER_TEL, 'signContract'));
    await dialog.getByRole('button', { name: '确认签署' }).click();
    await buyer.locator('.order-detail-title').getByText('待付款').waitFor();
    await shot(buyer, 'deal-2-paying');
  });

  it('pays the balance and the fee on the cashier and arranges the pickup', async () => {
    await payOnCashier(buyer, '支付余款', '25,000.00');
    await payOnCashier(buyer, '支付服务费', '1,500.00');
    await buyer.locator('.order-detail-title').getByText('待提车').waitFor();
    // Each payment has its receipt, a real PDF.
    const receipts = buyer.getByTestId('receipts-card');
    await receipts.getByText('成交余款').waitFor();
    const [receipt] = await Promise.all([
      buyer.waitForEvent('download'),
      receipts.getByRole('button', { name: '下载收据（PDF）' }).nth(1).click(),
    ]);
    const receiptFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'deal-receipt-')), 'r.pdf');
    await receipt.saveAs(receiptFile);
    expect(execFileSync('pdftotext', [receiptFile, '-'], { encoding: 'utf8' })).toMatch(/25,000\.00/);
    const pickup = buyer.getByTestId('pickup-card');
    await pickup.getByRole('button', { name: '安排提车' }).click();
    const tomorrow = new Date(Date.now() + 8 * 3600_000 + 86_400_000).toISOString().slice(0, 10);
    await fillDate(pickup, tomorrow);
    await pickup.getByText('上午 9:00–12:00').click();
    await pickup.getByRole('button', { name: '保存提车安排' }).click();
    await pickup.getByText(`${tomorrow} 上午 9:00–12:00`).waitFor();
    await shot(buyer, 'deal-3-pickup');
    await buyer.setViewportSize({ width: 390, height: 844 });
    await buyer.reload();
    await buyer.getByTestId('pickup-card').waitFor();
    expect(await buyer.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await shot(buyer, 'deal-3-pickup-390');
    await buyer.setViewportSize({ width: 1366, height: 900 });
  });

  it('the seller confirms the handover and sees the payout; the buyer sees 待过户', async () => {
    const { context, page } = await newPage();
    await page.goto('/login?type=2&redirect=%2Fhome');
    await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
    await ssoSignIn(page, 'lixiaomei');
    await page.getByTestId('greeting').waitFor();
    await page.goto(`/detailInfo/${lotId}`);
    const section = page.getByTestId('seller-deal');
    expect(await section.innerText()).toMatch(/待提车[\s\S]*13900139000/);
    await section.getByRole('button', { name: '确认交车' }).click();
    const dialog = page.getByRole('dialog', { name: '确认交车' });
    await dialog.getByRole('spinbutton').fill('42000');
    await dialog.getByRole('button', { name: '确认已交车' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await section.getByText('待过户').first().waitFor();
    // The order's own title moves with it, without a reload.
    await page.locator('.order-detail-title').getByText('待过户').waitFor({ timeout: 5_000 });
    // Paid in full and handed over: the unit's payout (30,000 less its fee) goes out.
    const settled = page.getByTestId('seller-settlement');
    await settled.getByText('成交结算款').waitFor();
    await shot(page, 'deal-seller-detailinfo');
    await page.goto('/personalCenter/payoutStatement');
    await page.locator('.seller-statement tr', { hasText: lotTitle }).waitFor();
    await shot(page, 'deal-seller-statement');
    await context.close();

    await buyer.reload();
    await buyer.locator('.order-detail-title').getByText('待过户').waitFor();
    await shot(buyer, 'deal-4-transfer');
  });

  it('an operator finds the deal in the console and opens it', async () => {
    const { context, page } = await newPage();
    await page.goto('/console/');
    await page.getByRole('link', { name: '统一认证登录' }).click();
    await ssoSignIn(page, 'caiwu');
    await page.getByRole('menuitem', { name: '成交管理' }).click();
    const row = page.locator('.ant-table-row', { hasText: lotId });
    await row.getByText('待过户').waitFor();
    await shot(page, 'deal-console-deals');
    await row.click();
    const drawer = page.getByTestId('deal-drawer');
    await drawer.getByText('叁万元整', { exact: false }).waitFor();
    expect(await drawer.innerText()).toMatch(/42,000 公里/);
    // The drawer slides in: the picture waits until it stands still (its left edge stops moving).
    let left = -1;
    await expect
      .poll(async () => {
        const x = (await drawer.boundingBox())?.x ?? -1;
        const still = x === left;
        left = x;
        return still;
      })
      .toBe(true);
    await shot(page, 'deal-console-drawer', false);
    await page.keyboard.press('Escape');
    for (const [menu, name] of [
      ['结算打款', 'deal-console-payouts'],
      ['支付与退款', 'deal-console-payments'],
    ] as const) {
      await page.getByRole('menuitem', { name: menu }).click();
      await page.locator('.console-header h1').getByText(menu).waitFor();
      await page.locator('.ant-table-row', { hasText: lotId }).first().waitFor();
      await page.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
      await shot(page, name);
    }
    await context.close();
  });
});
