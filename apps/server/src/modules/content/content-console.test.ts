import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../db/seed/content';
import { seedHotKeywords } from '../../db/seed/content-data';
import { seedOperators } from '../../db/seed/operators';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import { envelope, type TestApp } from '../../test/test-app';
import { parseOperatorList } from '../console/console-login.service';

// The console's content pages (decision 060): staff sign in through the embedded issuer as the
// console does, so the editor's role travels the real OIDC sign-in.

let t: TestApp & { baseUrl: string };
const tok = { editor: '', admin: '', reviewer: '' };
const HOUR = 3_600_000;

type Detail = {
  id: string;
  title: string;
  state: string;
  stateText: string;
  publishTime: number | null;
  updatedBy: string | null;
  version: number;
  pinned: boolean;
  content: string;
};

const call = async <T = Detail>(
  method: 'GET' | 'POST',
  path: string,
  token: string | undefined,
  payload: object = {},
) => {
  const res = await t.app.inject({
    method,
    url: `/api/console/content/${path}`,
    headers: { 'user-agent': 'content-test', ...(token ? { authorization: token } : {}) },
    ...(method === 'POST' ? { payload } : { query: payload as Record<string, string> }),
  });
  return { status: res.statusCode, ...envelope<T>(res) };
};
const post = <T = Detail>(path: string, payload: object = {}, token = tok.editor) =>
  call<T>('POST', path, token, payload);

const visitor = (url: string, etag?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/mall-auction/home/${url}`,
    headers: etag ? { 'if-none-match': etag } : {},
  });
const publicTitles = async () =>
  envelope<{ list: Array<{ id: string; title: string }> }>(
    await visitor('announcement/list?pageNum=1&pageSize=100'),
  ).data.list.map((a) => a.title);

const audits = (targetId: string) =>
  t.ctx.dbh.db
    .selectFrom('audit_log')
    .select(['action', 'operator_name', 'before', 'after', 'reason'])
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();

const draft = (title: string, content = '<h3>小标题</h3><ul><li><p>第一条</p></li></ul>') =>
  post('announcements/create', { title, summary: '摘要', source: '车拍商城运营中心', content });

beforeAll(async () => {
  t = await createListeningTestApp();
  await seedContent(t.ctx.dbh.db, new Date('2026-11-01T00:00:00Z'));
  await seedOperators(t.ctx);
  const staff = sellerKit(t.baseUrl, { api: '/api/console', landing: '/console/' });
  for (const [key, username] of [
    ['editor', 'bianji'],
    ['admin', 'yunying'],
    ['reviewer', 'shenhe'],
  ] as const)
    tok[key] = await staff.token(username);
}, 120_000);
afterAll(() => t.close());

describe('who may edit content', () => {
  it('signs the editor in through the issuer with the editor role', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/console/me',
      headers: { authorization: tok.editor },
    });
    expect(envelope(res).data).toMatchObject({ name: '吴编辑', roles: ['editor'] });
    // An external issuer's operators may be given the role too.
    expect(parseOperatorList('abc:editor')).toEqual(new Map([['abc', ['editor']]]));
  });

  it('lets editors and admins in, answers 401 to nobody and 403 to a reviewer', async () => {
    const { data } = await draft('权限检查用公告');
    const endpoints: Array<['GET' | 'POST', string, object]> = [
      ['POST', 'preview', { content: '<p>正文</p>' }],
      ['POST', 'announcements/list', {}],
      ['GET', `announcements/${data.id}`, {}],
      ['POST', 'announcements/create', { title: '短' }],
      ['POST', `announcements/${data.id}/update`, { title: '短' }],
      ['POST', `announcements/${data.id}/publish`, { at: 1 }],
      ['POST', `announcements/${data.id}/withdraw`, {}],
      ['POST', `announcements/${data.id}/pin`, {}],
      ['POST', 'announcements/999999/delete', {}],
      ['POST', 'articles/999999/delete', {}],
      ['POST', 'articles/list', { type: 1 }],
      ['POST', 'articles/create', {}],
      ['POST', 'articles/reorder', {}],
      ['GET', 'keywords', {}],
      ['POST', 'keywords/create', {}],
      ['POST', 'keywords/reorder', {}],
      ['POST', 'keywords/999999/delete', {}],
    ];
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, undefined, body)).status, `${path} anonymous`).toBe(401);
      const reviewer = await call(method, path, tok.reviewer, body);
      expect([reviewer.status, reviewer.msg], `${path} reviewer`).toEqual([
        403,
        '您的运营角色无权执行此操作',
      ]);
      for (const who of ['editor', 'admin'] as const) {
        const r = await call(method, path, tok[who], body);
        expect([200, 400, 404, 409], `${path} ${who}: ${r.msg}`).toContain(r.status);
      }
    }
  });
});

describe('announcements: draft, publish, withdraw', () => {
  it('keeps a draft out of public view, publishes it, withdraws it and publishes it again', async () => {
    const created = await draft('二〇二六年岁末专场公告');
    expect(created.status).toBe(200);
    const id = created.data.id;
    expect(created.data).toMatchObject({
      state: 'draft',
      stateText: '草稿',
      publishTime: null,
      updatedBy: '吴编辑',
    });
    expect(await publicTitles()).not.toContain('二〇二六年岁末专场公告');
    const hidden = await visitor(`announcement/${id}`);
    expect([hidden.statusCode, envelope(hidden).msg]).toEqual([404, '公告不存在或已下线']);

    const early = await post(`announcements/${id}/withdraw`);
    expect([early.status, early.msg]).toEqual([409, '该公告是草稿，尚未发布，无需下线']);

    const published = await post(`announcements/${id}/publish`);
    expect(published.data).toMatchObject({ state: 'published', stateText: '已发布' });
    expect(await publicTitles()).toContain('二〇二六年岁末专场公告');
    const shown = envelope<{ title: string; content: string }>(await visitor(`announcement/${id}`));
    expect(shown.data).toMatchObject({ title: '二〇二六年岁末专场公告' });
    expect(shown.data.content).toContain('<h3>小标题</h3>');
    const again = await post(`announcements/${id}/publish`);
    expect([again.status, again.msg]).toEqual([409, '该公告已发布；如需重新发布，请先下线']);

    const withdrawn = await post(`announcements/${id}/withdraw`, { reason: '信息有误' });
    expect(withdrawn.data).toMatchObject({ state: 'withdrawn', stateText: '已下线' });
    expect(await publicTitles()).not.toContain('二〇二六年岁末专场公告');
    const gone = await visitor(`announcement/${id}`);
    expect([gone.statusCode, envelope(gone).msg]).toEqual([404, '公告不存在或已下线']);
    const twice = await post(`announcements/${id}/withdraw`);
    expect([twice.status, twice.msg]).toEqual([409, '该公告已下线']);

    expect((await post(`announcements/${id}/publish`)).data.state).toBe('published');
    expect(await publicTitles()).toContain('二〇二六年岁末专场公告');

    const rows = await audits(id);
    expect(rows.map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.publish',
      'announcement.withdraw',
      'announcement.publish',
    ]);
    expect(rows.every((r) => r.operator_name === '吴编辑')).toBe(true);
    expect(rows[2]).toMatchObject({
      before: { state: 'published' },
      after: { state: 'withdrawn' },
      reason: '信息有误',
    });
  });

  it('neither lists a withdrawn announcement as a neighbour nor answers an old ETag with 304', async () => {
    const { data } = await draft('邻居检查公告');
    await post(`announcements/${data.id}/publish`);
    const list = await visitor('announcement/list?pageNum=1&pageSize=100');
    const etag = String(list.headers.etag);
    expect((await visitor('announcement/list?pageNum=1&pageSize=100', etag)).statusCode).toBe(304);
    const rest = envelope<{ list: Array<{ id: string; pinned: boolean }> }>(list).data.list.filter(
      (a) => !a.pinned,
    );
    // The newest unpinned one is ours; the one after it names it as its newer neighbour.
    expect(rest[0]?.id).toBe(data.id);
    const older = rest[1]?.id ?? '';
    const before = envelope<{ prev: { id: string } | null }>(await visitor(`announcement/${older}`));
    expect(before.data.prev?.id).toBe(data.id);

    await post(`announcements/${data.id}/withdraw`);
    const after = await visitor('announcement/list?pageNum=1&pageSize=100', etag);
    expect(after.statusCode).toBe(200);
    expect(envelope<{ list: Array<{ id: string }> }>(after).data.list.map((a) => a.id)).not.toContain(
      data.id,
    );
    const neighbour = envelope<{ prev: { id: string } | null }>(await visitor(`announcement/${older}`));
    expect(neighbour.data.prev?.id).not.toBe(data.id);
  });

  it('pins and unpins, once each in the audit log', async () => {
    const { data } = await draft('置顶检查公告');
    await post(`announcements/${data.id}/publish`);
    expect((await post(`announcements/${data.id}/pin`, { pinned: true })).data.pinned).toBe(true);
    await post(`announcements/${data.id}/pin`, { pinned: true });
    const first = envelope<{ list: Array<{ id: string }> }>(
      await visitor('announcement/list?pageNum=1&pageSize=1'),
    );
    expect(first.data.list[0]?.id).toBe(data.id);
    expect((await post(`announcements/${data.id}/pin`, { pinned: false })).data.pinned).toBe(false);
    expect((await audits(data.id)).map((r) => r.action)).toEqual([
      'announcement.create',
      'announcement.publish',
      'announcement.pin',
      'announcement.unpin',
    ]);
  });

  it('edits with the version it loaded and refuses a save over someone else’s change', async () => {
    const { data } = await draft('版本检查公告');
    const fields = {
      title: '版本检查公告（修订）',
      summary: '新摘要',
      source: '车拍商城运营中心',
      content: '<p>新正文</p>',
    };
    const saved = await post(`announcements/${data.id}/update`, { ...fields, version: data.version });
    expect(saved.data).toMatchObject({ title: '版本检查公告（修订）', content: '<p>新正文</p>' });
    const stale = await post(
      `announcements/${data.id}/update`,
      { ...fields, version: data.version },
      tok.admin,
    );
    expect([stale.status, stale.msg]).toEqual([409, '该公告已被他人修改，请关闭后重新打开再编辑']);
    const [, update] = await audits(data.id);
    expect(update).toMatchObject({
      action: 'announcement.update',
      before: { title: '版本检查公告' },
      after: { title: '版本检查公告（修订）', summary: '新摘要' },
    });
  });
});

describe('deleting a draft', () => {
  it('deletes a draft never published, its text kept in the audit row; refuses what was ever public', async () => {
    const { data } = await draft('写错了的公告草稿');
    const gone = await post<null>(`announcements/${data.id}/delete`);
    expect([gone.status, gone.data]).toEqual([200, null]);
    expect((await call('GET', `announcements/${data.id}`, tok.editor)).status).toBe(404);
    expect((await post(`announcements/${data.id}/delete`)).status).toBe(404);
    const [row] = await audits(data.id).then((rows) =>
      rows.filter((r) => r.action === 'announcement.delete'),
    );
    expect(row).toMatchObject({ operator_name: '吴编辑', after: null });
    expect(row?.before).toMatchObject({ title: '写错了的公告草稿', source: '车拍商城运营中心' });

    const shown = (await draft('发布过的公告')).data;
    await post(`announcements/${shown.id}/publish`);
    for (const state of ['published', 'withdrawn']) {
      const refused = await post(`announcements/${shown.id}/delete`);
      expect([refused.status, refused.msg], state).toEqual([
        409,
        '该公告发布过，不能删除；如不再公开，请下线',
      ]);
      await post(`announcements/${shown.id}/withdraw`, { reason: '' });
    }
    const later = (await draft('定时发布的公告')).data;
    await post(`announcements/${later.id}/publish`, { at: Date.now() + HOUR });
    expect((await post(`announcements/${later.id}/delete`)).status).toBe(409);

    const article = await post('articles/create', { type: 2, title: '帮助文章草稿', content: '<p>正文</p>' });
    const removed = await post<null>(`articles/${article.data.id}/delete`);
    expect(removed.status).toBe(200);
    expect((await call('GET', `articles/${article.data.id}`, tok.editor)).status).toBe(404);
    expect((await audits(article.data.id)).map((r) => r.action)).toEqual([
      'article.create',
      'article.delete',
    ]);
  });
});

describe('scheduled publication', () => {
  it('shows a scheduled announcement only from its time, by the server clock', async () => {
    const { data } = await draft('定时发布检查公告');
    const now = new Date();
    t.setNow(now);
    try {
      const past = await post(`announcements/${data.id}/publish`, { at: now.getTime() - 60_000 });
      expect([past.status, past.msg]).toEqual([400, '定时发布时间不能早于当前时间']);
      const far = await post(`announcements/${data.id}/publish`, { at: now.getTime() + 400 * 24 * HOUR });
      expect([far.status, far.msg]).toEqual([400, '定时发布时间不能晚于一年以后']);

      // Within the sessions' two idle hours: the editor reads it back once it is due.
      const at = now.getTime() + 30 * 60_000;
      const scheduled = await post(`announcements/${data.id}/publish`, { at });
      expect(scheduled.data).toMatchObject({ state: 'scheduled', stateText: '定时发布', publishTime: at });
      const list = await visitor('announcement/list?pageNum=1&pageSize=100');
      const etag = String(list.headers.etag);
      expect(await publicTitles()).not.toContain('定时发布检查公告');
      expect((await visitor(`announcement/${data.id}`)).statusCode).toBe(404);
      const filtered = await post<{ list: Array<{ id: string }> }>('announcements/list', {
        state: 'scheduled',
      });
      expect(filtered.data.list.map((a) => a.id)).toContain(data.id);

      t.setNow(new Date(at - 1000));
      expect(await publicTitles()).not.toContain('定时发布检查公告');
      t.setNow(new Date(at));
      // The list the browser holds is stale now: its ETag gets the new list, not a 304.
      const due = await visitor('announcement/list?pageNum=1&pageSize=100', etag);
      expect(due.statusCode).toBe(200);
      expect(await publicTitles()).toContain('定时发布检查公告');
      expect((await visitor(`announcement/${data.id}`)).statusCode).toBe(200);
      expect((await call('GET', `announcements/${data.id}`, tok.editor)).data.state).toBe('published');
    } finally {
      t.setNow(null);
    }
  });

  it('moves a scheduled announcement to another time, or withdraws it before it shows', async () => {
    const { data } = await draft('改期检查公告');
    const at = Date.now() + 3 * HOUR;
    await post(`announcements/${data.id}/publish`, { at });
    const moved = await post(`announcements/${data.id}/publish`, { at: at + HOUR });
    expect(moved.data).toMatchObject({ state: 'scheduled', publishTime: at + HOUR });
    const withdrawn = await post(`announcements/${data.id}/withdraw`);
    expect(withdrawn.data.state).toBe('withdrawn');
    t.setNow(new Date(at + 2 * HOUR));
    try {
      expect(await publicTitles()).not.toContain('改期检查公告');
    } finally {
      t.setNow(null);
    }
  });
});

describe('bodies and validation', () => {
  it('never stores a script, an event handler or a javascript: link', async () => {
    const dirty =
      '<h3 onclick="steal()">标题</h3><p>正文<script>alert(1)</script><img src=x onerror="alert(1)">' +
      '<a href="javascript:alert(1)">链接</a></p><ol><li><p>一</p></li></ol>';
    const { data, status } = await draft('净化检查公告', dirty);
    expect(status).toBe(200);
    const stored = await t.ctx.dbh.db
      .selectFrom('announcement')
      .select('content')
      .where('id', '=', data.id)
      .executeTakeFirstOrThrow();
    for (const html of [stored.content, data.content]) {
      expect(html).not.toMatch(/script|onerror|onclick|javascript:/i);
      expect(html).toContain('<ol><li><p>一</p></li></ol>');
    }
    const preview = await post<{ html: string; empty: boolean }>('preview', { content: dirty });
    expect(preview.data.html).toBe(stored.content);
    expect(preview.data.empty).toBe(false);
  });

  it('refuses a body with nothing left to read after sanitizing', async () => {
    for (const content of ['<script>alert(1)</script>', '<p> &nbsp; </p>', '']) {
      const r = await draft('空正文检查公告', content);
      expect([r.status, r.msg], content).toEqual([400, '请填写正文（正文去除不安全的内容后为空）']);
    }
    const preview = await post<{ empty: boolean }>('preview', { content: '<p><script>x</script></p>' });
    expect(preview.data.empty).toBe(true);
  });

  it.each([
    ['a one-character title', { title: '短' }, '请填写标题（至少2个字）'],
    ['a 61-character title', { title: '长'.repeat(61) }, '标题不能超过60个字'],
    ['a 201-character summary', { summary: '摘'.repeat(201) }, '摘要不能超过200个字'],
    ['no source', { source: undefined }, '请填写来源'],
    [
      'a body of 120,000 characters',
      { content: '<p>长</p>'.repeat(15_000) },
      '正文过长（不能超过100000个字符）',
    ],
  ])('refuses %s with a Chinese 400', async (_, change, msg) => {
    const r = await post('announcements/create', {
      title: '校验检查公告',
      summary: '',
      source: '车拍商城运营中心',
      content: '<p>正文</p>',
      ...change,
    });
    expect([r.status, r.msg]).toEqual([400, msg]);
  });

  it('answers 404 for an announcement or article that does not exist', async () => {
    for (const path of ['announcements/999999/publish', 'articles/999999/withdraw']) {
      const r = await post(path);
      expect(r.status).toBe(404);
      expect(r.msg).toMatch(/^(公告|文章)不存在或已删除$/);
    }
    expect((await call('GET', 'announcements/999999', tok.editor)).msg).toBe('公告不存在或已删除');
  });
});

describe('support articles', () => {
  it('creates a draft last in its section, publishes it, reorders and withdraws it', async () => {
    const created = await post('articles/create', {
      type: 2,
      title: '如何开具电子发票（新）',
      content: '<p>在个人中心申请。</p>',
    });
    const id = created.data.id;
    expect(created.data.state).toBe('draft');
    const section = await post<Array<{ id: string }>>('articles/list', { type: 2 });
    expect(section.data.at(-1)?.id).toBe(id);
    const support = async () =>
      envelope<Record<string, Array<{ id: string }>>>(await visitor('support/list')).data['2']?.map(
        (a) => a.id,
      );
    expect(await support()).not.toContain(id);

    await post(`articles/${id}/publish`);
    expect(await support()).toContain(id);
    expect((await visitor(`support/${id}`)).statusCode).toBe(200);

    const ids = section.data.map((a) => a.id);
    const reordered = await post<Array<{ id: string }>>('articles/reorder', {
      type: 2,
      ids: [id, ...ids.filter((x) => x !== id)],
    });
    expect(reordered.data[0]?.id).toBe(id);
    expect((await support())?.[0]).toBe(id);
    const partial = await post('articles/reorder', { type: 2, ids: ids.slice(1) });
    expect([partial.status, partial.msg]).toEqual([409, '该栏目的文章已有变化，请刷新后重新排序']);
    const repeated = await post('articles/reorder', { type: 2, ids: [id, id] });
    expect([repeated.status, repeated.msg]).toEqual([400, '排序中有重复的条目']);

    await post(`articles/${id}/withdraw`);
    const gone = await visitor(`support/${id}`);
    expect([gone.statusCode, envelope(gone).msg]).toEqual([404, '文章不存在或已下线']);
    expect((await audits(id)).map((r) => r.action)).toEqual([
      'article.create',
      'article.publish',
      'article.withdraw',
    ]);
    expect((await audits('2')).map((r) => r.action)).toEqual(['article.reorder']);
  });

  it('refuses an unknown section', async () => {
    const r = await post('articles/create', { type: 4, title: '栏目检查', content: '<p>正文</p>' });
    expect([r.status, r.msg]).toEqual([400, '栏目不正确']);
  });
});

describe('hot keywords', () => {
  type Keyword = { id: string; word: string; enabled: boolean };
  const publicWords = async () =>
    envelope<{ list: Array<{ wordName: string }> }>(
      await visitor('aucKeyword/list?pageNum=1&pageSize=100'),
    ).data.list.map((k) => k.wordName);

  it('adds, renames, disables, enables, reorders and deletes, each audited', async () => {
    const added = await post<Keyword>('keywords/create', { word: '  奔驰E级 ' });
    expect(added.data).toMatchObject({ word: '奔驰E级', enabled: true });
    expect((await publicWords()).at(-1)).toBe('奔驰E级');
    const { id } = added.data;

    expect((await post<Keyword>(`keywords/${id}/rename`, { word: '奔驰E300L' })).data.word).toBe('奔驰E300L');
    await post(`keywords/${id}/enable`, { enabled: false });
    expect(await publicWords()).not.toContain('奔驰E300L');
    await post(`keywords/${id}/enable`, { enabled: true });

    const all = await call<Keyword[]>('GET', 'keywords', tok.editor);
    const ids = all.data.map((k) => k.id);
    await post('keywords/reorder', { ids: [id, ...ids.filter((x) => x !== id)] });
    expect((await publicWords())[0]).toBe('奔驰E300L');

    expect((await post(`keywords/${id}/delete`)).data).toBeNull();
    expect(await publicWords()).not.toContain('奔驰E300L');
    expect((await post(`keywords/${id}/delete`)).status).toBe(404);
    expect((await audits(id)).map((r) => r.action)).toEqual([
      'keyword.create',
      'keyword.rename',
      'keyword.disable',
      'keyword.enable',
      'keyword.delete',
    ]);
  });

  it('refuses a word longer than 50 characters or one already there, in any case of its letters', async () => {
    const long = await post('keywords/create', { word: '车'.repeat(51) });
    expect([long.status, long.msg]).toEqual([400, '搜索词不能超过50个字符']);
    const blank = await post('keywords/create', { word: '   ' });
    expect([blank.status, blank.msg]).toEqual([400, '请填写搜索词']);
    const taken = seedHotKeywords[0] ?? '';
    const dup = await post('keywords/create', { word: taken });
    expect([dup.status, dup.msg]).toEqual([400, `搜索词“${taken}”已存在`]);
    const other = (await call<Keyword[]>('GET', 'keywords', tok.editor)).data.find((k) => k.word !== taken);
    const clash = await post(`keywords/${other?.id}/rename`, { word: taken });
    expect([clash.status, clash.msg]).toEqual([400, `搜索词“${taken}”已存在`]);
    // “特斯拉 Model 3” is seeded: its lower-case spelling is the same search.
    const latin = seedHotKeywords.find((w) => /[A-Z]/.test(w)) ?? '';
    expect(latin).not.toBe('');
    const cased = await post('keywords/create', { word: latin.toLowerCase() });
    expect([cased.status, cased.msg]).toEqual([400, `搜索词“${latin.toLowerCase()}”已存在`]);
    const recased = await post(`keywords/${other?.id}/rename`, { word: latin.toUpperCase() });
    expect([recased.status, recased.msg]).toEqual([400, `搜索词“${latin.toUpperCase()}”已存在`]);
    // A keyword may change the case of its own letters.
    const own = (await call<Keyword[]>('GET', 'keywords', tok.editor)).data.find((k) => k.word === latin);
    const renamed = await post(`keywords/${own?.id}/rename`, { word: latin.toUpperCase() });
    expect(renamed.status).toBe(200);
    await post(`keywords/${own?.id}/rename`, { word: latin });
  });
});

describe('the demo seed', () => {
  it('leaves what an editor changed as the editor left it: text, order, keywords', async () => {
    const { db } = t.ctx.dbh;
    const seeded = await db
      .selectFrom('announcement')
      .select(['id', 'title', 'summary', 'source', 'content', 'updated_at'])
      .where('slug', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await post(`announcements/${seeded.id}/update`, {
      title: '编辑改过的标题',
      summary: seeded.summary,
      source: seeded.source,
      content: seeded.content,
      version: seeded.updated_at?.getTime() ?? 0,
    });
    const keywords = (await call<Array<{ id: string; word: string }>>('GET', 'keywords', tok.editor)).data;
    const dropped = keywords.find((k) => k.word === seedHotKeywords[1]);
    await post(`keywords/${dropped?.id}/delete`);

    const order = async () =>
      (await post<Array<{ id: string }>>('articles/list', { type: 1 })).data.map((a) => a.id);
    const reversed = [...(await order())].reverse();
    await post('articles/reorder', { type: 1, ids: reversed });

    await seedContent(db, new Date());
    expect(await order()).toEqual(reversed);
    const after = await db
      .selectFrom('announcement')
      .select('title')
      .where('id', '=', seeded.id)
      .executeTakeFirstOrThrow();
    expect(after.title).toBe('编辑改过的标题');
    const words = (await call<Array<{ word: string }>>('GET', 'keywords', tok.editor)).data.map(
      (k) => k.word,
    );
    expect(words).not.toContain(seedHotKeywords[1]);
  });
});
