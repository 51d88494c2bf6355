import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
});
afterAll(() => e.close());

describe('web shell', () => {
  it('redirects / to /home and shows header, service line and footer with seeded articles', async () => {
    const { page } = e;
    await page.goto('/');
    await page.waitForURL('**/home');
    await expect.poll(() => page.title()).toBe('首页 - 车拍商城');
    await page.getByText('客服热线').first().waitFor();
    expect(await page.locator('.topbar').innerText()).toContain('8:30-12:00');
    const footer = page.getByTestId('site-footer');
    await footer.getByRole('link', { name: '新手竞拍全流程：从注册到提车' }).waitFor();
    for (const heading of ['购车指南', '帮助中心', '关于我们']) {
      await footer.getByRole('heading', { name: heading }).waitFor();
    }
    expect(await footer.locator('li').count()).toBeGreaterThanOrEqual(9);
    await shot(page, 'home');
  });

  it('suggests hot keywords and searches on Enter and on a suggestion', async () => {
    const { page } = e;
    await page.goto('/home');
    const box = page.getByRole('combobox', { name: '搜索车辆' });
    await box.click();
    const options = page.getByRole('listbox', { name: '热门搜索建议' }).getByRole('option');
    await options.first().waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await options.count()).toBeLessThanOrEqual(6);
    const word = (await options.first().innerText()).trim();
    await options.first().click();
    await page.waitForURL(`**/searchHall?keyword=${encodeURIComponent(word)}`);

    // The keyboard: arrow down marks the first suggestion, Enter searches it, Escape closes the list.
    await page.goto('/home');
    await box.click();
    await options.first().waitFor();
    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    await box.press('ArrowDown');
    expect(await options.first().getAttribute('aria-selected')).toBe('true');
    const first = (await options.first().innerText()).trim();
    await box.press('Enter');
    await page.waitForURL(`**/searchHall?keyword=${encodeURIComponent(first)}`);

    await page.goto('/home');
    await box.fill('宝马');
    await box.press('Enter');
    await page.waitForURL(`**/searchHall?keyword=${encodeURIComponent('宝马')}`);
    expect(new URL(page.url()).searchParams.get('keyword')).toBe('宝马');
  });

  it('sends unknown paths to /404', async () => {
    const { page } = e;
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await page.getByText('抱歉，您访问的页面不存在或已被移除。').waitFor();
    expect(await page.title()).toBe('页面不存在 - 车拍商城');
    await shot(page, '404');
  });

  it('sends a logged-out visit to a seller page to the seller tab of the login page', async () => {
    const { page } = e;
    await page.goto('/disposeCar');
    await page.waitForURL((u) => u.pathname === '/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('type')).toBe('2');
    expect(url.searchParams.get('redirect')).toBe('/disposeCar');
    await page.getByText('处置单位登录').first().waitFor();
  });

  it('shows the 当前位置 breadcrumb on a support article', async () => {
    const { page } = e;
    await page.goto('/footerSupport/bangZhu');
    await page.locator('.article-list a').first().click();
    await page.waitForURL('**/supportDetail/**');
    const crumbs = page.getByRole('navigation', { name: '当前位置' });
    await crumbs.getByRole('link', { name: '帮助中心' }).waitFor();
    const text = await crumbs.innerText();
    expect(text).toMatch(/^当前位置：首页\s*>\s*帮助中心\s*>/);
    const title = await page.locator('.article-title').innerText();
    expect(await crumbs.locator('[aria-current="page"]').innerText()).toBe(title);
    expect(await crumbs.getByRole('link').count()).toBe(2);
    await shot(page, 'support-article');
  });

  it('shows the announcement list and a detail page', async () => {
    const { page } = e;
    await page.goto('/announcement/list');
    await page.locator('.announcement-list li').first().waitFor();
    expect(await page.locator('.announcement-list li').count()).toBe(10);
    await shot(page, 'announcement-list');
    await page.locator('.announcement-list li a').nth(2).click();
    await page.waitForURL('**/announcement/details/**');
    await page.locator('.rich-text p').first().waitFor();
    await shot(page, 'announcement-detail');
  });

  it('hides the footer on the comparison route', async () => {
    const { page } = e;
    await page.goto('/carCompare');
    await page.locator('.site-header').waitFor();
    await page.waitForTimeout(300);
    expect(await page.getByTestId('site-footer').count()).toBe(0);
    await page.goto('/carCalculator');
    await page.getByTestId('site-footer').waitFor();
  });

  it('shows the progress bar during navigation', async () => {
    const { page } = e;
    await page.goto('/home');
    await page.getByTestId('site-footer').waitFor();
    const appeared = page.waitForSelector('#nprogress', { state: 'attached', timeout: 5000 });
    await page.locator('.site-nav').getByRole('link', { name: '平台公告' }).click();
    await appeared;
    await page.waitForURL('**/announcement/list');
    await page.waitForSelector('#nprogress', { state: 'detached', timeout: 5000 });
  });

  it('re-enters a path through /redirect/{path}', async () => {
    const { page } = e;
    await page.goto('/redirect/footerSupport/woMen');
    await page.waitForURL('**/footerSupport/woMen');
    await page.locator('.article-list a').first().waitFor();
    expect(await page.title()).toBe('关于我们 - 车拍商城');
  });

  it('sends a bad token in the URL to /tokenExpiration', async () => {
    const { page } = e;
    await page.goto('/home?token=not-a-real-token');
    await page.waitForURL('**/tokenExpiration');
    await page.getByText('登录凭证已失效').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await shot(page, 'token-expiration');
  });
});
