import { sql, type RawBuilder } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { createDbLiveBus, type LiveBus } from '../../platform/live/live-bus';
import { paymentsFor } from '../../platform/payments/payments';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../test/bidding-fixture';
import { outbidNoticesOf } from '../../test/notice-kit';
import { createTestDb, testEnv } from '../../test/test-app';
import { lotNotices } from '../notices/lot-notices';
import { notify, USER_NOTICES_CHANNEL } from '../notices/notify';
import { biddingService } from './bidding.service';
import { listingKeys } from './listing-keys';
import type { BusEvent } from './live-events';

// The outbid notice is written by the bid batch's own transaction (decision 021), on both
// databases: committed with the bids that displaced the leader, or not at all. Every outbid here
// (window 0); the window that holds a war's later outbids (decision 046) has tests of its own below.
let dbh: DbHandle;
let drop: () => Promise<void>;
let ctx: AppContext;
let service: ReturnType<typeof biddingService>;
let live: LiveBus<BusEvent>;
let unlisten: () => Promise<void>;
/** [user, notice] pairs announced on the user channel, in the order they arrived (at commit). */
const announced: Array<[string, string]> = [];

beforeAll(async () => {
  ({ dbh, drop } = await createTestDb());
  ctx = {
    env: testEnv({ OUTBID_NOTICE_WINDOW_MS: '0' }),
    dbh,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  };
  live = createDbLiveBus<BusEvent>(dbh, { load: async () => [] });
  await live.start();
  unlisten = await dbh.listen(USER_NOTICES_CHANNEL, (payload) => {
    announced.push(...(JSON.parse(payload) as { n: Array<[string, string]> }).n);
  });
  service = biddingService(ctx, paymentsFor(ctx), live, listingKeys(dbh.db));
});
afterAll(async () => {
  await unlisten();
  await live.stop();
  await drop();
});

const yuan = (n: number) => n * 100;
let nextNo = 600_000;

/** A lot in bidding and `n` buyers with deposits on it. */
async function lotWithBuyers(n: number) {
  const lot = await makeLot({ ctx });
  const buyers: string[] = [];
  for (let i = 0; i < n; i++) buyers.push((await makeBuyer({ ctx })).id);
  await freezeDepositsDirectly({ ctx }, lot, buyers, `ob${lot}_`, (nextNo += 100));
  return { lot, buyers };
}

type Bid = { buyerId: string; orderId: string; amount: number; maxAmount?: number };

/** Bids submitted in one turn of the event loop: one batch, in this order. */
async function oneBatch(bids: Bid[]) {
  const before = service.batchStats().batches;
  const answers = await Promise.all(
    bids.map((b) =>
      service.placeBid(b).then(
        (ok) => ({ ok }) as const,
        (err: unknown) => ({ err }) as const,
      ),
    ),
  );
  return { answers, batches: service.batchStats().batches - before };
}

const outbidOf = (userId: string) => outbidNoticesOf(dbh.db, userId);

const smsOf = (noticeIds: string[]) =>
  noticeIds.length
    ? dbh.db
        .selectFrom('notice_delivery')
        .select(['notice_id', 'state'])
        .where('notice_id', 'in', noticeIds)
        .execute()
    : Promise.resolve([]);

const bidsOf = async (lot: string) =>
  (await dbh.db.selectFrom('bid').select('seq').where('lot_id', '=', lot).orderBy('seq').execute()).map(
    (b) => b.seq,
  );

/**
 * Waits until the user channel has carried a notice of `userId`. Notifications arrive in commit
 * order, so anything a rolled-back transaction had announced would be in `announced` by then.
 */
async function announcedTo(userId: string) {
  await expect.poll(() => announced.some(([u]) => u === userId)).toBe(true);
}

/** Runs `run` while inserts into `table` matching `when` fail: in the statement, or only at COMMIT. */
async function failing(
  table: 'bid' | 'notice',
  when: RawBuilder<unknown>,
  at: 'statement' | 'commit',
  run: () => Promise<void>,
) {
  await sql`
    create or replace function chepai_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'injected failure'; end $$`.execute(dbh.db);
  await (
    at === 'commit'
      ? sql`create constraint trigger chepai_test_fail after insert on ${sql.table(table)}
          deferrable initially deferred for each row when (${when}) execute function chepai_test_fail()`
      : sql`create trigger chepai_test_fail before insert on ${sql.table(table)}
          for each row when (${when}) execute function chepai_test_fail()`
  ).execute(dbh.db);
  try {
    await run();
  } finally {
    await sql`drop trigger chepai_test_fail on ${sql.table(table)}`.execute(dbh.db);
  }
}

/** A lot where b has outbid a once (10,000 → 10,500 元), and a's notice of it. */
async function outbidOnce() {
  const { lot, buyers } = await lotWithBuyers(2);
  const [a, b] = buyers as [string, string];
  await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
  await service.placeBid({ buyerId: b, orderId: lot, amount: yuan(10_500) });
  const [first] = await outbidOf(a);
  return { lot, a, b, first };
}

const unavailable = (answer: Awaited<ReturnType<typeof oneBatch>>['answers'][number] | undefined) =>
  answer && 'err' in answer && answer.err instanceof AppError ? answer.err.code : null;

describe('the outbid notice in the bid batch', () => {
  it('is written once, by the same transaction as the bid that displaced the leader, SMS queued, announced at commit', async () => {
    const { lot, buyers } = await lotWithBuyers(2);
    const [a, b] = buyers as [string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    expect(await outbidOf(a)).toEqual([]);
    await service.placeBid({ buyerId: b, orderId: lot, amount: yuan(10_500) });

    const [notice, ...more] = await outbidOf(a);
    expect(more).toEqual([]);
    expect(notice?.event_key).toBe(`outbid:${lot}`);
    expect(notice?.body).toContain('¥10,500.00');
    expect(await outbidOf(b)).toEqual([]);
    expect(await smsOf([notice!.id])).toEqual([{ notice_id: notice!.id, state: 'pending' }]);
    // One transaction wrote b's bid, a's notice and its SMS: the same transaction id on all three rows.
    const { rows } = await sql<{ xid: string }>`
      select xmin::text as xid from bid where lot_id = ${lot} and seq = 2
      union all select xmin::text from notice where id = ${notice!.id}
      union all select xmin::text from notice_delivery where notice_id = ${notice!.id}`.execute(dbh.db);
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.xid)).size).toBe(1);
    await announcedTo(a);
    expect(announced.filter(([u]) => u === a)).toEqual([[a, notice!.id]]);
  });

  it('is kept current while unread: the next outbid updates it and announces it again; once read, the next is new', async () => {
    const { lot, a, b, first } = await outbidOnce();
    expect(first).toMatchObject({ repeats: 1, updated_at: null });
    expect(first?.body).toContain('¥10,500.00');

    // a takes the lead back and loses it again without having read the notice: the same notice,
    // now with the price that displaced a the second time.
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(11_000) });
    await service.placeBid({ buyerId: b, orderId: lot, amount: yuan(11_500) });
    const kept = await outbidOf(a);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: first!.id, repeats: 2, created_at: first!.created_at });
    expect(kept[0]?.body).toContain('¥11,500.00');
    expect(kept[0]?.updated_at?.getTime()).toBeGreaterThanOrEqual(first!.created_at.getTime());
    // Announced both times; the one outbid SMS of a still waits (decision 041), nothing more queued.
    await expect
      .poll(() => announced.filter(([u]) => u === a))
      .toEqual([
        [a, first!.id],
        [a, first!.id],
      ]);
    expect(await smsOf([first!.id])).toEqual([{ notice_id: first!.id, state: 'pending' }]);

    // Read, it is history: the next outbid is a notice of its own.
    await dbh.db.updateTable('notice').set({ read_at: new Date() }).where('id', '=', first!.id).execute();
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(12_000) });
    await service.placeBid({ buyerId: b, orderId: lot, amount: yuan(12_500) });
    const after = await outbidOf(a);
    expect(after.map((n) => [n.id === first!.id, n.repeats, n.read_at === null])).toEqual([
      [true, 2, false],
      [false, 1, true],
    ]);
    expect(after[1]?.body).toContain('¥12,500.00');
    await expect.poll(() => announced.filter(([u]) => u === a).length).toBe(3);
    // b, displaced by a's 11,000 and 12,000 and never reading: one notice holding both.
    expect((await outbidOf(b)).map((n) => n.repeats)).toEqual([2]);
  });

  it('a batch whose transaction fails after its bid rows leaves neither bids nor notices, and announces nothing', async () => {
    const { lot, buyers } = await lotWithBuyers(3);
    const [a, b, c] = buyers as [string, string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    // Fails at COMMIT, once every row of the batch (bids, lot, notice, SMS) has been written.
    await failing('bid', sql`new.lot_id = ${sql.lit(lot)} and new.seq > 1`, 'commit', async () => {
      const { answers } = await oneBatch([{ buyerId: b, orderId: lot, amount: yuan(10_500) }]);
      expect(unavailable(answers[0])).toBe(503);
    });
    expect(await bidsOf(lot)).toEqual([1]);
    expect(await outbidOf(a)).toEqual([]);

    // The same displacement, committed: both are there, once.
    await service.placeBid({ buyerId: c, orderId: lot, amount: yuan(10_500) });
    expect(await bidsOf(lot)).toEqual([1, 2]);
    const notices = await outbidOf(a);
    expect(notices.map((n) => n.event_key)).toEqual([`outbid:${lot}`]);
    expect(await smsOf(notices.map((n) => n.id))).toHaveLength(1);
    await announcedTo(a);
    expect(announced.filter(([u]) => u === a)).toEqual([[a, notices[0]!.id]]);
  });

  it('a notice that cannot be written fails its batch: the bid is not written either', async () => {
    const { lot, buyers } = await lotWithBuyers(2);
    const [a, b] = buyers as [string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    await failing('notice', sql`new.user_id = ${sql.lit(a)}`, 'statement', async () => {
      const { answers } = await oneBatch([{ buyerId: b, orderId: lot, amount: yuan(10_500) }]);
      expect(unavailable(answers[0])).toBe(503);
    });
    expect(await bidsOf(lot)).toEqual([1]);
    expect(await outbidOf(a)).toEqual([]);
  });

  it('a batch over two lots split after a failed COMMIT writes the healthy lot’s notice once', async () => {
    const [one, two] = [await lotWithBuyers(2), await lotWithBuyers(2)];
    await oneBatch([
      { buyerId: one.buyers[0]!, orderId: one.lot, amount: yuan(10_000) },
      { buyerId: two.buyers[0]!, orderId: two.lot, amount: yuan(10_000) },
    ]);
    const isolatedBefore = service.batchStats().isolated;
    await failing('bid', sql`new.lot_id = ${sql.lit(two.lot)}`, 'commit', async () => {
      const { answers } = await oneBatch([
        { buyerId: one.buyers[1]!, orderId: one.lot, amount: yuan(10_500) },
        { buyerId: two.buyers[1]!, orderId: two.lot, amount: yuan(10_500) },
      ]);
      expect(answers[0] && 'ok' in answers[0]).toBe(true);
      expect(unavailable(answers[1])).toBe(503);
    });
    expect(service.batchStats().isolated - isolatedBefore).toBe(1);
    // The first, rolled-back attempt wrote and announced nothing; the rerun of the healthy lot did, once.
    const healthy = await outbidOf(one.buyers[0]!);
    expect(healthy.map((n) => n.event_key)).toEqual([`outbid:${one.lot}`]);
    expect(await smsOf(healthy.map((n) => n.id))).toHaveLength(1);
    expect(await outbidOf(two.buyers[0]!)).toEqual([]);
    await announcedTo(one.buyers[0]!);
    expect(announced.filter(([u]) => u === one.buyers[0])).toEqual([[one.buyers[0], healthy[0]!.id]]);
    expect(announced.some(([u]) => u === two.buyers[0])).toBe(false);
  });

  it('a proxy war inside one batch gives the displaced user one notice, and none to one who leads at its end', async () => {
    const { lot, buyers } = await lotWithBuyers(2);
    const [a, b] = buyers as [string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000), maxAmount: yuan(12_000) });
    const { answers, batches } = await oneBatch([
      // a's proxy answers twice, then b passes it: a is displaced …
      { buyerId: b, orderId: lot, amount: yuan(10_500) },
      { buyerId: b, orderId: lot, amount: yuan(11_500) },
      { buyerId: b, orderId: lot, amount: yuan(12_500) },
      // … takes the lead back (b displaced), and b's proxy displaces a again.
      { buyerId: a, orderId: lot, amount: yuan(13_000), maxAmount: yuan(15_000) },
      { buyerId: b, orderId: lot, amount: yuan(13_500), maxAmount: yuan(20_000) },
    ]);
    expect(batches).toBe(1);
    expect(answers.every((x) => 'ok' in x)).toBe(true);
    const seqs = await bidsOf(lot);
    expect(seqs.length).toBe(9);
    const notices = await outbidOf(a);
    expect(notices.map((n) => n.event_key)).toEqual([`outbid:${lot}`]);
    expect(notices[0]?.body).toContain('¥15,500.00');
    expect(await outbidOf(b)).toEqual([]);
  });

  it('leaves out a displaced user who switched the outbid 站内信 off, and tells the others', async () => {
    const { lot, buyers } = await lotWithBuyers(3);
    const [a, b, c] = buyers as [string, string, string];
    await dbh.db
      .insertInto('notice_pref')
      .values({
        user_id: a,
        off: ['outbid.inbox'],
        quiet_enabled: true,
        quiet_start: 22 * 60,
        quiet_end: 8 * 60,
        updated_at: new Date(),
      })
      .execute();
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    await oneBatch([
      { buyerId: b, orderId: lot, amount: yuan(10_500) },
      { buyerId: c, orderId: lot, amount: yuan(11_000) },
    ]);
    expect(await outbidOf(a)).toEqual([]);
    expect((await outbidOf(b)).map((n) => n.event_key)).toEqual([`outbid:${lot}`]);
    expect(await bidsOf(lot)).toEqual([1, 2, 3]);
  });
});

// Two transactions on one lot at once need a server (PGlite has one connection).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a batch that waited for the lot’s lock', () => {
  /**
   * Runs `bid` while another transaction holds the lot, having just recorded `c`'s bid 10,500 元
   * (seq 2) with a proxy maximum of 15,000 元 as a batch would; it commits once `bid` waits.
   */
  async function behindAnotherBatch(lot: string, c: string, bid: Bid) {
    let pending: Promise<unknown> = Promise.resolve();
    await dbh.db.transaction().execute(async (trx) => {
      await sql`select id from lot where id = ${lot} for update`.execute(trx);
      await sql`insert into bid (lot_id, seq, bidder_id, bidder_no, amount, created_at)
        values (${lot}, 2, ${c}, (select bidder_no from deposit_ledger where lot_id = ${lot} and buyer_id = ${c}),
                ${yuan(10_500)}, now())`.execute(trx);
      await sql`update lot set bid_count = 2, current_price = ${yuan(10_500)}, leader_id = ${c},
        leader_max = ${yuan(15_000)} where id = ${lot}`.execute(trx);
      pending = service.placeBid(bid);
      await expect
        .poll(async () => {
          const { rows } = await sql<{ n: number }>`
            select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`.execute(dbh.db);
          return rows[0]?.n;
        })
        .toBe(1);
    });
    return pending;
  }

  it('still sees the leader that batch committed: the proxy defends', async () => {
    const { lot, buyers } = await lotWithBuyers(3);
    const [a, b, c] = buyers as [string, string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    await behindAnotherBatch(lot, c, { buyerId: b, orderId: lot, amount: yuan(11_000) });
    const bids = await dbh.db
      .selectFrom('bid')
      .select(['seq', 'bidder_id', 'amount', 'auto'])
      .where('lot_id', '=', lot)
      .orderBy('seq')
      .execute();
    expect(bids.slice(2).map((r) => [r.seq, r.bidder_id, Number(r.amount), r.auto])).toEqual([
      [3, b, yuan(11_000), false],
      [4, c, yuan(11_500), true],
    ]);
    // c still leads: nobody was displaced by this batch.
    expect(await outbidOf(c)).toEqual([]);
  });

  it('and tells that leader when the batch displaces them', async () => {
    const { lot, buyers } = await lotWithBuyers(3);
    const [a, b, c] = buyers as [string, string, string];
    await service.placeBid({ buyerId: a, orderId: lot, amount: yuan(10_000) });
    await behindAnotherBatch(lot, c, { buyerId: b, orderId: lot, amount: yuan(16_000) });
    expect(await bidsOf(lot)).toEqual([1, 2, 3]);
    expect((await outbidOf(c)).map((n) => n.event_key)).toEqual([`outbid:${lot}`]);
  });
});

// Decision 046: within a window, a war's later outbids of a user on a lot are held and written as
// one update of the notice when the window ends.
describe('the outbid window', () => {
  /** A second engine on the same database, its window `windowMs`, and a lot with two bidders on it. */
  async function war(windowMs: number) {
    const engine = biddingService(
      { ...ctx, env: testEnv({ OUTBID_NOTICE_WINDOW_MS: String(windowMs) }) },
      paymentsFor(ctx),
      live,
      listingKeys(dbh.db),
    );
    const { lot, buyers } = await lotWithBuyers(2);
    const [a, b] = buyers as [string, string];
    const bid = (buyerId: string, price: number) =>
      engine.placeBid({ buyerId, orderId: lot, amount: yuan(price) });
    return { engine, lot, a, b, bid };
  }
  /** The transaction that last wrote the row (its xmin). */
  const writerOf = async (table: 'bid' | 'notice', where: RawBuilder<unknown>) =>
    (
      await sql<{ xid: string }>`select xmin::text as xid from ${sql.table(table)} where ${where}`.execute(
        dbh.db,
      )
    ).rows[0]?.xid;

  it('writes the first outbid with its batch, holds the later ones, and writes them as one: every outbid counted, the last price', async () => {
    // A window longer than the test: the held outbids are written by `drainOutbids`.
    const { engine, lot, a, b, bid } = await war(600_000);
    await bid(a, 10_000);
    await bid(b, 10_500);
    await bid(a, 11_000);
    const [first] = await outbidOf(a);
    expect(first).toMatchObject({ repeats: 1 });
    expect(first?.body).toContain('¥10,500.00');
    expect(await writerOf('notice', sql`id = ${first!.id}`)).toBe(
      await writerOf('bid', sql`lot_id = ${lot} and seq = 2`),
    );
    // Two more outbids of a and two of b inside the window: nothing written for them yet.
    await bid(b, 11_500);
    await bid(a, 12_000);
    await bid(b, 12_500);
    await bid(a, 13_000);
    expect((await outbidOf(a)).map((n) => [n.id, n.repeats])).toEqual([[first!.id, 1]]);
    expect((await outbidOf(b)).map((n) => n.repeats)).toEqual([1]);
    expect(engine.batchStats().outbidPairs).toBe(2);

    await engine.drainOutbids();
    const [kept] = await outbidOf(a);
    // a lost the lead at 10,500, 11,500 and 12,500; b at 11,000, 12,000 and 13,000.
    expect(kept).toMatchObject({ id: first!.id, repeats: 3 });
    expect(kept?.body).toContain('¥12,500.00');
    const [ofB] = await outbidOf(b);
    expect(ofB).toMatchObject({ repeats: 3 });
    expect(ofB?.body).toContain('¥13,000.00');
    // Announced twice: by the batch, and by the write of the held ones.
    await expect
      .poll(() => announced.filter(([u]) => u === a))
      .toEqual([
        [a, first!.id],
        [a, first!.id],
      ]);
    // The one outbid SMS still waits (decision 041): the held write queued nothing more.
    expect(await smsOf([first!.id])).toEqual([{ notice_id: first!.id, state: 'pending' }]);
  });

  it('an outbid older than the notice (held by another process) adds its count and leaves the newer text', async () => {
    const { lot, a, first } = await outbidOnce();
    const [older] = lotNotices.outbid({ id: lot, title: 'x' }, [a], yuan(10_200));
    await notify(
      dbh.db,
      [{ ...older!, times: 2, at: new Date(first!.created_at.getTime() - 1_000) }],
      new Date(),
    );
    const [kept] = await outbidOf(a);
    expect(kept).toMatchObject({ id: first!.id, repeats: 3, body: first!.body });
    expect(kept?.updated_at?.getTime()).toBe(first!.created_at.getTime());
    const [newer] = lotNotices.outbid({ id: lot, title: 'x' }, [a], yuan(10_800));
    await notify(dbh.db, [{ ...newer!, at: new Date(first!.created_at.getTime() + 1_000) }], new Date());
    const [now] = await outbidOf(a);
    expect(now).toMatchObject({ id: first!.id, repeats: 4 });
    expect(now?.body).toContain('¥10,800.00');
  });

  it('ends with its window: the held outbids are written by the timer, and once a window passes with none, the next is written by its batch again', async () => {
    const { engine, lot, a, b, bid } = await war(200);
    await bid(a, 10_000);
    await bid(b, 10_500);
    await bid(a, 11_000);
    await bid(b, 11_500);
    await expect.poll(async () => (await outbidOf(a)).map((n) => n.repeats)).toEqual([2]);
    expect((await outbidOf(a))[0]?.body).toContain('¥11,500.00');
    await expect.poll(() => engine.batchStats().outbidPairs).toBe(0);
    await bid(a, 12_000);
    await bid(b, 12_500);
    const [notice] = await outbidOf(a);
    expect(notice).toMatchObject({ repeats: 3 });
    expect(notice?.body).toContain('¥12,500.00');
    expect(await writerOf('notice', sql`id = ${notice!.id}`)).toBe(
      await writerOf('bid', sql`lot_id = ${lot} and seq = 6`),
    );
    await engine.drainOutbids();
  });
});
