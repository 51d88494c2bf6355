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

/** Logs the demo buyer in with the password. */
export async function loginDemoBuyer(page: Page): Promise<void> {
  await page.goto('/login?redirect=%2Fhome');
  await page.getByLabel('手机号').fill('13800138000');
  await page.getByLabel('密码', { exact: true }).fill('Chepai2026');
  await page.getByRole('button', { name: '登 录' }).click();
  await page.waitForURL('**/home');
}

/** Signs in at the embedded identity provider (sellers and operators alike) and consents. */
export async function ssoSignIn(page: Page, username: string): Promise<void> {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill('Chepai2026');
  await page.getByRole('button', { name: '登录' }).click();
  await page.getByRole('button', { name: '同意并继续' }).click();
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
