import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { makeBuyer, makeLot, payDeposit, setLotEnd } from '../../test/bidding-fixture';
import { checkStormInvariants, runStorm, type StormClient } from '../../test/storm';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

// Each storm runs for a minute or more on PGlite when the 2-core machine is loaded; the caps only
// bound a hung run (nothing is timed).
describe('bid storm over HTTP on one lot', () => {
  it('50 parallel clients: gapless seq, increasing amounts, every 200 stored, exact extensions, one winner', async () => {
    const lot = await makeLot(t, { extend_window_sec: 5, extend_step_sec: 5 });
    const clients: StormClient[] = [];
    for (let i = 0; i < 50; i++) {
      const b = await makeBuyer(t);
      await payDeposit(t, b.token, lot);
      clients.push({ base, token: b.token, buyerId: b.id });
    }
    // Registration done: the lot now ends inside its 5-second window, so the first bid already extends
    // it. Four seconds, not less: a loaded machine can pause that long before the first bid lands.
    const initialEnd = Date.now() + 4_000;
    await setLotEnd(t.ctx.dbh.db, lot, new Date(initialEnd));
    const { acknowledged, reasons } = await runStorm(clients, lot, 10, '10000.00');
    // Real contention happened: many accepted, many refused as outbid.
    expect(acknowledged.length, JSON.stringify([...reasons])).toBeGreaterThan(10);
    expect(reasons.get('出价已被超越') ?? 0).toBeGreaterThan(10);
    expect(
      [...reasons.keys()].every((m) =>
        ['操作成功', '出价已被超越', '您已是最高出价者', '拍卖已结束', '加价幅度不符'].includes(m),
      ),
    ).toBe(true);
    // Wait for the (possibly extended) end, then close.
    await vi.waitFor(
      async () => {
        const row = await t.ctx.dbh.db
          .selectFrom('lot')
          .select('end_time')
          .where('id', '=', lot)
          .executeTakeFirstOrThrow();
        if (Date.now() <= row.end_time.getTime()) throw new Error('not ended yet');
      },
      { timeout: 60_000, interval: 200 },
    );
    await schedulerFor(t.ctx).scheduler.runOnce();
    const late = await runStorm(clients.slice(0, 5), lot, 1, '99999.00');
    expect(late.acknowledged).toEqual([]);
    expect([...late.reasons.keys()]).toEqual(['拍卖已结束']);
    const { bids } = await checkStormInvariants(t.ctx.dbh.db, lot, acknowledged, initialEnd);
    expect(bids[0]?.extended).toBe(true);
    console.info(
      `storm: ${acknowledged.length} acknowledged of ${[...reasons.values()].reduce((a, b) => a + b, 0)} requests, ${bids.length} bids stored, ${bids.filter((b) => b.extended).length} extensions`,
    );
  }, 240_000);

  it('50 parallel clients over 5 lots (batches span lots): the same invariants on every lot, each closed once', async () => {
    const lots: string[] = [];
    for (let i = 0; i < 5; i++) lots.push(await makeLot(t, { extend_window_sec: 5, extend_step_sec: 5 }));
    const clients: StormClient[] = [];
    for (let i = 0; i < 50; i++) {
      const b = await makeBuyer(t);
      for (const lot of lots) await payDeposit(t, b.token, lot);
      clients.push({ base, token: b.token, buyerId: b.id });
    }
    const initialEnd = Date.now() + 4_000;
    for (const lot of lots) await setLotEnd(t.ctx.dbh.db, lot, new Date(initialEnd));
    const { acknowledged, reasons } = await runStorm(clients, lots, 20, '10000.00');
    for (const lot of lots)
      expect(
        acknowledged.filter((a) => a.orderId === lot).length,
        JSON.stringify([...reasons]),
      ).toBeGreaterThan(5);
    await vi.waitFor(
      async () => {
        const open = await t.ctx.dbh.db
          .selectFrom('lot')
          .select('id')
          .where('id', 'in', lots)
          .where('end_time', '>=', new Date())
          .execute();
        if (open.length) throw new Error('not ended yet');
      },
      { timeout: 60_000, interval: 200 },
    );
    await schedulerFor(t.ctx).scheduler.runOnce();
    for (const lot of lots) await checkStormInvariants(t.ctx.dbh.db, lot, acknowledged, initialEnd);
    console.info(`storm over ${lots.length} lots: ${acknowledged.length} acknowledged`);
  }, 240_000);
});
