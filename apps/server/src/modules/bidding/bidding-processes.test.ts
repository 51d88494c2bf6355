import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { createTestDb, testEnv } from '../../test/test-app';
import { makeBuyer, makeLot, setLotEnd } from '../../test/bidding-fixture';
import { watch } from '../../test/live-client';
import { startServerProcess } from '../../test/server-process';
import { bidOverHttp, checkStormInvariants, runStorm, type StormClient } from '../../test/storm';

// Two real server processes on one PostgreSQL database (skipped on PGlite: one process only).
const onServer = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onServer)('two server processes on one PostgreSQL', () => {
  let dbh: DbHandle;
  let drop: () => Promise<void>;
  let ctx: AppContext;
  let a: Awaited<ReturnType<typeof startServerProcess>>;
  let b: Awaited<ReturnType<typeof startServerProcess>>;
  let url = '';

  beforeAll(async () => {
    const test = await createTestDb();
    ({ dbh, drop } = test);
    ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    url = test.url ?? '';
    [a, b] = await Promise.all([startServerProcess(url), startServerProcess(url)]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
  });

  /** `count` new buyers, each with a deposit paid through the payment flow on every lot. */
  async function registered(count: number, lots: string | string[], base: string): Promise<StormClient[]> {
    const clients: StormClient[] = [];
    for (let i = 0; i < count; i++) {
      const buyer = await makeBuyer({ ctx });
      for (const lot of typeof lots === 'string' ? [lots] : lots) {
        const res = await fetch(`${base}/api/mall-auction/buyer/auc_order/deposit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: buyer.token },
          body: JSON.stringify({ orderId: lot }),
        });
        const { data } = (await res.json()) as { data: { paymentNo: string } };
        await fetch(`${base}/api/dev/payments/${data.paymentNo}/succeed`, { method: 'POST' });
      }
      clients.push({ base, token: buyer.token, buyerId: buyer.id });
    }
    return clients;
  }

  it('a watcher on process A sees bids placed through process B, in order', async () => {
    const lot = await makeLot({ ctx });
    const [x, y] = await registered(2, lot, b.url);
    const w = await watch(a.url, lot);
    await w.until(1);
    let amount = 10_000;
    for (let i = 0; i < 20; i++) {
      const who = i % 2 === 0 ? x : y;
      const answer = await bidOverHttp({ ...(who as StormClient), base: b.url }, lot, `${amount}.00`);
      expect(answer?.code).toBe(200);
      amount += 500;
    }
    const events = await w.until(21);
    expect(events[0]?.type).toBe('lot.snapshot');
    expect(events.slice(1).map((e) => [e.type, e.seq])).toEqual(
      Array.from({ length: 20 }, (_, i) => ['bid.placed', i + 1]),
    );
    w.close();
  });

  it('kill -9 of one process mid-storm loses no acknowledged bid; the survivor closes the lot once', async () => {
    const lot = await makeLot({ ctx }, { extend_window_sec: 5, extend_step_sec: 5 });
    const clients = await registered(20, lot, a.url);
    const initialEnd = Date.now() + 4_000;
    await setLotEnd(dbh.db, lot, new Date(initialEnd));
    const w = await watch(a.url, lot);
    await w.until(1);
    // Odd attempts go to B until it dies; then everyone uses A.
    let bAlive = true;
    const storm = runStorm(clients, lot, 12, '10000.00', (_c, i) => (bAlive && i % 2 === 1 ? b.url : a.url));
    await vi.waitFor(
      async () => {
        const row = await dbh.db
          .selectFrom('lot')
          .select('bid_count')
          .where('id', '=', lot)
          .executeTakeFirstOrThrow();
        if (row.bid_count < 10) throw new Error('storm warming up');
      },
      { timeout: 60_000, interval: 20 },
    );
    await b.kill9();
    bAlive = false;
    const { acknowledged } = await storm;
    expect(acknowledged.filter((x) => x.via === b.url).length).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        const row = await dbh.db
          .selectFrom('lot')
          .select('status')
          .where('id', '=', lot)
          .executeTakeFirstOrThrow();
        if (row.status < 5) throw new Error('not closed yet');
      },
      { timeout: 60_000, interval: 200 },
    );
    const { bids } = await checkStormInvariants(dbh.db, lot, acknowledged, initialEnd);
    await vi.waitFor(() => expect(w.events.some((e) => e.type === 'lot.closed')).toBe(true));
    expect(w.events.filter((e) => e.type === 'lot.closed')).toHaveLength(1);
    expect(w.events.filter((e) => e.type === 'bid.placed').map((e) => e.seq)).toEqual(bids.map((x) => x.seq));
    console.info(
      `kill -9 storm: ${acknowledged.length} acknowledged (${acknowledged.filter((x) => x.via === b.url).length} by the killed process), ${bids.length} bids, closed with status ${bids.length ? 5 : 6}`,
    );
    w.close();
  });

  it('kill -9 mid-storm over 3 lots on two processes: no acknowledged bid lost on any lot; each closes once', async () => {
    const c = await startServerProcess(url);
    const lots: string[] = [];
    for (let i = 0; i < 3; i++)
      lots.push(await makeLot({ ctx }, { extend_window_sec: 5, extend_step_sec: 5 }));
    const clients = await registered(20, lots, a.url);
    const initialEnd = Date.now() + 4_000;
    for (const lot of lots) await setLotEnd(dbh.db, lot, new Date(initialEnd));
    const watchers = await Promise.all(lots.map((lot) => watch(a.url, lot)));
    for (const w of watchers) await w.until(1);
    let cAlive = true;
    const storm = runStorm(clients, lots, 24, '10000.00', (_c, i) => (cAlive && i % 2 === 1 ? c.url : a.url));
    await vi.waitFor(
      async () => {
        const rows = await dbh.db.selectFrom('lot').select('bid_count').where('id', 'in', lots).execute();
        if (rows.reduce((n, r) => n + r.bid_count, 0) < 15) throw new Error('storm warming up');
      },
      { timeout: 60_000, interval: 20 },
    );
    await c.kill9();
    cAlive = false;
    const { acknowledged } = await storm;
    expect(acknowledged.filter((x) => x.via === c.url).length).toBeGreaterThan(0);
    await vi.waitFor(
      async () => {
        const open = await dbh.db
          .selectFrom('lot')
          .select('id')
          .where('id', 'in', lots)
          .where('status', '<', 5)
          .execute();
        if (open.length) throw new Error('not closed yet');
      },
      { timeout: 60_000, interval: 200 },
    );
    for (const [i, lot] of lots.entries()) {
      const { bids } = await checkStormInvariants(dbh.db, lot, acknowledged, initialEnd);
      const w = watchers[i] as (typeof watchers)[number];
      await vi.waitFor(() => expect(w.events.some((e) => e.type === 'lot.closed')).toBe(true));
      expect(w.events.filter((e) => e.type === 'lot.closed')).toHaveLength(1);
      expect(w.events.filter((e) => e.type === 'bid.placed').map((e) => e.seq)).toEqual(
        bids.map((x) => x.seq),
      );
      w.close();
    }
    console.info(
      `kill -9 storm over ${lots.length} lots: ${acknowledged.length} acknowledged (${acknowledged.filter((x) => x.via === c.url).length} by the killed process)`,
    );
  }, 120_000);
});
