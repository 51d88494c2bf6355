import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type E2E } from './support/browser';

// axe-core (WCAG 2.1 A/AA and best practices) on every public page and every buyer page; any
// serious or critical violation fails, listed with the page and the offending elements.
let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
});
afterAll(() => e.close());

interface Envelope<T> {
  data: T;
}
async function api<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(e.baseURL + url, {
    ...init,
    headers: { 'content-type': 'application/json' },
  });
  return ((await res.json()) as Envelope<T>).data;
}

async function violations(page: Page, url: string): Promise<string[]> {
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  // Let entrance animations (antd motion) settle so colours are measured at rest.
  await page.waitForTimeout(400);
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${url} ${v.impact} ${v.id}: ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.html.slice(0, 160)}\n      ${n.failureSummary?.split('\n')[1]?.trim() ?? ''}`)
          .join('\n'),
    );
}

const ids = { lot: '', notice: '', article: '' };
const PUBLIC = [
  '/home',
  `/searchHall?keyword=${encodeURIComponent('宝马')}`,
  '/foreshowHall',
  '/applyHall',
  '/auctionHall',
  '/resultHall',
  '/carAuction/carAuctionDetail/:lot',
  '/carCompare',
  '/carCalculator',
  '/announcement/list',
  '/announcement/details/:notice',
  '/footerSupport/zhiNan',
  '/supportDetail/:article',
  '/buyerRegistration',
  '/findPassword',
  '/login',
  '/404',
  '/tokenExpiration',
];
const BUYER = [
  '/promiseMoneyReport/:lot',
  '/promiseMoneyReport',
  '/personalCenter/dealCar',
  '/personalCenter/priceRecord',
  '/personalCenter/personalInformation',
  '/personalCenter/securitySettings',
  '/personalCenter/invoiceInformation',
];
const fill = (url: string) => url.replace(/:(lot|notice|article)\b/, (_, k: keyof typeof ids) => ids[k]);

describe('accessibility (axe-core): no serious or critical violation', () => {
  beforeAll(async () => {
    const lots = await api<{ list: Array<{ orderId: string }> }>('/api/mall-search/search/auc_order/search', {
      method: 'POST',
      body: JSON.stringify({ pageNum: 1, pageSize: 1, filters: { statusList: [3] } }),
    });
    const notices = await api<{ list: Array<{ id: string }> }>(
      '/api/mall-auction/home/announcement/list?pageNum=1&pageSize=1',
    );
    const support = await api<Record<string, Array<{ id: string }>>>('/api/mall-auction/home/support/list');
    ids.lot = lots.list[0]?.orderId ?? '';
    ids.notice = notices.list[0]?.id ?? '';
    ids.article = Object.values(support).flat()[0]?.id ?? '';
    expect(Object.values(ids)).not.toContain('');
  });

  it.each(PUBLIC)('public page %s', async (url) => {
    const found = await violations(e.page, fill(url));
    expect(found, found.join('\n')).toEqual([]);
  });

  describe('as the demo buyer', () => {
    beforeAll(async () => {
      const { page } = e;
      await page.goto('/login?redirect=%2Fhome');
      await page.getByLabel('手机号').fill('13800138000');
      await page.getByLabel('密码', { exact: true }).fill('Chepai2026');
      await page.getByRole('button', { name: '登 录' }).click();
      await page.waitForURL('**/home');
    });

    it.each(['/home', ...BUYER])('buyer page %s', async (url) => {
      const found = await violations(e.page, fill(url));
      expect(found, found.join('\n')).toEqual([]);
    });
  });
});
