import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedContent } from '../../db/seed/content';
import { seedAnnouncements, seedArticles, seedHotKeywords } from '../../db/seed/content-data';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedContent(t.ctx.dbh.db, new Date('2026-11-01T00:00:00Z'));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('support articles', () => {
  it('lists articles keyed "1", "2", "3", newest first, with Beijing publish times', async () => {
    const res = await get('/api/mall-auction/home/support/list');
    expect(res.statusCode).toBe(200);
    const body = envelope<Record<string, Array<{ id: string; title: string; publishTime: string }>>>(res);
    expect(body.code).toBe(200);
    expect(Object.keys(body.data).sort()).toEqual(['1', '2', '3']);
    for (const type of [1, 2, 3] as const) {
      expect(body.data[String(type)]).toHaveLength(seedArticles.filter((a) => a.type === type).length);
    }
    const first = body.data['1']?.[0];
    expect(first?.id).toMatch(/^\d{19}$/);
    expect(first?.publishTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('returns one article with sanitized content', async () => {
    const list = envelope<Record<string, Array<{ id: string }>>>(
      await get('/api/mall-auction/home/support/list'),
    );
    const id = list.data['2']?.[0]?.id ?? '';
    const res = await get(`/api/mall-auction/home/support/${id}`);
    const body = envelope<{ id: string; type: number; content: string }>(res);
    expect(body.data.id).toBe(id);
    expect(body.data.type).toBe(2);
    expect(body.data.content).toContain('<p>');
  });

  it('strips scripts and event handlers from stored rich text', async () => {
    await t.ctx.dbh.db.deleteFrom('support_article').where('slug', '=', 'xss-probe').execute();
    const { sanitizeRichText } = await import('../../lib/sanitize');
    const dirty =
      '<p onclick="steal()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a><img src=x onerror=alert(1)></p>';
    const clean = sanitizeRichText(dirty);
    expect(clean).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(clean).toContain('正文');
  });

  it('answers 404 with a Chinese message for an unknown id', async () => {
    const res = await get('/api/mall-auction/home/support/1234567890123456789');
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ code: 404, msg: '文章不存在或已下线', data: null });
  });

  it.each(['abc', '0', '12345678901234567890', "1'%20or%20'1'='1"])(
    'rejects the malformed id %s with 400',
    async (id) => {
      const res = await get(`/api/mall-auction/home/support/${id}`);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toMatch(/编号格式不正确/);
    },
  );
});

describe('hot keywords', () => {
  it('pages keywords and reads data.list', async () => {
    const res = await get('/api/mall-auction/home/aucKeyword/list?pageNum=1&pageSize=10');
    const body = envelope<{ total: number; list: Array<{ id: string; wordName: string }> }>(res);
    expect(body.data.total).toBe(seedHotKeywords.length);
    expect(body.data.list).toHaveLength(10);
    expect(body.data.list[0]?.wordName).toBe(seedHotKeywords[0]);
    expect(body.data.list[0]?.id).toMatch(/^\d+$/);
    const page2 = envelope<{ list: unknown[] }>(
      await get('/api/mall-auction/home/aucKeyword/list?pageNum=2&pageSize=10'),
    );
    expect(page2.data.list).toHaveLength(seedHotKeywords.length - 10);
  });

  it('defaults the page size to 10', async () => {
    const body = envelope<{ pageSize: number }>(await get('/api/mall-auction/home/aucKeyword/list'));
    expect(body.data.pageSize).toBe(10);
  });

  it.each([
    ['pageSize=0', '每页条数须在1到100之间'],
    ['pageSize=1000000', '每页条数须在1到100之间'],
    ['pageSize=abc', '每页条数必须是整数'],
    ['pageNum=0', '页码须在1到100000之间'],
    ['pageNum=1.5', '页码必须是整数'],
  ])('rejects %s with a Chinese 400', async (q, msg) => {
    const res = await get(`/api/mall-auction/home/aucKeyword/list?${q}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res)).toEqual({ code: 400, msg, data: null });
  });
});

describe('announcements', () => {
  it('lists pinned first, then newest, with neighbours on the detail', async () => {
    const body = envelope<{
      total: number;
      list: Array<{ id: string; pinned: boolean; publishTime: string }>;
    }>(await get('/api/mall-auction/home/announcement/list?pageNum=1&pageSize=100'));
    expect(body.data.total).toBe(seedAnnouncements.length);
    const pinnedCount = seedAnnouncements.filter((a) => a.pinned).length;
    expect(body.data.list.slice(0, pinnedCount).every((a) => a.pinned)).toBe(true);
    const rest = body.data.list.slice(pinnedCount);
    expect(rest.map((a) => a.publishTime)).toEqual([...rest.map((a) => a.publishTime)].sort().reverse());

    const middle = rest[1];
    const detail = envelope<{
      id: string;
      content: string;
      prev: { id: string } | null;
      next: { id: string } | null;
    }>(await get(`/api/mall-auction/home/announcement/${middle?.id}`));
    expect(detail.data.id).toBe(middle?.id);
    expect(detail.data.content.length).toBeGreaterThan(50);
    expect(detail.data.prev).not.toBeNull();
    expect(detail.data.next).not.toBeNull();
  });

  it('404s an unknown announcement', async () => {
    const res = await get('/api/mall-auction/home/announcement/999');
    expect(res.statusCode).toBe(404);
    expect(envelope(res).msg).toBe('公告不存在或已下线');
  });
});

describe('seeding', () => {
  it('is idempotent', async () => {
    await seedContent(t.ctx.dbh.db, new Date());
    const n = await t.ctx.dbh.db
      .selectFrom('support_article')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(seedArticles.length);
  });
});

describe('bad input', () => {
  it('finds announcements by title keyword', async () => {
    const word = seedAnnouncements[0]?.title.slice(0, 4) ?? '';
    const body = envelope<{ total: number; list: Array<{ title: string }> }>(
      await get(`/api/mall-auction/home/announcement/list?keyword=${encodeURIComponent(word)}`),
    );
    expect(body.data.total).toBeGreaterThan(0);
    expect(body.data.list.every((a) => a.title.includes(word))).toBe(true);
  });

  it.each(["' or 1=1 --", '%', '_', '\\', '%_%', "'; drop table announcement; --"])(
    'treats SQL metacharacters %s literally',
    async (kw) => {
      const res = await get(`/api/mall-auction/home/announcement/list?keyword=${encodeURIComponent(kw)}`);
      expect(res.statusCode).toBe(200);
      expect(envelope<{ total: number }>(res).data.total).toBe(0);
    },
  );

  it('rejects a 10 KB keyword with a Chinese 400', async () => {
    const res = await get(`/api/mall-auction/home/announcement/list?keyword=${'车'.repeat(10 * 1024)}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('关键词不能超过50个字符');
  });

  it('rejects wrong types with a Chinese 400 naming the field', async () => {
    const res = await get('/api/mall-auction/home/announcement/list?pageNum=1&pageNum=2');
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toMatch(/pageNum/);
    expect(envelope(res).msg).toMatch(/[\u4e00-\u9fa5]/);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/home/support/list',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2,3]',
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('rejects an id of 10 KB with 400, not 500', async () => {
    const res = await get(`/api/mall-auction/home/announcement/${'9'.repeat(10 * 1024)}`);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toMatch(/编号格式不正确|过长/);
  });
});
