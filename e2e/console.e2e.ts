import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';
import { consoleSignIn, ssoSignIn } from './support/demo';

/** The addresses of the reviewer's menu, as it is listed below. */
const REVIEWER_PAGES = [
  'review',
  'monitor',
  'calendar',
  'templates',
  'units',
  'deals',
  'contracts',
  'defaults',
  'audit',
  'deliveries',
];
/** How much wider than the screen the page is. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const LOADED = ['.ant-table', '.ant-picker-calendar', '.ant-form', '.ant-empty', '.ant-card']
  .map((c) => `.console-content ${c}`)
  .join(', ');
/** The console's pages at these addresses that are wider than the screen, once loaded. */
async function widerThanScreen(page: Page, paths: string[]): Promise<string[]> {
  const wide: string[] = [];
  for (const path of paths) {
    await page.goto(`/console/${path}`);
    // Its list, calendar or form, with its data in (no spinner left).
    await page.locator(LOADED).first().waitFor();
    await page.locator('.console-content .ant-spin-spinning').waitFor({ state: 'detached' });
    if ((await overflow(page)) > 0) wide.push(path);
  }
  return wide;
}

let e: E2E;
beforeAll(async () => {
  e = await openBrowser();
  await e.page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(() => e.close());

describe('the operators’ console', () => {
  it('signs a reviewer in through single sign-on', async () => {
    const { page } = e;
    await page.goto('/console/');
    await page.getByRole('link', { name: '统一认证登录' }).click();
    await ssoSignIn(page, 'shenhe');
    await page.waitForURL(/\/console\/$/);
    await page.getByText('孙审核（审核员）').waitFor();
    // A reviewer's menu: review, monitor, units, deals, paper contracts, defaults, audit.
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      '审核队列',
      '拍品监控',
      '场次日历',
      '场次模板',
      '处置单位',
      '成交管理',
      '签署件审核',
      '违约与禁拍',
      '审计日志',
      '消息投递',
    ]);
    await shot(page, 'console-queue-1440');
  });

  it('approves a submission with a schedule; the lot is public and the audit log has it', async () => {
    const { page } = e;
    const row = page.locator('.ant-table-row').filter({ hasText: '帕萨特' });
    await row.click();
    await page.locator('.console-photos img').first().waitFor();
    await page.getByText('车架号校验位正确').waitFor();
    await page.getByText('照片8张，角度齐全').waitFor();
    await shot(page, 'console-review-1440', false);
    const title = (await page.locator('.ant-drawer-title').innerText()).trim();
    const orderId = /（(\d+)）$/.exec(title)?.[1] ?? '';
    expect(orderId).not.toBe('');
    await page.getByRole('button', { name: '通过并排期' }).click();
    await page.getByText('已通过审核并排期').waitFor();

    const res = await fetch(`${e.baseURL}/api/mall-auction/home/detail/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    const lot = (await res.json()) as { data: { status: number; photos: unknown[] } };
    expect(lot.data.status).toBe(0);
    expect(lot.data.photos).toHaveLength(8);

    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.locator('.ant-table-row').filter({ hasText: orderId }).getByText('审核通过并排期').waitFor();
    await shot(page, 'console-audit-1440');
  });

  it('lists the disposal units; only finance may open an account’s history', async () => {
    const { page } = e;
    await page.getByRole('menuitem', { name: '处置单位' }).click();
    await page.locator('.ant-table-row').filter({ hasText: '苏州市公务用车服务中心' }).waitFor();
    expect(await page.getByRole('button', { name: '变更记录' }).count()).toBe(0);
    await shot(page, 'console-units-1440');
    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.locator('.ant-table-row').first().waitFor();
  });

  it('gives each page an address: a reload or a shared link opens the same page', async () => {
    const { page } = e;
    await page.getByRole('menuitem', { name: '处置单位' }).click();
    await page.waitForURL('**/console/units');
    await page.reload();
    await page.locator('.ant-table-row').filter({ hasText: '苏州市公务用车服务中心' }).waitFor();
    expect(await page.locator('.console-header h1').innerText()).toBe('处置单位');
    await page.goto('/console/audit');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.console-header h1').innerText()).toBe('审计日志');
    // An address the reviewer's roles do not open lands on the first page they may open.
    await page.goto('/console/nowhere');
    await page.waitForURL('**/console/review');
  });

  it('fits a phone: no page of the reviewer’s menu is wider than the screen', async () => {
    const { page } = e;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(300);
    expect(await overflow(page)).toBe(0);
    await shot(page, 'console-audit-390');
    // 成交管理's row of stages is wider than a phone: it scrolls on its own, the page does not.
    expect(await widerThanScreen(page, REVIEWER_PAGES)).toEqual([]);
    await page.goto('/console/deals');
    const stages = page.locator('.console-status-filter');
    expect(await stages.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  });

  it('fits a phone for finance too: 结算打款 and 发票管理 with their rows of statuses', async () => {
    const finance = await openBrowser();
    try {
      const { page } = finance;
      await page.setViewportSize({ width: 390, height: 844 });
      await consoleSignIn(page, 'caiwu');
      expect(await widerThanScreen(page, ['payments', 'payouts', 'invoices', 'reconciliation'])).toEqual([]);
    } finally {
      await finance.close();
    }
  });
});

describe('a scheduler’s hand on a running lot', () => {
  it('pauses it: a visitor watching the lot sees bidding stop, then resume, live', async () => {
    const staff = await openBrowser();
    const visitor = await openBrowser();
    try {
      const { page } = staff;
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/console/');
      await page.getByRole('link', { name: '统一认证登录' }).click();
      await ssoSignIn(page, 'paiqi');
      await page.getByText('吴排期（排期员）').waitFor();
      await page.getByRole('menuitem', { name: '拍品监控' }).click();
      const pauseButton = { name: /暂\s*停/ };
      const rows = page.locator('.ant-table-row').filter({ has: page.getByRole('button', pauseButton) });
      await rows.first().waitFor();
      // The monitor lists the soonest end first, and other suites' lots end within seconds:
      // take the one on the page that ends last (at least a minute away), so it cannot close
      // before the pause lands; paused, it does not close at all.
      // Demo lots may share a title: the row's key (its orderId) names the one lot.
      const candidates = await rows.evaluateAll((trs) =>
        trs.map((tr) => ({
          key: tr.getAttribute('data-row-key') ?? '',
          // 'YYYY-MM-DD HH:mm:ss', Beijing time.
          end: Date.parse(`${(tr.children[6]?.textContent ?? '').replace(' ', 'T')}+08:00`),
        })),
      );
      const latest = candidates.reduce((a, b) => (b.end > a.end ? b : a));
      const orderId = latest.end > Date.now() + 60_000 ? latest.key : '';
      expect(orderId, JSON.stringify(candidates)).not.toBe('');
      // The visitor opens that lot first and watches it.
      await visitor.page.goto(`/carAuction/carAuctionDetail/${orderId}`);
      await visitor.page.locator('.gallery-main img').waitFor();
      expect(await visitor.page.getByTestId('paused-notice').count()).toBe(0);

      const target = page.locator(`.ant-table-row[data-row-key="${orderId}"]`);
      await target.getByRole('button', pauseButton).click();
      await page
        .getByRole('dialog')
        .getByPlaceholder(/暂停原因/)
        .fill('处置单位反映里程数有误，核实中');
      await page.getByRole('dialog').getByRole('button', { name: '确认暂停' }).click();
      await target.getByText('已暂停').waitFor();
      await visitor.page.getByTestId('paused-notice').waitFor();
      await visitor.page.getByText('平台已暂停竞价：处置单位反映里程数有误，核实中').waitFor();
      await shot(page, 'console-monitor-paused-1440', false);

      await target.getByRole('button', { name: /恢\s*复/ }).click();
      await page
        .getByRole('dialog')
        .getByPlaceholder(/恢复说明/)
        .fill('核实完毕，里程无误');
      await page.getByRole('dialog').getByRole('button', { name: '确认恢复' }).click();
      await visitor.page.getByTestId('paused-notice').waitFor({ state: 'detached' });
      await page.getByRole('menuitem', { name: '审计日志' }).click();
      await page.locator('.ant-table-row').filter({ hasText: orderId }).first().waitFor();

      // A session template, then the calendar of sessions.
      await page.getByRole('menuitem', { name: '场次模板' }).click();
      await page.getByRole('button', { name: '新建场次模板' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('模板名称').fill('周三周五加场');
      await dialog.getByRole('checkbox', { name: '周五' }).check();
      await dialog.getByRole('button', { name: /保\s*存/ }).click();
      const templateRow = page.locator('.ant-table-row').filter({ hasText: '周三周五加场' });
      await templateRow.getByText('周三、周五').waitFor();
      await shot(page, 'console-templates-1440', false);
      await page.getByRole('menuitem', { name: '场次日历' }).click();
      await page.locator('.console-calendar-cell li').first().click();
      await page
        .locator('.console-calendar-day')
        .getByText(/开拍 · \d+ 辆/)
        .first()
        .waitFor();
      await shot(page, 'console-calendar-1440', false);
    } finally {
      await Promise.all([staff.close(), visitor.close()]);
    }
  });
});
