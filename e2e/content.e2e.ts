import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  fitsWidth,
  inView,
  newVisitorContext,
  openBrowser,
  pageErrors,
  shot,
  shotBoth,
  still,
  type E2E,
} from './support/browser';
import { consoleSignIn } from './support/demo';

// Content in the console (docs/decisions/060-console-content.md): the content editor signs in
// through single sign-on, writes an announcement in the rich-text editor, publishes it, a visitor
// reads it in the mall, and it is withdrawn again. The shared demo server serves files after this
// one: the announcement ends withdrawn, and articles and keywords are only looked at.

const TITLE = '周末看车日安排（端到端测试）';
let e: E2E;
let visitor: Page;
let visitorErrors: string[];
let noticeUrl = '';

const row = (page: Page) => page.locator('.ant-table-row').filter({ hasText: TITLE });
const tableLoaded = (page: Page) => page.locator('.console-content .ant-table-row').first().waitFor();

beforeAll(async () => {
  e = await openBrowser();
  await e.page.setViewportSize({ width: 1440, height: 900 });
  visitor = await (await newVisitorContext(e.browser, e.baseURL, 1440)).newPage();
  visitorErrors = pageErrors(visitor);
});
afterAll(() => e.close());

describe('content in the operators’ console', () => {
  it('signs the content editor in; the menu holds the content pages and the audit log only', async () => {
    const { page } = e;
    await consoleSignIn(page, 'bianji');
    // The editor lands on the first page the role opens.
    await page.waitForURL('**/console/announcements');
    await page.getByText('吴编辑（内容编辑）').waitFor();
    await page.locator('.console-header h1', { hasText: '公告管理' }).waitFor();
    expect(await page.getByRole('menuitem').allInnerTexts()).toEqual([
      '公告管理',
      '帮助文章',
      '热门搜索',
      '审计日志',
    ]);
    await tableLoaded(page);
    expect(await seriousViolations(page, '/console/announcements')).toEqual([]);
    await shotBoth(page, 'console-announcements', () => tableLoaded(page));
  });

  it('writes an announcement with a heading and a list in the editor, previews and saves it', async () => {
    const { page } = e;
    await page.getByRole('button', { name: '新建公告' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByLabel('标题', { exact: true }).fill(TITLE);
    await drawer
      .getByLabel('摘要（列表中标题下的一句话）', { exact: true })
      .fill('本周六上午开放现场看车，请提前预约。');
    const body = drawer.getByRole('textbox', { name: '正文', exact: true });
    await body.click();
    await drawer.getByRole('button', { name: '小标题' }).click();
    await page.keyboard.type('看车安排');
    await page.keyboard.press('Enter');
    await drawer.getByRole('button', { name: '无序列表' }).click();
    await page.keyboard.type('周六上午九点开放看车');
    await page.keyboard.press('Enter');
    await page.keyboard.type('请携带有效身份证件');
    await expect.poll(() => body.locator('h3').innerText()).toBe('看车安排');
    expect(await body.locator('ul > li').count()).toBe(2);
    expect(await drawer.getByRole('button', { name: '无序列表' }).getAttribute('aria-pressed')).toBe('true');
    await still(page);
    expect(await seriousViolations(page, 'announcement editor')).toEqual([]);
    await shot(page, 'console-announcement-editor-1440', false);

    await drawer.getByRole('tab', { name: '预览' }).click();
    const preview = drawer.getByRole('article', { name: '发布效果预览' });
    await preview.locator('.rich-text h3').getByText('看车安排').waitFor();
    expect(await preview.locator('.rich-text ul li').allInnerTexts()).toEqual([
      '周六上午九点开放看车',
      '请携带有效身份证件',
    ]);
    await shot(page, 'console-announcement-preview-1440', false);

    // antd spaces a two-character label: 保存 reads 保 存.
    await drawer.getByRole('button', { name: '保 存' }).click();
    await page.getByText('已保存为草稿，可在列表中发布').waitFor();
    await row(page).getByText('草稿').waitFor();
  });

  it('publishes it; a visitor reads it in the list and opens it', async () => {
    const { page } = e;
    await row(page).getByRole('button', { name: '发 布' }).click();
    const dialog = page.getByRole('dialog', { name: `发布：${TITLE}` });
    await dialog.getByRole('button', { name: '立即发布' }).click();
    await page.getByText('公告已发布').waitFor();
    await row(page).getByText('已发布').waitFor();

    await visitor.goto('/announcement/list');
    const link = visitor.locator('.announcement-list li a').filter({ hasText: TITLE });
    await link.click();
    await visitor.waitForURL('**/announcement/details/**');
    noticeUrl = new URL(visitor.url()).pathname;
    await visitor.locator('.article-title').getByText(TITLE).waitFor();
    expect(await visitor.locator('.rich-text h3').innerText()).toBe('看车安排');
    expect(await visitor.locator('.rich-text ul li').allInnerTexts()).toEqual([
      '周六上午九点开放看车',
      '请携带有效身份证件',
    ]);
    await shotBoth(visitor, 'content-announcement-public', () => visitor.locator('.rich-text h3').waitFor());
  });

  it('withdraws it after a confirmation; the visitor’s page then says it is gone', async () => {
    const { page } = e;
    await row(page).getByRole('button', { name: '下 线' }).click();
    await page.locator('.ant-popconfirm').getByText('访客将看不到它；之后可以重新发布。').waitFor();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '下 线' }).click();
    await page.getByText('公告已下线').waitFor();
    await row(page).getByText('已下线').waitFor();

    // The page's 404 block says why (a toast may say it too, for a moment).
    const gone = () => visitor.locator('.plain-result').getByText('公告不存在或已下线').waitFor();
    await visitor.goto(noticeUrl);
    await gone();
    await shotBoth(visitor, 'content-announcement-withdrawn', gone);
    await visitor.goto('/announcement/list');
    await visitor.locator('.announcement-list li').first().waitFor();
    expect(await visitor.locator('.announcement-list').innerText()).not.toContain(TITLE);
    expect(visitorErrors).toEqual([]);

    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.locator('.ant-table-row').filter({ hasText: '下线公告' }).first().waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '发布公告' }).first().waitFor();
  });

  it('deletes a draft saved by mistake, after a confirmation; a published one offers no 删除', async () => {
    const { page } = e;
    await page.getByRole('menuitem', { name: '公告管理' }).click();
    await tableLoaded(page);
    const MISTAKE = '误存的公告（端到端测试）';
    await page.getByRole('button', { name: '新建公告' }).click();
    const drawer = page.locator('.ant-drawer-content');
    await drawer.getByLabel('标题', { exact: true }).fill(MISTAKE);
    await drawer.getByRole('textbox', { name: '正文', exact: true }).click();
    await page.keyboard.type('这份草稿存错了。');
    await drawer.getByRole('button', { name: '保 存' }).click();
    await page.getByText('已保存为草稿，可在列表中发布').waitFor();
    const mistake = page.locator('.ant-table-row').filter({ hasText: MISTAKE });
    await mistake.getByText('草稿').waitFor();
    // The withdrawn announcement was public once: it is withdrawn, never deleted.
    expect(await row(page).getByRole('button', { name: '删 除' }).count()).toBe(0);

    await mistake.getByRole('button', { name: '删 除' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText('草稿从未公开，删除后不能恢复。').waitFor();
    await still(page);
    await shot(page, 'console-draft-delete-confirm-1440', false);
    await confirm.getByRole('button', { name: '删 除' }).click();
    await page.getByText('公告草稿已删除').waitFor();
    await expect.poll(() => mistake.count()).toBe(0);
    await page.getByRole('menuitem', { name: '审计日志' }).click();
    await page.locator('.ant-table-row').filter({ hasText: '删除公告草稿' }).first().waitFor();
  });

  it('shows the support articles and the hot keywords, at 1440 and 390 px', async () => {
    const { page } = e;
    await page.getByRole('menuitem', { name: '帮助文章' }).click();
    await tableLoaded(page);
    await page
      .getByRole('button', { name: /^上移 / })
      .first()
      .waitFor();
    expect(await seriousViolations(page, '/console/articles')).toEqual([]);
    await shotBoth(page, 'console-articles', () => tableLoaded(page));

    await page.goto('/console/keywords');
    await tableLoaded(page);
    expect(await page.getByRole('switch').count()).toBeGreaterThan(5);
    expect(await seriousViolations(page, '/console/keywords')).toEqual([]);
    await shotBoth(page, 'console-keywords', () => tableLoaded(page));
  });

  it('opens the editor on a 390 px phone with its whole toolbar in view', async () => {
    const { page } = e;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await page.goto('/console/announcements');
      await tableLoaded(page);
      await page.getByRole('button', { name: '新建公告' }).click();
      const drawer = page.locator('.ant-drawer-content');
      await drawer.getByRole('textbox', { name: '正文', exact: true }).waitFor();
      await still(page);
      expect(await fitsWidth(page)).toBe(true);
      for (const tool of ['小标题', '加粗', '无序列表', '有序列表', '链接', '撤销', '重做'])
        await inView(drawer.getByRole('button', { name: tool, exact: true }));
      await shot(page, 'console-announcement-editor-390', false);
      await drawer.getByRole('button', { name: '取 消' }).click();
    } finally {
      await page.setViewportSize({ width: 1440, height: 900 });
    }
  });
});
