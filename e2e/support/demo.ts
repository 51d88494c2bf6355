import type { Page } from 'playwright-core';

// The demo data's ids and logins, shared by the tests that visit every page (a11y, phone).

interface Envelope<T> {
  data: T;
}
/** `data` of an API answer, as the given session (token) if any. */
export async function apiData<T>(
  baseURL: string,
  url: string,
  init: RequestInit = {},
  token?: string,
): Promise<T> {
  const res = await fetch(baseURL + url, {
    ...init,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
  });
  return ((await res.json()) as Envelope<T>).data;
}

export const tokenOf = (page: Page) =>
  page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { token?: string }).token ?? '');

/** A running lot, an announcement and a support article of the demo data. */
export async function publicIds(baseURL: string) {
  const lots = await apiData<{ list: Array<{ orderId: string }> }>(
    baseURL,
    '/api/mall-search/search/auc_order/search',
    {
      method: 'POST',
      body: JSON.stringify({ pageNum: 1, pageSize: 1, filters: { statusList: [3] } }),
    },
  );
  const notices = await apiData<{ list: Array<{ id: string }> }>(
    baseURL,
    '/api/mall-auction/home/announcement/list?pageNum=1&pageSize=1',
  );
  const support = await apiData<Record<string, Array<{ id: string }>>>(
    baseURL,
    '/api/mall-auction/home/support/list',
  );
  return {
    lot: lots.list[0]?.orderId ?? '',
    notice: notices.list[0]?.id ?? '',
    article: Object.values(support).flat()[0]?.id ?? '',
  };
}

/** Logs a demo buyer in with the password (13800138000 张伟, 13900139000 李娜). */
export async function loginBuyer(page: Page, tel: string): Promise<void> {
  await page.goto('/login?redirect=%2Fhome');
  await page.getByLabel('手机号').fill(tel);
  await page.getByLabel('密码', { exact: true }).fill('Chepai2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL('**/home');
}

/** Logs the demo buyer in with the password. */
export const loginDemoBuyer = (page: Page) => loginBuyer(page, '13800138000');

/** Signs in at the embedded identity provider (sellers and operators alike) and consents. */
export async function ssoSignIn(page: Page, username: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('Chepai2026');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: '同意并继续' }).click();
}

/** A demo seller signs in at the mall through single sign-on (李晓梅 `lixiaomei` acts for one unit). */
export async function sellerSignIn(page: Page, username: string): Promise<void> {
  await page.goto('/login?type=2&redirect=%2Fhome');
  await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
  await ssoSignIn(page, username);
  await page.getByTestId('greeting').waitFor();
}

/** A demo operator signs in at the console (shenhe reviewer, caiwu and fuhe finance, yunying admin). */
export async function consoleSignIn(page: Page, username: string): Promise<void> {
  await page.goto('/console/');
  await page.getByRole('link', { name: '统一认证登录' }).click();
  await ssoSignIn(page, username);
  await page.locator('.console-header h1').waitFor();
}

/** Logs in the demo seller whose unit has orders (陈强, one unit) through single sign-on; resolves to one of its orders. */
export async function loginDemoSeller(page: Page, baseURL: string): Promise<string> {
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login?type=2');
  await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
  await ssoSignIn(page, 'chenqiang');
  await page.getByTestId('greeting').waitFor();
  const orders = await apiData<{ list: Array<{ orderId: string }> }>(
    baseURL,
    '/api/mall-auction/user/order/list',
    { method: 'POST', body: JSON.stringify({ pageNum: 1, pageSize: 1 }) },
    await tokenOf(page),
  );
  return orders.list[0]?.orderId ?? '';
}
