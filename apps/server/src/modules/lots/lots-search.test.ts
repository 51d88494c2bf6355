import type { LotSummary, SearchFilters } from '@chepai/shared/contracts/lots';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lotsApp, ODD_TITLE, post } from '../../test/lots-fixture';

type App = Awaited<ReturnType<typeof lotsApp>>;
type Page = { total: number; list: LotSummary[] };
let t: App;
const URL = '/api/mall-search/search/auc_order/search';

const search = (filters: Partial<Record<keyof SearchFilters, unknown>>, pageNum = 1, pageSize = 100) =>
  post<Page>(t, URL, { pageNum, pageSize, filters });
const ok = async (filters: Partial<Record<keyof SearchFilters, unknown>>, pageNum = 1, pageSize = 100) => {
  const r = await search(filters, pageNum, pageSize);
  expect(r.status, r.body).toBe(200);
  return r.data;
};
const dbCount = async (where: string) => {
  const r = await sql<{
    n: string;
  }>`select count(*) as n from lot where status in (0,2,3,4,5,6) and ${sql.raw(where)}`.execute(t.ctx.dbh.db);
  return Number(r.rows[0]?.n);
};

beforeAll(async () => {
  t = await lotsApp();
});
afterAll(() => t.close());

describe('search: halls and statuses', () => {
  it('lists only public statuses by default, 16 per page', async () => {
    const r = await post<Page>(t, URL, {});
    expect(r.status).toBe(200);
    expect(r.data.list).toHaveLength(16);
    expect(r.data.total).toBe(await dbCount('true'));
    const all = await ok({}, 1, 100);
    expect(all.list.every((l) => [0, 2, 3, 4, 5, 6].includes(l.status))).toBe(true);
  });

  it.each([
    ['foreshowHall', [0]],
    ['applyHall', [2]],
    ['auctionHall', [3, 4]],
    ['resultHall', [5, 6]],
  ])('%s shows only statuses %j, and every one of them', async (_hall, statuses) => {
    const page = await ok({ statusList: statuses });
    expect(page.total).toBe(await dbCount(`status in (${statuses.join(',')})`));
    expect(page.total).toBeGreaterThan(0);
    expect(new Set(page.list.map((l) => l.status))).toEqual(new Set(statuses));
  });

  it('refuses the private statuses 1 and 7', async () => {
    for (const s of [1, 7]) {
      const r = await search({ statusList: [s] });
      expect(r.status).toBe(400);
      expect(r.msg).toBe('状态不正确');
    }
  });
});

describe('search: keywords', () => {
  it('finds 比亚迪 by Chinese, full pinyin and initials, in any case', async () => {
    const expected = await dbCount(`brand_name = '比亚迪'`);
    expect(expected).toBeGreaterThan(0);
    for (const k of ['比亚迪', 'biyadi', 'byd', 'BYD', '  byd  ']) {
      const page = await ok({ keyword: k });
      expect(page.total, k).toBe(expected);
      expect(page.list.every((l) => l.brandName === '比亚迪')).toBe(true);
    }
  });

  it('answers short keywords (1–2 characters) exactly like a substring scan', async () => {
    expect((await ok({ keyword: '宝马' })).total).toBe(await dbCount(`brand_name = '宝马'`));
    for (const k of ['马', '3', 'a', 'bm', '沪', 'X5', '汉']) {
      const scan = await dbCount(`search_text ilike '%${k}%'`);
      expect((await ok({ keyword: k })).total, k).toBe(scan);
    }
  });

  it('finds the plate city and the location city', async () => {
    const plate = await ok({ keyword: '沪A' });
    expect(plate.total).toBe(await dbCount(`plate_city = '沪A'`));
    expect(plate.list.every((l) => l.plateCity === '沪A')).toBe(true);
    const city = await ok({ keyword: 'chengdu' });
    expect(city.total).toBe(await dbCount(`city = '成都'`));
  });

  it('needs every word of a multi-word keyword', async () => {
    const page = await ok({ keyword: '宝马 X5' });
    expect(page.total).toBe(await dbCount(`brand_name = '宝马' and series_name = 'X5'`));
    expect(page.list.every((l) => l.seriesName === 'X5')).toBe(true);
  });

  it('matches SQL and LIKE metacharacters literally', async () => {
    for (const k of ['%', '_', '\\', "'", "O'Neil", '100%原', '_特价', 'il\\改']) {
      const page = await ok({ keyword: k });
      expect(
        page.list.map((l) => l.title),
        k,
      ).toEqual([ODD_TITLE]);
    }
    for (const k of ['%%', '%%%', '__', '_%_', '\\%']) expect((await ok({ keyword: k })).total, k).toBe(0);
    expect((await ok({ keyword: "'; drop table lot; --" })).total).toBe(0);
    expect((await ok({})).total).toBeGreaterThan(300);
  });

  it('refuses keywords over 50 characters, a 10 KB one included, with a Chinese message', async () => {
    expect((await search({ keyword: '车'.repeat(50) })).status).toBe(200);
    for (const k of ['车'.repeat(51), 'a'.repeat(10 * 1024), '宝马'.repeat(5000)]) {
      const r = await search({ keyword: k });
      expect(r.status).toBe(400);
      expect(r.msg).toBe('关键词不能超过50个字符');
    }
    expect((await search({ keyword: 12345 })).status).toBe(400);
  });
});

describe('search: filters', () => {
  it('filters by brand, fuel, province and city', async () => {
    const cases: Array<[Record<string, string>, string, (l: LotSummary) => boolean]> = [
      [{ brandName: '丰田' }, `brand_name = '丰田'`, (l) => l.brandName === '丰田'],
      [{ fuelType: '纯电动' }, `fuel_type = '纯电动'`, (l) => l.fuelType === '纯电动'],
      [{ province: '江苏' }, `province = '江苏'`, (l) => l.province === '江苏'],
      [{ city: '杭州' }, `city = '杭州'`, (l) => l.city === '杭州'],
    ];
    for (const [f, where, check] of cases) {
      const page = await ok(f);
      expect(page.total, where).toBe(await dbCount(where));
      expect(page.total).toBeGreaterThan(0);
      expect(page.list.every(check)).toBe(true);
    }
    expect((await ok({ brandId: '1890000000000000999' })).total).toBe(0);
    expect((await search({ fuelType: '核动力' })).status).toBe(400);
  });

  it('filters by price (yuan), registration year and mileage', async () => {
    const price = await ok({ priceMin: 50000, priceMax: '150000' });
    expect(price.total).toBe(await dbCount('current_price between 5000000 and 15000000'));
    expect(price.list.every((l) => Number(l.currentPrice) >= 50000 && Number(l.currentPrice) <= 150000)).toBe(
      true,
    );
    const years = await ok({ yearMin: 2020, yearMax: 2022 });
    expect(years.total).toBe(
      await dbCount(`first_reg_date >= '2020-01-01' and first_reg_date < '2023-01-01'`),
    );
    expect(
      years.list.every(
        (l) => Number(l.firstRegDate.slice(0, 4)) >= 2020 && Number(l.firstRegDate.slice(0, 4)) <= 2022,
      ),
    ).toBe(true);
    const km = await ok({ mileageMin: 10000, mileageMax: 60000 });
    expect(km.total).toBe(await dbCount('mileage_km between 10000 and 60000'));
    expect(km.list.every((l) => l.mileageKm >= 10000 && l.mileageKm <= 60000)).toBe(true);
  });

  it('combines filters with AND', async () => {
    const page = await ok({ keyword: 'suv', statusList: [3, 4], priceMax: 300000 });
    expect(page.total).toBe(
      await dbCount(`status in (3,4) and search_text ilike '%suv%' and current_price <= 30000000`),
    );
  });

  it('refuses contradictory or malformed ranges', async () => {
    expect((await search({ priceMin: 9, priceMax: 1 })).msg).toBe('最低价不能高于最高价');
    expect((await search({ yearMin: 2023, yearMax: 2020 })).msg).toBe('起始年份不能晚于结束年份');
    expect((await search({ mileageMin: 9, mileageMax: 1 })).msg).toBe('最小里程不能大于最大里程');
    expect((await search({ priceMin: -1 })).status).toBe(400);
    expect((await search({ priceMin: 'abc' })).status).toBe(400);
    expect((await search({ yearMin: 1800 })).status).toBe(400);
  });
});

describe('search: sorting and pages', () => {
  const sorted = (values: number[], dir: 1 | -1) =>
    values.every((v, i) => i === 0 || dir * (v - (values[i - 1] as number)) >= 0);
  it('sorts by endingSoon: open lots first, each group by end time', async () => {
    const page = await ok({ sort: 'endingSoon' }, 1, 100);
    const open = page.list.filter((l) => l.status < 5);
    expect(page.list.slice(0, open.length)).toEqual(open);
    expect(
      sorted(
        open.map((l) => l.endTime),
        1,
      ),
    ).toBe(true);
    const hall = await ok({ sort: 'endingSoon', statusList: [5, 6] }, 1, 100);
    expect(
      sorted(
        hall.list.map((l) => l.endTime),
        1,
      ),
    ).toBe(true);
    const last = await ok({ sort: 'endingSoon' }, 4, 100);
    expect(last.list.every((l) => l.status >= 5)).toBe(true);
    expect(
      sorted(
        last.list.map((l) => l.endTime),
        1,
      ),
    ).toBe(true);
  });

  it.each([
    ['endedRecently', (l: LotSummary) => l.endTime, -1],
    ['priceAsc', (l: LotSummary) => Number(l.currentPrice), 1],
    ['priceDesc', (l: LotSummary) => Number(l.currentPrice), -1],
    ['mostBids', (l: LotSummary) => l.bidCount, -1],
  ] as const)('sorts by %s', async (sort, key, dir) => {
    const page = await ok({ sort }, 1, 100);
    expect(sorted(page.list.map(key), dir)).toBe(true);
    expect(new Set(page.list.map(key)).size).toBeGreaterThan(5);
  });

  it('sorts by newest listing', async () => {
    const page = await ok({ sort: 'newest' }, 1, 50);
    const ids = page.list.map((l) => l.orderId);
    const r = await sql<{
      id: string;
    }>`select id from lot where status in (0,2,3,4,5,6) order by listed_at desc, id desc limit 50`.execute(
      t.ctx.dbh.db,
    );
    expect(ids).toEqual(r.rows.map((x) => x.id));
  });

  it('gives deep pages (found by id first) in the same order as the database', async () => {
    const pages = await Promise.all([1, 2, 3, 4].map((n) => ok({ sort: 'priceDesc' }, n, 100)));
    const ids = pages.flatMap((p) => p.list.map((l) => l.orderId));
    const r = await sql<{
      id: string;
    }>`select id from lot where status in (0,2,3,4,5,6) order by current_price desc, id desc`.execute(
      t.ctx.dbh.db,
    );
    expect(ids).toEqual(r.rows.map((x) => x.id));
    expect(pages[3]?.list[0]?.coverUrl).toMatch(/\.svg$/);
  });

  it('pages without overlap and is stable across pages', async () => {
    const both = await ok({ sort: 'priceAsc' }, 1, 32);
    const p1 = await ok({ sort: 'priceAsc' }, 1, 16);
    const p2 = await ok({ sort: 'priceAsc' }, 2, 16);
    expect([...p1.list, ...p2.list].map((l) => l.orderId)).toEqual(both.list.map((l) => l.orderId));
  });

  it('handles page edges: size 0 and 1,000,000 refused, beyond the last page empty', async () => {
    expect((await search({}, 1, 0)).status).toBe(400);
    const huge = await search({}, 1, 1_000_000);
    expect(huge.status).toBe(400);
    expect(huge.msg).toBe('每页条数须在1到100之间');
    expect((await search({}, 0, 16)).status).toBe(400);
    const beyond = await ok({}, 999, 16);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBeGreaterThan(300);
    const last = Math.ceil(beyond.total / 16);
    expect((await ok({}, last, 16)).list.length).toBe(beyond.total - (last - 1) * 16);
  });

  it('refuses an unknown sort and a non-object body', async () => {
    expect((await search({ sort: 'random' })).msg).toBe('排序方式不正确');
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
