import type { LotSummary } from '@chepai/shared/contracts/lots';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, makeBuyer, makeLot, MIN, payDeposit, placeBid, YUAN } from '../../test/bidding-fixture';
import { listingKeys } from './listing-keys';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

const db = () => t.ctx.dbh.db;
const keys = (id: string) =>
  db()
    .selectFrom('lot')
    .select(['list_price', 'list_bid_count', 'list_end_time', 'current_price', 'bid_count', 'end_time'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
const hall = async (brandName: string, filters: Record<string, unknown>) => {
  const res = await call<{ list: LotSummary[] }>(
    t,
    null,
    'POST',
    '/api/mall-search/search/auc_order/search',
    { pageNum: 1, pageSize: 10, filters: { brandName, statusList: [3, 4], ...filters } },
  );
  expect(res.status).toBe(200);
  return res.data.list.map((l) => [l.orderId, l.currentPrice]);
};

describe('listing keys (decision 006)', () => {
  it('the columns bids move live in a narrow row that no index but its key covers: a bid is a HOT update', async () => {
    const indexes = async (table: string) =>
      (
        await sql<{ def: string }>`
          select pg_get_indexdef(i.indexrelid) as def from pg_index i
          where i.indrelid = ${table}::regclass`.execute(db())
      ).rows.map((r) => r.def);
    // What a batch writes on every bid (the base row's status moves only once, at the first extension).
    expect(await indexes('lot_live')).toEqual([
      expect.stringMatching(/^CREATE UNIQUE INDEX lot_live_pkey ON .*lot_live USING btree \(lot_id\)$/),
    ]);
    // The halls' indexes stay on the wide row, which bids no longer write.
    expect((await indexes('lot_base')).length).toBeGreaterThan(15);
    const { rows: options } = await sql<{
      opts: string[] | null;
    }>`select reloptions as opts from pg_class where oid = 'lot_live'::regclass`.execute(db());
    expect(options[0]?.opts).toContain('fillfactor=70');
  });

  it('halls sort and filter by the listing copy, which the scheduler catches up after bids', async () => {
    const brand = `键测${Date.now() % 100_000}`;
    const cheap = await makeLot(t, {
      brand_name: brand,
      start_price: 10_000 * YUAN,
      current_price: 10_000 * YUAN,
    });
    const dear = await makeLot(t, {
      brand_name: brand,
      start_price: 20_000 * YUAN,
      current_price: 20_000 * YUAN,
    });
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, cheap);
    expect((await placeBid(t, a.token, cheap, '30000')).status).toBe(200);

    // The bid is live everywhere a price is shown, but the listing copy has not moved yet.
    expect(await keys(cheap)).toMatchObject({
      current_price: String(30_000 * YUAN),
      bid_count: 1,
      list_price: String(10_000 * YUAN),
      list_bid_count: 0,
    });
    expect(await hall(brand, { sort: 'priceAsc' })).toEqual([
      [cheap, '30000.00'],
      [dear, '20000.00'],
    ]);

    // Once the lot has gone quiet (no bid for half a second), the next tick catches it up.
    t.setNow(new Date(Date.now() + 600));
    await schedulerFor(t.ctx).scheduler.runOnce();
    t.setNow(null);
    const k = await keys(cheap);
    expect([k.list_price, k.list_bid_count, k.list_end_time.getTime()]).toEqual([
      k.current_price,
      k.bid_count,
      k.end_time.getTime(),
    ]);
    expect(await hall(brand, { sort: 'priceAsc' })).toEqual([
      [dear, '20000.00'],
      [cheap, '30000.00'],
    ]);
    expect(await hall(brand, { sort: 'mostBids' })).toEqual([
      [cheap, '30000.00'],
      [dear, '20000.00'],
    ]);
    expect(await hall(brand, { priceMin: '25000' })).toEqual([[cheap, '30000.00']]);
  });

  it('an extended lot still closes on time, and the close sets the final listing keys', async () => {
    const lot = await makeLot(t, {
      end_time: new Date(Date.now() + 2 * MIN),
      extend_window_sec: 300,
      extend_step_sec: 300,
    });
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, lot);
    expect((await placeBid(t, a.token, lot, '10000')).status).toBe(200);
    const extended = await keys(lot);
    // The bid moved the end by the anti-sniping step; its listing copy still has the old end.
    expect(extended.end_time.getTime()).toBeGreaterThan(extended.list_end_time.getTime());

    t.setNow(new Date(extended.end_time.getTime() - 1_000));
    await schedulerFor(t.ctx).scheduler.runOnce();
    expect(
      (await db().selectFrom('lot').select('status').where('id', '=', lot).executeTakeFirstOrThrow()).status,
    ).toBe(4);
    t.setNow(new Date(extended.end_time.getTime() + 1_000));
    await schedulerFor(t.ctx).scheduler.runOnce();
    t.setNow(null);
    const closed = await db()
      .selectFrom('lot')
      .select(['status', 'list_price', 'list_bid_count', 'list_end_time', 'end_time'])
      .where('id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(closed).toMatchObject({ status: 5, list_price: String(10_000 * YUAN), list_bid_count: 1 });
    expect(closed.list_end_time.getTime()).toBe(closed.end_time.getTime());
  });

  it('a full sweep catches up lots whose marks were lost with their process, not lots still taking bids', async () => {
    const [orphan, live] = [await makeLot(t), await makeLot(t)];
    const start = Date.now();
    // Both lots' live columns moved (written_at is when a batch last wrote them); the orphan's
    // writer died twelve seconds ago, the live one is bid on by another process right now.
    await db()
      .updateTable('lot_live')
      .set({ current_price: String(15_000 * YUAN), bid_count: 3, written_at: new Date(start - 12_000) })
      .where('lot_id', '=', orphan)
      .execute();
    await db()
      .updateTable('lot_live')
      .set({ current_price: String(15_500 * YUAN), bid_count: 4, written_at: new Date(start) })
      .where('lot_id', '=', live)
      .execute();
    // A fresh instance (a new process) has no marks; its first tick sweeps the lots in bidding.
    const fresh = listingKeys(db());
    await fresh.tick(new Date(start));
    expect(await keys(orphan)).toMatchObject({ list_price: String(15_000 * YUAN), list_bid_count: 3 });
    // The live lot belongs to its bidding process's marks: the sweep leaves it alone.
    expect(await keys(live)).toMatchObject({ list_bid_count: 0 });
    // Within the minute it only looks at marked lots.
    await db()
      .updateTable('lot')
      .set({ current_price: String(16_000 * YUAN) })
      .where('id', '=', orphan)
      .execute();
    await fresh.tick(new Date(start + 1_000));
    expect((await keys(orphan)).list_price).toBe(String(15_000 * YUAN));
    fresh.markDirty(orphan);
    await fresh.tick(new Date(start + 2_000));
    expect((await keys(orphan)).list_price).toBe(String(16_000 * YUAN));
    // A minute on, the live lot has had no batch for longer than ten seconds: the next sweep takes it.
    await fresh.tick(new Date(start + 61_000));
    expect(await keys(live)).toMatchObject({ list_price: String(15_500 * YUAN), list_bid_count: 4 });
  });

  it('a lot taking bids without pause is caught up every five seconds, not after each batch', async () => {
    const lot = await makeLot(t);
    let at = Date.now();
    const hot = listingKeys(db(), () => new Date(at));
    await hot.tick(new Date(at)); // the first tick's full sweep
    const bidTo = async (yuan: number) => {
      await db()
        .updateTable('lot')
        .set({ current_price: String(yuan * YUAN), bid_count: (eb) => eb('bid_count', '+', 1) })
        .where('id', '=', lot)
        .execute();
      hot.markDirty(lot);
    };
    // A bid every 200 ms for 6 s: never quiet for half a second, caught up once it is 5 s behind.
    const caughtUp: number[] = [];
    let copied = 0;
    for (let i = 1; i <= 30; i++) {
      await bidTo(10_000 + i * 500);
      at += 200;
      await hot.tick(new Date(at));
      const k = await keys(lot);
      if (k.list_bid_count !== copied) caughtUp.push(i);
      copied = k.list_bid_count;
    }
    expect(caughtUp).toEqual([25]);
    // After the last bid it goes quiet and is caught up at the next tick.
    await bidTo(30_000);
    at += 600;
    await hot.tick(new Date(at));
    const k = await keys(lot);
    expect([k.list_price, k.list_bid_count]).toEqual([k.current_price, k.bid_count]);
  });

  it('a tick over its time budget leaves the rest marked, and the longest behind comes first', async () => {
    const lots = [await makeLot(t), await makeLot(t), await makeLot(t)];
    let at = Date.now();
    // No time at all: each tick copies one lot (a tick always makes progress) and keeps the rest.
    const slow = listingKeys(db(), () => new Date(at), 0);
    await slow.tick(new Date(at)); // the first tick's full sweep
    // Bids on the third lot first, then the first, then the second: behind since in that order.
    for (const [n, lot] of [lots[2]!, lots[0]!, lots[1]!].entries()) {
      await db()
        .updateTable('lot')
        .set({ current_price: String((20_000 + n * 500) * YUAN), bid_count: 1 })
        .where('id', '=', lot)
        .execute();
      slow.markDirty(lot);
      at += 10;
    }
    const caughtUp = async () =>
      (await Promise.all(lots.map(async (lot) => (await keys(lot)).list_bid_count === 1))).map(Number);
    at += 600;
    await slow.tick(new Date(at));
    expect(await caughtUp()).toEqual([0, 0, 1]);
    at += 100;
    await slow.tick(new Date(at));
    expect(await caughtUp()).toEqual([1, 0, 1]);
    at += 100;
    await slow.tick(new Date(at));
    expect(await caughtUp()).toEqual([1, 1, 1]);
  });
});
