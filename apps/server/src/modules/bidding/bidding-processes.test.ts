import { fenDisplay as yuan, fenToYuanString, yuanStringToFen } from '@chepai/shared/domain/money';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { createTestDb, testEnv } from '../../test/test-app';
import { makeBuyer, makeLot, setLotEnd } from '../../test/bidding-fixture';
import { watch } from '../../test/live-client';
import { startServerProcess } from '../../test/server-process';
import { outbidNoticesOf } from '../../test/notice-kit';
import { bidOverHttp, checkStormInvariants, runStorm, type StormClient } from '../../test/storm';
import { USER_NOTICES_CHANNEL } from '../notices/notify';

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

  it('outbid notices of bids through both processes: every displacement counted once, the last one in each notice', async () => {
    const lot = await makeLot({ ctx });
    // Each user's one unread outbid notice of the lot, kept current by every outbid (decision 044).
    const outbid = async (userId: string) => {
      const rows = await outbidNoticesOf(dbh.db, userId);
      expect(rows.length).toBeLessThanOrEqual(1);
      return rows[0] ?? null;
    };
    // Every write of a notice is announced once, by the process that wrote it; within a window
    // (decision 046, the product's default here) one write stands for several outbids.
    const announced = new Map<string, number>();
    const unlisten = await dbh.listen(USER_NOTICES_CHANNEL, (payload) => {
      for (const [, id] of (JSON.parse(payload) as { n: Array<[string, string]> }).n)
        announced.set(id, (announced.get(id) ?? 0) + 1);
    });
    const announcedOf = async (userId: string) => {
      const notice = await outbid(userId);
      return notice ? (announced.get(notice.id) ?? 0) : 0;
    };
    // One bid at a time, alternately through A and B: every bid displaces the other buyer, once.
    const [x, y] = (await registered(2, lot, a.url)) as [StormClient, StormClient];
    let amount = 10_000;
    for (let i = 0; i < 10; i++) {
      const via = i % 2 === 0 ? { ...x, base: a.url } : { ...y, base: b.url };
      expect((await bidOverHttp(via, lot, `${amount}.00`))?.code).toBe(200);
      amount += 500;
    }
    // x lost the lead at seqs 2, 4, 6, 8, 10 (last to 14,500 元), y at 3, 5, 7, 9 (last to 14,000 元):
    // once their windows have ended, each notice counts every one and shows the last.
    await expect
      .poll(async () => [(await outbid(x.buyerId))?.repeats, (await outbid(y.buyerId))?.repeats], {
        timeout: 5_000,
      })
      .toEqual([5, 4]);
    const [toldX, toldY] = [await outbid(x.buyerId), await outbid(y.buyerId)];
    expect(toldX?.body).toContain('¥14,500.00');
    expect(toldY?.body).toContain('¥14,000.00');
    for (const [user, told] of [
      [x.buyerId, 5],
      [y.buyerId, 4],
    ] as const) {
      const times = await announcedOf(user);
      expect(times).toBeGreaterThanOrEqual(1);
      expect(times).toBeLessThanOrEqual(told);
    }

    // Then everyone at once, plain bids (no proxies: each accepted bid makes its bidder the leader),
    // through both processes, so that batches of A and B interleave on the lot.
    const clients = [x, y, ...(await registered(4, lot, a.url))];
    await Promise.all(
      clients.map(async (c, n) => {
        let next = `${amount}.00`;
        for (let i = 0; i < 12; i++) {
          // 0–3 increments (500 元) above the minimum, so that fewer bids are overtaken.
          const bid = fenToYuanString(yuanStringToFen(next) + ((n * 7 + i * 3) % 4) * 50_000);
          const answer = await bidOverHttp({ ...c, base: (n + i) % 2 ? b.url : a.url }, lot, bid);
          next = answer?.data.state?.minNextBid ?? answer?.data.minNextBid ?? next;
        }
      }),
    );
    const bids = await dbh.db
      .selectFrom('bid')
      .select(['seq', 'bidder_id', 'amount'])
      .where('lot_id', '=', lot)
      .orderBy('seq')
      .execute();
    const last = bids.at(-1)!;
    expect(last.seq - 10).toBeGreaterThan(10);
    // The outbids each process holds are written when their window (1 s) ends: past every window.
    await new Promise((r) => setTimeout(r, 2_500));
    for (const c of clients) {
      const mine = bids.filter((r) => r.bidder_id === c.buyerId).map((r) => r.seq);
      const notice = await outbid(c.buyerId);
      const told = notice?.repeats ?? 0;
      // Never counted more often than the lead was lost (runs of its own seqs): no displacement twice.
      const runs = mine.filter((s, i) => i === 0 || mine[i - 1] !== s - 1).length;
      expect(told).toBeLessThanOrEqual(runs - (last.bidder_id === c.buyerId ? 1 : 0));
      // Each write announced once, and a write stands for one outbid or more.
      await expect.poll(() => announcedOf(c.buyerId)).toBeGreaterThanOrEqual(told ? 1 : 0);
      expect(await announcedOf(c.buyerId)).toBeLessThanOrEqual(told);
      // None lost at the end: one who does not lead was told, at a price bid after their last bid.
      if (last.bidder_id !== c.buyerId && mine.length) {
        const later = bids.filter((r) => r.seq > mine.at(-1)!).map((r) => yuan(Number(r.amount)));
        expect(later.some((price) => notice?.body.includes(price))).toBe(true);
      }
    }
    await unlisten();
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
