import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, still, type E2E } from './support/browser';
import { loginDemoBuyer, loginDemoSeller, publicIds } from './support/demo';

// Every kind of page at 390 px (an iPhone 12–15): nothing wider than the screen, no word of the page
// broken into a column of single characters, and a full-page screenshot `phone-<name>.png` to look at.
let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
  await e.page.setViewportSize({ width: 390, height: 844 });
});
afterAll(() => e.close());

const ids = { lot: '', order: '' };
const fill = (url: string) => url.replace(/:(lot|order)\b/, (_, k: keyof typeof ids) => ids[k]);

/** Text nodes of the page laid out one character per line (a column too narrow for its text). */
const brokenTexts = (page: Page) =>
  page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const el = node.parentElement;
      if ([...text].length < 4 || !el || el.closest('[aria-hidden="true"], .ant-select-dropdown')) continue;
      range.selectNodeContents(node);
      const rects = Array.from(range.getClientRects() as ArrayLike<DOMRect>).filter((r) => r.width > 0);
      if (rects.length >= [...text].length - 1 && rects.length >= 4) found.push(text.slice(0, 30));
    }
    return found;
  });

async function check(page: Page, name: string, url: string) {
  await page.goto(fill(url));
  await page.waitForLoadState('networkidle');
  await still(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, `${url}: wider than the screen by ${overflow}px`).toBeLessThanOrEqual(0);
  expect(await brokenTexts(page), `${url}: text one character per line`).toEqual([]);
  await shot(page, `phone-${name}`);
}

describe('every page at 390 px', () => {
  beforeAll(async () => {
    ids.lot = (await publicIds(e.baseURL)).lot;
  });

  it.each([
    ['home', '/home'],
    ['search', `/searchHall?keyword=${encodeURIComponent('宝马')}`],
    ['auction-hall', '/auctionHall'],
    ['result-hall', '/resultHall'],
    ['lot', '/carAuction/carAuctionDetail/:lot'],
    ['compare', '/carCompare'],
    ['calculator', '/carCalculator'],
    ['registration', '/buyerRegistration'],
    ['find-password', '/findPassword'],
    ['login', '/login'],
    ['login-seller', '/login?type=2'],
    ['announcements', '/announcement/list'],
    ['support', '/footerSupport/zhiNan'],
  ])('public: %s', async (name, url) => {
    await check(e.page, name, url);
  });

  describe('the demo buyer', () => {
    // The demo buyer has no won lot: bidding.e2e.ts wins one and checks its deal page at 390 px.
    beforeAll(async () => {
      await loginDemoBuyer(e.page);
    });

    it.each([
      ['buyer-deal-car', '/personalCenter/dealCar'],
      ['buyer-price-record', '/personalCenter/priceRecord'],
      ['buyer-deposits', '/promiseMoneyReport'],
      ['buyer-deposit-lot', '/promiseMoneyReport/:lot'],
      ['buyer-messages', '/personalCenter/messages'],
      ['buyer-information', '/personalCenter/personalInformation'],
      ['buyer-security', '/personalCenter/securitySettings'],
      ['buyer-invoice', '/personalCenter/invoiceInformation'],
    ])('%s', async (name, url) => {
      await check(e.page, name, url);
    });
  });

  describe('the demo seller', () => {
    beforeAll(async () => {
      ids.order = await loginDemoSeller(e.page, e.baseURL);
    });

    it.each([
      ['seller-dispose', '/disposeCar'],
      ['seller-orders', '/personalCenter/auctionOrder'],
      ['seller-order', '/detailInfo/:order'],
      ['seller-collection', '/personalCenter/collectionInformation'],
      ['seller-information', '/personalCenter/personalInformation'],
      ['seller-security', '/personalCenter/securitySettings'],
      ['seller-invoice', '/personalCenter/invoiceInformation'],
    ])('%s', async (name, url) => {
      expect(ids.order).not.toBe('');
      await check(e.page, name, url);
    });
  });
});
