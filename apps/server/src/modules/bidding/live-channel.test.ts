import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeBuyer, makeLot, MIN, payDeposit, placeBid } from '../../test/bidding-fixture';
import { watch } from '../../test/live-client';

const onServer = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('live channel /api/live/lots/{orderId}', () => {
  it('sends a snapshot, then every bid live in seq order, proxy answers included', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    const deposits = [await payDeposit(t, a.token, lot), await payDeposit(t, b.token, lot)];
    expect(deposits).toHaveLength(2);
    const w = await watch(base, lot);
    await w.until(1);
    expect(w.events[0]).toMatchObject({
      type: 'lot.snapshot',
      seq: 0,
      status: 3,
      currentPrice: null,
      bidCount: 0,
    });
    await placeBid(t, a.token, lot, '10000', '11000');
    await placeBid(t, b.token, lot, '10500');
    const events = await w.until(4);
    expect(
      events.slice(1).map((e) => (e.type === 'bid.placed' ? [e.seq, e.amount, e.auto] : e.type)),
    ).toEqual([
      [1, '10000.00', false],
      [2, '10500.00', false],
      [3, '11000.00', true],
    ]);
    const first = events[1];
    expect(first?.type === 'bid.placed' && first.bidderNo).toMatch(/^\*\*\d{4}$/);
    w.close();
  });

  it('replays what was missed with ?since=, then continues live without duplicates', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await payDeposit(t, a.token, lot);
    await payDeposit(t, b.token, lot);
    for (const [who, amount] of [
      [a, '10000'],
      [b, '10500'],
      [a, '11000'],
      [b, '11500'],
    ] as const) {
      expect((await placeBid(t, who.token, lot, amount)).status).toBe(200);
    }
    const w = await watch(base, lot, 2);
    await w.until(3);
    expect(w.events.map((e) => `${e.type}:${e.seq}`)).toEqual([
      'lot.snapshot:4',
      'bid.placed:3',
      'bid.placed:4',
    ]);
    await placeBid(t, a.token, lot, '12000');
    await w.until(4);
    expect(w.events.at(-1)).toMatchObject({ type: 'bid.placed', seq: 5, amount: '12000.00' });
    expect(w.events.every((e) => typeof e.serverTime === 'number')).toBe(true);
    w.close();
  });

  it('announces extensions and the close', async () => {
    const now = Date.now();
    t.setNow(new Date(now));
    const lot = await makeLot(t, { end_time: new Date(now + 2 * MIN) });
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, lot);
    const w = await watch(base, lot);
    await w.until(1);
    await placeBid(t, a.token, lot, '10000');
    await w.until(3);
    expect(w.events[2]).toMatchObject({ type: 'lot.extended', seq: 1, status: 4, endTime: now + 5 * MIN });
    t.setNow(new Date(now + 5 * MIN));
    await schedulerFor(t.ctx).scheduler.runOnce();
    await w.until(4);
    expect(w.events[3]).toMatchObject({ type: 'lot.closed', seq: 1, status: 5, finalPrice: '10000.00' });
    const late = await watch(base, lot, 0);
    await late.until(4);
    expect(late.events.map((e) => e.type)).toEqual([
      'lot.snapshot',
      'bid.placed',
      'lot.extended',
      'lot.closed',
    ]);
    t.setNow(null);
    w.close();
    late.close();
  });

  it('marks bids mine only on the connection of the buyer who placed them', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await payDeposit(t, a.token, lot);
    await payDeposit(t, b.token, lot);
    const [asA, asB, anonymous, stale] = [
      await watch(base, lot, undefined, a.token),
      await watch(base, lot, undefined, b.token),
      await watch(base, lot),
      await watch(base, lot, undefined, 'not-a-token'),
    ];
    for (const w of [asA, asB, anonymous, stale]) await w.until(1);
    expect(asA.protocol).toBe('chepai.live');
    await placeBid(t, a.token, lot, '10000');
    await placeBid(t, b.token, lot, '10500');
    const mineFlags = async (w: Awaited<ReturnType<typeof watch>>) =>
      (await w.until(3)).flatMap((e) => (e.type === 'bid.placed' ? [e.mine] : []));
    expect(await mineFlags(asA)).toEqual([true, false]);
    expect(await mineFlags(asB)).toEqual([false, true]);
    expect(await mineFlags(anonymous)).toEqual([false, false]);
    expect(await mineFlags(stale)).toEqual([false, false]);
    // The replay of a resumed connection is marked the same way; no account id ever reaches a watcher.
    const resumed = await watch(base, lot, 0, b.token);
    expect(await mineFlags(resumed)).toEqual([false, true]);
    expect(JSON.stringify(resumed.raw)).not.toContain(a.id);
    for (const w of [asA, asB, anonymous, stale, resumed]) w.close();
  });

  it.runIf(onServer)('catches up from the database after its LISTEN connection drops', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await payDeposit(t, a.token, lot);
    await payDeposit(t, b.token, lot);
    const w = await watch(base, lot);
    await w.until(1);
    await placeBid(t, a.token, lot, '10000');
    await w.until(2);
    // Kill this process's listening connection: notifications sent until it is back are lost to it.
    const killed = await sql<{
      n: number;
    }>`select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and query ilike 'listen %'`.execute(
      t.ctx.dbh.db,
    );
    expect(killed.rows[0]?.n).toBe(1);
    expect((await placeBid(t, b.token, lot, '10500')).status).toBe(200);
    const events = await w.until(3);
    expect(events[2]).toMatchObject({ type: 'bid.placed', seq: 2, amount: '10500.00' });
    // And live again afterwards.
    expect((await placeBid(t, a.token, lot, '11000')).status).toBe(200);
    await w.until(4);
    expect(w.events.map((e) => (e.type === 'bid.placed' ? e.amount : e.type))).toEqual([
      'lot.snapshot',
      '10000.00',
      '10500.00',
      '11000.00',
    ]);
    w.close();
  });

  it('refuses a malformed lot id, a bad since and an unknown lot with a Chinese message', async () => {
    for (const [id, since, msg] of [
      ['abc', undefined, '拍品编号格式不正确'],
      ['1234567890123456789', undefined, '拍品不存在或已下架'],
      [await makeLot(t), -1, 'since 必须是非负整数'],
    ] as const) {
      const w = await watch(base, id, since);
      await vi.waitFor(() => expect(w.isClosed()).toBe(true));
      expect(w.raw).toEqual([{ type: 'error', message: msg }]);
    }
  });
});
