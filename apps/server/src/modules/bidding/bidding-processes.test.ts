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

  beforeAll(async () => {
    const test = await createTestDb();
    ({ dbh, drop } = test);
    ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    [a, b] = await Promise.all([startServerProcess(test.url ?? ''), startServerProcess(test.url ?? '')]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop();
  });

  async function registered(count: number, lot: string, base: string): Promise<StormClient[]> {
    const clients: StormClient[] = [];
    for (let i = 0; i < count; i++) {
      const buyer = await makeBuyer({ ctx });
      const res = await fetch(`${base}/api/mall-auction/buyer/auc_order/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: buyer.token },
        body: JSON.stringify({ orderId: lot }),
      });
      const { data } = (await res.json()) as { data: { paymentNo: string } };
      await fetch(`${base}/api/dev/payments/${data.paymentNo}/succeed`, { method: 'POST' });
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
});
