import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEEP_SHOTS, openBrowser, shot, type E2E } from './support/browser';

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
  await e.page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(() => e.close());

const SHOTS = process.env.SELLER_SHOTS_DIR;
/** Each seller screen at 1440 and 390 px (kept with the other e2e screenshots). */
async function both(page: Page, name: string, fullPage = true) {
  await shot(page, `${name}-1440`, fullPage);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  // Nothing wider than the phone: no sideways scrolling on any seller screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${name} at 390 px`).toBe(0);
  await shot(page, `${name}-390`, fullPage);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForTimeout(200);
  if (SHOTS && KEEP_SHOTS) {
    fs.mkdirSync(SHOTS, { recursive: true });
    for (const w of ['1440', '390'])
      fs.copyFileSync(
        path.resolve(import.meta.dirname, 'screenshots', `${name}-${w}.png`),
        path.join(SHOTS, `${name}-${w}.png`),
      );
  }
}

async function latestCode(to: string, purpose: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${e.baseURL}/api/dev/sms-outbox?tel=${to}`);
    const body = (await res.json()) as { data: Array<{ code: string; purpose: string }> };
    const hit = body.data.find((m) => m.purpose === purpose);
    if (hit) return hit.code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no ${purpose} code for ${to}`);
}

const greeting = (page: Page) => page.getByTestId('greeting');

describe('a disposal unit signs in through single sign-on', () => {
  it('goes from 我要处置车辆 to the seller tab and the provider’s login page', async () => {
    const { page } = e;
    await page.goto('/home');
    await page.getByRole('button', { name: '我要处置车辆' }).click();
    // The notice is its own chunk: it is there before its button is.
    await page.getByRole('dialog', { name: '处置车辆须知' }).waitFor();
    await page.getByRole('button', { name: '处置单位登录' }).click();
    await page.waitForURL(/\/login\?type=2/);
    await page.getByRole('button', { name: '处置单位统一认证登录' }).waitFor();
    await both(page, 'seller-login-tab');
    await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
    await page.waitForURL(/\/oidc\/interaction\//);
    await page.getByRole('heading', { name: '处置单位统一认证登录' }).waitFor();
    await both(page, 'sso-login-page');
  });

  it('logs in at the provider, consents, and chooses one of two units', async () => {
    const { page } = e;
    await page.locator('input[name="username"]').fill('wangjianlin');
    await page.locator('input[name="password"]').fill('Wrong2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('alert').getByText('用户名或密码错误').waitFor();
    await page.locator('input[name="password"]').fill('Chepai2026');
    await page.getByRole('button', { name: '登录' }).click();
    await page.getByRole('button', { name: '同意并继续' }).waitFor();
    await both(page, 'sso-consent-page');
    await page.getByRole('button', { name: '同意并继续' }).click();
    // Back at the mall: the code is exchanged, the seller goes where they were heading.
    await page.waitForURL(/\/disposeCar$/);
    const chooser = page.getByTestId('unit-dialog-choose');
    await chooser.waitFor();
    expect(await chooser.locator('.unit-item').count()).toBe(2);
    await both(page, 'unit-dialog-choose', false);
    await chooser.getByText('申城融资租赁有限公司').click();
    await expect.poll(() => greeting(page).innerText()).toContain('王建林（申城融资租赁有限公司）');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { role?: string },
    );
    expect(stored.role).toBe('seller');
  });

  it('switches unit through 切换账号', async () => {
    const { page } = e;
    await greeting(page).hover();
    await page.getByRole('menuitem', { name: '切换账号' }).click();
    const dialog = page.getByTestId('unit-dialog-switch');
    await dialog.waitFor();
    await expect
      .poll(() => dialog.locator('.unit-item.current').innerText())
      .toContain('申城融资租赁有限公司');
    await dialog.getByText('当前登录').waitFor();
    await both(page, 'unit-dialog-switch', false);
    await dialog.getByText('苏州市公务用车服务中心').click();
    await expect.poll(() => greeting(page).innerText()).toContain('王建林（苏州市公务用车服务中心）');
  });

  it('a `?token=` link for a seller keeps the seller’s name and current unit', async () => {
    const { page } = e;
    const token = await page.evaluate(
      () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '',
    );
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/home?token=${encodeURIComponent(token)}`);
    await expect.poll(() => greeting(page).innerText()).toContain('王建林（苏州市公务用车服务中心）');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { role?: string; sellerName?: string },
    );
    expect(stored).toMatchObject({ role: 'seller', sellerName: '王建林' });
  });

  it('opens the personal centre at 拍卖订单 and shows each seller page', async () => {
    const { page } = e;
    await page.goto('/personalCenter');
    await page.waitForURL(/\/personalCenter\/auctionOrder$/);
    // The unit's orders (the demo data holds one waiting for review) or the empty state.
    await page.locator('.order-card, .seller-empty').first().waitFor();
    await both(page, 'seller-auction-order');
    await page.goto('/personalCenter/personalInformation');
    await page.getByTestId('seller-info').getByText('苏州市公务用车服务中心').first().waitFor();
    await both(page, 'seller-personal-information');
    await page.goto('/personalCenter/securitySettings');
    await page.getByTestId('active-sessions').getByText('当前设备').waitFor();
    // The device label comes from the browser's User-Agent (headless Chromium on Linux).
    expect(await page.getByTestId('session-device').first().textContent()).toMatch(/^Chrome · Linux/);
    await both(page, 'seller-security-settings');
    await page.goto('/personalCenter/invoiceInformation');
    await page.getByTestId('seller-invoice-form').waitFor();
    await page.getByLabel('统一社会信用代码').fill('12320500466290718B');
    await page.getByText('统一社会信用代码校验位不正确，请核对后重新输入').waitFor();
    await both(page, 'seller-invoice-information');
    // Buyer-only pages are not there for a seller.
    await page.goto('/personalCenter/dealCar');
    await page.waitForURL(/\/404$/);
  });

  it('fills in collection information with an SMS code', async () => {
    const { page } = e;
    await page.goto('/personalCenter/collectionInformation');
    // The demo unit starts with a verified account (the demo seed records one), shown masked.
    const current = page.getByTestId('collection-account');
    await current.getByText('中国建设银行').waitFor();
    await current.getByText('**** **** **** 0316').waitFor();
    await page.getByRole('button', { name: '修改收款信息' }).click();
    const form = page.getByTestId('collection-form');
    await form.waitFor();
    expect(await page.getByLabel('账户名称').inputValue()).toBe('苏州市公务用车服务中心');
    await page.getByLabel('开户银行').fill('中国建设银行');
    await page.getByLabel('开户支行').fill('中国建设银行苏州分行营业部');
    await page.getByLabel('银行账号').fill('6227001234567890123');
    await page.getByLabel('联行号').fill('10530500001');
    await page.getByText('联行号应为12位数字').waitFor();
    await page.getByLabel('联行号').fill('105305000018');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
    await page.getByPlaceholder('请输入6位验证码').fill(await latestCode('13700137001', 'sellerCollection'));
    await both(page, 'seller-collection-form');
    await page.getByRole('button', { name: '保存' }).click();
    const saved = page.getByTestId('collection-account');
    await saved.waitFor();
    await saved.getByText('**** **** **** 0123').waitFor();
    await page.getByRole('row').nth(1).getByText('王建林').waitFor();
    await both(page, 'seller-collection-information');
  });

  it('logs out of the mall and of the identity provider', async () => {
    const { page } = e;
    await greeting(page).hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.waitForURL(/\/oidc\/session\/end/);
    await page.getByRole('button', { name: '确认退出' }).click();
    await page.waitForURL(/\/home$/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto(`/api/mall-auction/user/seller/login/start?redirect=%2Fhome`);
    await page.locator('input[name="password"]').waitFor();
  });
});
