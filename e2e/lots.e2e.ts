import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
});
afterAll(() => e.close());

const HALLS = [
  ['foreshowHall', '预告大厅', ['预告中']],
  ['applyHall', '报名大厅', ['报名中']],
  ['auctionHall', '竞价大厅', ['竞价中', '延时竞价']],
  ['resultHall', '结果公示', ['已成交', '已流拍']],
] as const;

describe('lots in the browser', () => {
  it('shows the home page with hall sections, counts, chart and hot keywords', async () => {
    const { page } = e;
    await page.goto('/home');
    for (const [hall, title] of HALLS) {
      const section = page.locator(`section[data-hall="${hall}"]`);
      await section.locator('.lot-card').first().waitFor();
      expect(await section.locator('.lot-card').count()).toBe(4);
      expect(await section.locator('.panel-title').innerText()).toMatch(new RegExp(`${title}\\s*\\d+ 辆`));
      expect(await section.getByRole('link', { name: '更多 >' }).getAttribute('href')).toBe(`/${hall}`);
    }
    await page.locator('.stat-chart canvas').waitFor();
    expect(await page.locator('.hot-words .tag').count()).toBeGreaterThanOrEqual(5);
    // Covers load lazily: scroll past them all, then check every one really decoded.
    for (const y of [800, 1600, 2400, 3200, 4000]) {
      await page.mouse.wheel(0, 800);
      await page.waitForTimeout(150 + y / 100);
    }
    await page.waitForFunction(() =>
      Array.from(document.images)
        .filter((i) => i.closest('.lot-card'))
        .every((i) => i.complete && i.naturalWidth > 0),
    );
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, 'lots-home');
  });

  it.each(HALLS)('%s shows lots of its statuses only', async (hall, title, labels) => {
    const { page } = e;
    await page.goto(`/${hall}`);
    await page.locator('.lot-grid .lot-card').first().waitFor();
    expect(await page.title()).toBe(`${title} - 车拍商城`);
    const badges = await page.locator('.lot-card .lot-card-status').allInnerTexts();
    expect(badges.length).toBe(16);
    expect(badges.every((b) => (labels as readonly string[]).includes(b))).toBe(true);
    expect(Number(await page.getByTestId('lot-total').innerText())).toBeGreaterThan(16);
    await shot(page, `lots-${hall}`, false);
  });

  it('filters a hall from the filter bar and pages through it', async () => {
    const { page } = e;
    await page.goto('/resultHall');
    await page.locator('.lot-grid .lot-card').first().waitFor();
    const before = Number(await page.getByTestId('lot-total').innerText());
    await page.getByRole('group', { name: '燃料' }).getByText('纯电动', { exact: true }).click();
    await page.waitForURL('**/resultHall?fuel=**');
    await expect
      .poll(async () => Number(await page.getByTestId('lot-total').innerText()))
      .toBeLessThan(before);
    await page.locator('.lot-card').first().waitFor();
    const metas = await page.locator('.lot-card-meta').allInnerTexts();
    expect(metas.every((m) => m.includes('纯电动'))).toBe(true);
    await page.goto('/auctionHall?page=2');
    const pager = page.getByRole('navigation', { name: '分页' });
    await pager.locator('[aria-current="page"]').getByText('2').waitFor();
    await pager.getByRole('button', { name: '第 1 页' }).click();
    await page.waitForURL((u) => u.pathname === '/auctionHall' && !u.searchParams.has('page'));
    await pager.locator('[aria-current="page"]').getByText('1').waitFor();
  });

  it('searches from the header, opens a lot and sees its countdown run on server time', async () => {
    const { page } = e;
    await page.goto('/home');
    const box = page.getByRole('combobox', { name: '搜索车辆' });
    await box.fill('byd');
    await box.press('Enter');
    await page.waitForURL('**/searchHall?keyword=byd');
    await expect
      .poll(() => page.locator('.lot-card-title').allInnerTexts())
      .toSatisfy((titles: string[]) => titles.length > 0 && titles.every((t) => t.includes('比亚迪')));
    await shot(page, 'lots-search', false);

    await page.getByRole('group', { name: '状态' }).getByText('竞价中', { exact: true }).click();
    await page.waitForURL('**status=auction**');
    await expect
      .poll(() => page.locator('.lot-card .lot-card-status').allInnerTexts())
      .toSatisfy((b: string[]) => b.length > 0 && b.every((x) => x === '竞价中' || x === '延时竞价'));
    // A lot with at least an hour to go, so its countdown still runs however late this test runs.
    await page
      .locator('.lot-card')
      .filter({ has: page.locator('.lot-card-countdown', { hasText: /^(\d+天 )?(0[1-9]|[1-9]\d):/ }) })
      .first()
      .click();
    await page.waitForURL('**/carAuction/carAuctionDetail/**');
    const clock = page.locator('.panel-countdown');
    await clock.waitFor();
    const first = await clock.innerText();
    expect(first).toMatch(/\d\d:\d\d:\d\d$/);
    // The countdown runs: a later reading differs (polled, so a loaded machine that delays the
    // page's timer by a tick does not fail it; nothing is timed).
    await expect.poll(() => clock.innerText()).not.toBe(first);
    expect(await page.locator('.lot-title').innerText()).toContain('比亚迪');
    await page.locator('.gallery-thumbs img').first().waitFor();
    expect(await page.locator('.gallery-thumbs button').count()).toBe(5);
    // Anonymous: log in first, then come back to this lot (docs/product.md#3-routes).
    const register = page.getByRole('link', { name: /登录后报名/ });
    expect(await register.getAttribute('href')).toMatch(
      /^\/login\?redirect=%2FcarAuction%2FcarAuctionDetail%2F\d+$/,
    );
    await shot(page, 'lots-detail');
  });

  it('shows the bid records of an ended lot and zooms into the gallery', async () => {
    const { page } = e;
    await page.goto('/resultHall?sort=mostBids');
    await page.locator('.lot-card').first().click();
    await page.waitForURL('**/carAuction/carAuctionDetail/**');
    // The bid records load as their section nears the viewport.
    await page.locator('#bids').scrollIntoViewIfNeeded();
    const rows = page.locator('#bids tbody tr:not(.plain-table-placeholder)');
    await rows.first().waitFor();
    const bidCount = Number((await page.locator('#bids .panel-title .muted').innerText()).replace(/\D/g, ''));
    expect(await rows.count()).toBe(Math.min(50, bidCount));
    expect(await rows.first().innerText()).toMatch(/\*+\d{4}/);
    await page.locator('.gallery-main').click();
    await page.locator('.ant-image-preview-img').waitFor();
    await shot(page, 'lots-detail-zoom', false);
    await page.keyboard.press('Escape');
    await page.locator('.ant-image-preview-img').waitFor({ state: 'hidden' });
    await page.waitForTimeout(400);
    await shot(page, 'lots-detail-ended');
  });

  it('fits a 390 px phone: home banner and the lot page vehicle table', async () => {
    const context = await e.browser.newContext({
      baseURL: e.baseURL,
      locale: 'zh-CN',
      reducedMotion: 'reduce',
      timezoneId: 'Asia/Shanghai',
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const noSideScroll = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    /** Characters on the last line of an element's text (one character alone is an orphan). */
    const lastLineChars = (selector: string) =>
      page.locator(selector).evaluate((el) => {
        const text = el.firstChild as Text;
        const range = document.createRange();
        const tops: number[] = [];
        for (let i = 0; i < text.length; i++) {
          range.setStart(text, i);
          range.setEnd(text, i + 1);
          const top = range.getClientRects()[0]?.top;
          if (top !== undefined && text.data[i]?.trim()) tops.push(Math.round(top));
        }
        const last = Math.max(...tops);
        return tops.filter((t) => Math.abs(t - last) < 4).length;
      });

    await page.goto('/home');
    const slide = page.locator('.home-banner .banner-slide.current');
    await slide.locator('h2').waitFor();
    expect(await lastLineChars('.home-banner .banner-slide.current h2')).toBeGreaterThan(1);
    const button = await slide.getByRole('link').boundingBox();
    const dots = await page.locator('.home-banner .banner-dots').boundingBox();
    const banner = await page.locator('.home-banner').boundingBox();
    expect(button && dots && banner).toBeTruthy();
    expect(button!.y + button!.height).toBeLessThanOrEqual(dots!.y);
    expect(button!.y).toBeGreaterThanOrEqual(banner!.y);
    expect(await noSideScroll()).toBe(true);
    await shot(page, 'phone-home', false);

    await page.goto('/auctionHall');
    await page.locator('.lot-card').first().click();
    await page.waitForURL('**/carAuction/carAuctionDetail/**');
    const specs = page.locator('#specs .lot-specs');
    await specs.waitFor();
    // Two label/value pairs a row, each value at least a third of the screen wide.
    const tops = await specs
      .locator('.lot-spec')
      .evaluateAll((items) => items.map((i) => Math.round(i.getBoundingClientRect().top)));
    const perRow = [...new Set(tops)].map((t) => tops.filter((x) => x === t).length);
    expect(Math.max(...perRow)).toBeLessThanOrEqual(2);
    const widths = await specs
      .locator('.lot-spec dd')
      .evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().width));
    expect(Math.min(...widths)).toBeGreaterThan(130);
    expect(await noSideScroll()).toBe(true);
    await shot(page, 'phone-lot-detail');
    await context.close();
  });

  it('shows an empty state for a search with no results', async () => {
    const { page } = e;
    await page.goto(`/searchHall?keyword=${encodeURIComponent('不存在的车型xyz')}`);
    await page.getByText('没有找到与“不存在的车型xyz”相关的车辆').waitFor();
    await page.getByRole('button', { name: '清空筛选条件' }).click();
    await page.locator('.lot-card').first().waitFor();
    await shot(page, 'lots-search-empty-cleared', false);
  });
});
