import type { BidRecord, LotDetail, LotSummary } from '@chepai/shared/contracts/lots';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLots, DEMO_LOT_COUNT } from '../../db/seed/lots';
import { FIXED_NOW, get, lotsApp, post } from '../../test/lots-fixture';

type App = Awaited<ReturnType<typeof lotsApp>>;
let t: App;
const db = () => t.ctx.dbh.db;
const lotWith = (status: number) =>
  db()
    .selectFrom('lot')
    .selectAll()
    .where('status', '=', status)
    .where('demo_key', 'is not', null)
    .orderBy('demo_key')
    .executeTakeFirstOrThrow();
const detail = (orderId: string) => post<LotDetail>(t, '/api/mall-auction/home/detail/info', { orderId });
const records = (orderId: string, pageNum = 1, pageSize?: number) =>
  post<{ total: number; list: BidRecord[] }>(t, '/api/mall-auction/buyer/auc_order/auction/record', {
    orderId,
    param: pageSize ? { pageNum, pageSize } : { pageNum },
  });

beforeAll(async () => {
  t = await lotsApp();
});
afterAll(() => t.close());

describe('lot detail', () => {
  it('returns the public detail with server time, masked VIN and plate, prices in yuan', async () => {
    const lot = await lotWith(3);
    const r = await detail(lot.id);
    expect(r.status).toBe(200);
    const d = r.data;
    expect(d.serverTime).toBe(FIXED_NOW.getTime());
    expect(d).toMatchObject({
      orderId: lot.id,
      status: 3,
      statusText: '竞价中',
      registered: false,
      leading: false,
      bidCount: lot.bid_count,
    });
    expect(d.startPrice).toBe(`${Number(lot.start_price) / 100}.00`);
    expect(d.currentPrice).toMatch(/^\d+\.\d\d$/);
    expect(d.endTime).toBe(lot.end_time.getTime());
    expect(d.vinMasked).toBe(`${lot.vin.slice(0, 3)}**********${lot.vin.slice(-4)}`);
    expect(d.plateMasked).toMatch(/^.[A-Z]·\*+..$/);
    expect(d.photos).toHaveLength(5);
    expect(d.photos[0]?.url).toBe(d.coverUrl);
    expect(d.condition.exterior.grade).toMatch(/^[ABC]$/);
    expect(d.sellerName.length).toBeGreaterThan(3);
  });

  it('is 404 for lots pending review or withdrawn, and for unknown ids; 400 for bad ids', async () => {
    for (const s of [1, 7]) {
      const lot = await lotWith(s);
      expect((await detail(lot.id)).status).toBe(404);
      expect((await get(t, `/api/mall-auction/home/get/${lot.id}`)).status).toBe(404);
      expect((await records(lot.id)).status).toBe(404);
    }
    expect((await detail('1890000000000099999')).msg).toBe('拍品不存在或已下架');
    expect((await detail('abc')).status).toBe(400);
    expect((await post(t, '/api/mall-auction/home/detail/info', {})).status).toBe(400);
  });

  it('counts views without writing on the read path', async () => {
    const lot = await lotWith(2);
    const first = (await detail(lot.id)).data.views;
    const second = (await detail(lot.id)).data.views;
    expect(second).toBe(first + 1);
  });

  it('returns a summary on home/get with server time', async () => {
    const lot = await lotWith(0);
    const r = await get<LotSummary & { serverTime: number }>(t, `/api/mall-auction/home/get/${lot.id}`);
    expect(r.data).toMatchObject({
      orderId: lot.id,
      status: 0,
      statusText: '预告中',
      serverTime: FIXED_NOW.getTime(),
    });
    expect(r.data.coverUrl).toMatch(/^\/api\/files\/demo\/[a-z]+-[a-z]+-front34\.svg$/);
  });
});

describe('bid records', () => {
  it('agree with bidCount for every lot, newest first, bidder numbers masked', async () => {
    const mismatch = await sql<{ id: string }>`
      select l.id from lot l left join bid b on b.lot_id = l.id
      group by l.id having count(b.seq) <> max(l.bid_count)`.execute(db());
    expect(mismatch.rows).toEqual([]);
    const lot = await db()
      .selectFrom('lot')
      .selectAll()
      .where('status', '=', 5)
      .where('bid_count', '>', 5)
      .executeTakeFirstOrThrow();
    const r = await records(lot.id);
    expect(r.data.total).toBe(lot.bid_count);
    const seqs = r.data.list.map((b) => b.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect(r.data.list[0]).toMatchObject({ leading: true, amount: `${Number(lot.current_price) / 100}.00` });
    expect(r.data.list.filter((b) => b.leading)).toHaveLength(1);
    expect(r.data.list.every((b) => /^\*+\d{4}$/.test(b.bidderNo))).toBe(true);
    expect(r.data.list[0]?.bidTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
  });

  it('pages by 50 by default and is empty for a lot without bids', async () => {
    const big = await db()
      .selectFrom('lot')
      .select(['id', 'bid_count'])
      .where('bid_count', '>', 3)
      .orderBy('bid_count', 'desc')
      .executeTakeFirstOrThrow();
    const p1 = await records(big.id, 1, 2);
    const p2 = await records(big.id, 2, 2);
    expect(p1.data.list.map((b) => b.seq)).toEqual([big.bid_count, big.bid_count - 1]);
    expect(p2.data.list.map((b) => b.seq)).toEqual([big.bid_count - 2, big.bid_count - 3]);
    const all = await records(big.id);
    expect(all.data.list).toHaveLength(Math.min(50, big.bid_count));
    const preview = await lotWith(0);
    expect((await records(preview.id)).data).toMatchObject({ total: 0, list: [] });
  });
});

describe('home statistics', () => {
  it('counts public lots per status and per hall', async () => {
    const r = await get<{ list: Array<{ status: number; count: number }>; halls: Record<string, number> }>(
      t,
      '/api/mall-auction/home/stat/car/by/date/on-status',
    );
    const rows = await db()
      .selectFrom('lot')
      .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
      .groupBy('status')
      .execute();
    const n = (s: number) => Number(rows.find((x) => x.status === s)?.n ?? 0);
    expect(r.data.list.map((x) => x.status)).toEqual([0, 2, 3, 4, 5, 6]);
    for (const x of r.data.list) expect(x.count).toBe(n(x.status));
    expect(r.data.halls).toEqual({
      foreshowHall: n(0),
      applyHall: n(2),
      auctionHall: n(3) + n(4),
      resultHall: n(5) + n(6),
    });
    expect(Object.values(r.data.halls).every((c) => c > 0)).toBe(true);
  });

  it('gives 30 Beijing days of listed / on auction / sold counts ending today', async () => {
    const r = await get<{ dates: string[]; listed: number[]; onAuction: number[]; sold: number[] }>(
      t,
      '/api/mall-auction/home/stat/car/by/date',
    );
    expect(r.data.dates).toHaveLength(30);
    expect(r.data.dates.at(-1)).toBe('06-15');
    expect(r.data.dates[0]).toBe('05-17');
    const from = new Date(Date.UTC(2026, 4, 17) - 8 * 3_600_000);
    const sold = await db()
      .selectFrom('lot')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('status', '=', 5)
      .where('end_time', '>=', from)
      .executeTakeFirstOrThrow();
    expect(r.data.sold.reduce((a, b) => a + b, 0)).toBe(Number(sold.n));
    expect(r.data.listed.reduce((a, b) => a + b, 0)).toBeGreaterThan(50);
    expect(r.data.onAuction.at(-1)).toBeGreaterThan(0);
  });
});

describe('secret fields', () => {
  it('never sends the reserve, the whole VIN or the whole plate in any public response', async () => {
    const picks = await db()
      .selectFrom('lot')
      .selectAll()
      .where('status', 'in', [0, 2, 3, 4, 5, 6])
      .where('demo_key', 'like', 'demo-000%')
      .execute();
    expect(picks.length).toBeGreaterThan(5);
    for (const [i, lot] of picks.entries()) {
      const reserveFen = 98_765_400 + i * 7; // distinctive, so a match can only be a leak
      await db().updateTable('lot').set({ reserve_price: reserveFen }).where('id', '=', lot.id).execute();
      const responses = [
        (await detail(lot.id)).body,
        (await get(t, `/api/mall-auction/home/get/${lot.id}`)).body,
        (await records(lot.id)).body,
        (
          await post(t, '/api/mall-search/search/auc_order/search', {
            pageSize: 100,
            filters: { keyword: lot.title },
          })
        ).body,
        (
          await post(t, '/api/mall-search/search/auc_order/search', {
            pageSize: 100,
            filters: { statusList: [lot.status], sort: 'priceDesc' },
          })
        ).body,
        (await get(t, '/api/mall-auction/home/stat/car/by/date')).body,
        (await get(t, '/api/mall-auction/home/stat/car/by/date/on-status')).body,
        (await get(t, '/api/mall-search/search/auc_order/brands')).body,
      ];
      const secrets = [
        String(reserveFen),
        (reserveFen / 100).toFixed(2),
        lot.vin,
        lot.plate_no,
        lot.plate_no.slice(2),
        '13800138',
      ];
      for (const body of responses)
        for (const s of secrets) expect(body.includes(s), `${s} leaked`).toBe(false);
      expect(responses[3]).toContain(lot.id);
    }
  });
});

describe('demo data', () => {
  it('re-seeds in place at every start: no duplicates, every hall populated relative to the new now', async () => {
    const later = new Date(FIXED_NOW.getTime() + 20 * 86_400_000);
    await seedLots(db(), later);
    await seedLots(db(), later);
    const n = await db()
      .selectFrom('lot')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('demo_key', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(DEMO_LOT_COUNT);
    const statuses = await db()
      .selectFrom('lot')
      .select('status')
      .distinct()
      .where('demo_key', 'is not', null)
      .execute();
    expect(statuses.map((s) => s.status).sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const wrong = await db()
      .selectFrom('lot')
      .select('id')
      .where('demo_key', 'is not', null)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 0), eb('reg_start_time', '<=', later)]),
          eb.and([
            eb('status', '=', 2),
            eb.or([eb('reg_start_time', '>', later), eb('start_time', '<=', later)]),
          ]),
          eb.and([
            eb('status', 'in', [3, 4]),
            eb.or([eb('start_time', '>', later), eb('end_time', '<=', later)]),
          ]),
          eb.and([eb('status', 'in', [5, 6]), eb('end_time', '>', later)]),
          eb.and([eb('status', 'in', [0, 2, 3, 4, 5, 6]), eb('preview_time', '>', later)]),
        ]),
      )
      .execute();
    expect(wrong).toEqual([]);
    const photos = await db()
      .selectFrom('lot_photo')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(photos.n)).toBe(DEMO_LOT_COUNT * 5);
  });

  it('serves the generated SVG photos with caching', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/demo/suv-red-side.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/files/demo/suv-red-side.svg',
      headers: { 'if-none-match': String(res.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    for (const bad of [
      'tank-red-side.svg',
      'suv-plaid-side.svg',
      'suv-red-top.svg',
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/files/demo/${bad}` })).statusCode, bad).toBe(
        404,
      );
    }
  });
});
