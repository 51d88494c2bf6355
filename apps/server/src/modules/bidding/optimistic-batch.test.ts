import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { createDbLiveBus, type LiveBus } from '../../platform/live/live-bus';
import { paymentsFor } from '../../platform/payments/payments';
import { freezeDepositsDirectly, makeBuyer, makeLot, YUAN } from '../../test/bidding-fixture';
import { createTestDb, testEnv } from '../../test/test-app';
import { biddingService } from './bidding.service';
import { listingKeys } from './listing-keys';
import type { BusEvent } from './live-events';

// Batches placed on the state a process knows (docs/decisions/035-optimistic-bid-batches.md), on both
// databases. Two services on one database stand for two server processes: each knows only what its
// own batches saw. Whatever changed a lot behind a service's back, its next bids are judged on the
// lot as it is, and every acknowledged bid is stored with the seq it was answered with.
let dbh: DbHandle;
let drop: () => Promise<void>;
let live: LiveBus<BusEvent>;
let a: ReturnType<typeof biddingService>;
let b: ReturnType<typeof biddingService>;

beforeAll(async () => {
  ({ dbh, drop } = await createTestDb());
  const ctx: AppContext = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  live = createDbLiveBus<BusEvent>(dbh, { load: async () => [] });
  await live.start();
  a = biddingService(ctx, paymentsFor(ctx), live, listingKeys(dbh.db));
  b = biddingService(ctx, paymentsFor(ctx), live, listingKeys(dbh.db));
});
afterAll(async () => {
  await live.stop();
  await drop();
});

let tag = 0;
/** A lot in bidding (start ¥10,000, increment ¥500) and three buyers with frozen deposits on it. */
async function lotWithBuyers() {
  const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  const lot = await makeLot({ ctx });
  const buyers = [await makeBuyer({ ctx }), await makeBuyer({ ctx }), await makeBuyer({ ctx })];
  await freezeDepositsDirectly(
    { ctx },
    lot,
    buyers.map((x) => x.id),
    `O${++tag}_`,
    400_000,
  );
  return { lot, buyers: buyers.map((x) => x.id) };
}

const bid = (s: typeof a, buyerId: string, orderId: string, yuan: number) =>
  s.placeBid({ buyerId, orderId, amount: yuan * YUAN });

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return (err as AppError & { data: { reason: string } }).data.reason;
}

/** Each buyer bids once through `s` (¥10,000, ¥10,500, …): `s` knows the lot and their deposits. */
async function warm(s: typeof a, lot: string, buyers: string[]) {
  for (const [i, buyer] of buyers.entries()) await bid(s, buyer, lot, 10_000 + i * 500);
  return 10_000 + (buyers.length - 1) * 500;
}

/** Makes every bid insert of one lot fail (a trigger); the returned function removes it. */
async function failBidInserts(lot: string) {
  await sql`
    create or replace function chepai_test_fail() returns trigger language plpgsql as $$
    begin raise exception 'injected failure on lot %', new.lot_id; end $$`.execute(dbh.db);
  await sql`create trigger chepai_test_fail before insert on bid for each row
    when (new.lot_id = ${sql.lit(lot)}) execute function chepai_test_fail()`.execute(dbh.db);
  return async () => {
    await sql`drop trigger chepai_test_fail on bid`.execute(dbh.db);
  };
}

const seqs = async (lot: string) =>
  (await dbh.db.selectFrom('bid').select('seq').where('lot_id', '=', lot).orderBy('seq').execute()).map(
    (r) => r.seq,
  );

describe('bid batches on the state a process knows', () => {
  it('places a known lot’s bids by one statement, and the seq goes on', async () => {
    const { lot, buyers } = await lotWithBuyers();
    const price = await warm(a, lot, buyers);
    const before = a.batchStats();
    const next = await bid(a, buyers[0]!, lot, price + 500);
    const after = await bid(a, buyers[1]!, lot, price + 1_000);
    expect([next.bid?.seq, after.bid?.seq]).toEqual([4, 5]);
    expect(a.batchStats().optimistic - before.optimistic).toBe(2);
    expect(a.batchStats().locked - before.locked).toBe(0);
    expect(await seqs(lot)).toEqual([1, 2, 3, 4, 5]);
  });

  it('learns every frozen deposit of a lot with its first lock: the bidders after need no read', async () => {
    const { lot, buyers } = await lotWithBuyers();
    await bid(a, buyers[0]!, lot, 10_000);
    const before = a.batchStats();
    expect((await bid(a, buyers[1]!, lot, 10_500)).bid?.seq).toBe(2);
    expect((await bid(a, buyers[2]!, lot, 11_000)).bid?.seq).toBe(3);
    expect(a.batchStats().optimistic - before.optimistic).toBe(2);
    expect(a.batchStats().depositReads - before.depositReads).toBe(0);
    expect(a.batchStats().locked - before.locked).toBe(0);
  });

  it('reads the deposit of a bidder it has not seen, without taking the lot’s lock', async () => {
    const { lot, buyers } = await lotWithBuyers();
    await bid(a, buyers[0]!, lot, 10_000);
    // A deposit paid after the process learnt the lot.
    const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    const late = await makeBuyer({ ctx });
    await freezeDepositsDirectly({ ctx }, lot, [late.id], `O${++tag}_`, 500_000);
    const before = a.batchStats();
    expect((await bid(a, late.id, lot, 10_500)).bid?.seq).toBe(2);
    expect(a.batchStats().optimistic - before.optimistic).toBe(1);
    expect(a.batchStats().depositReads - before.depositReads).toBe(1);
    expect(a.batchStats().locked - before.locked).toBe(0);
    // A buyer without a deposit on the lot is refused by the same path.
    const stranger = await makeBuyer({
      ctx: { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() },
    });
    expect(await refusal(bid(a, stranger.id, lot, 11_000))).toBe('NO_DEPOSIT');
    expect(await seqs(lot)).toEqual([1, 2]);
  });

  it('judges a bid on the lot as another process left it, not as this one last saw it', async () => {
    const { lot, buyers } = await lotWithBuyers();
    await warm(a, lot, buyers);
    await bid(b, buyers[0]!, lot, 13_000);
    const before = a.batchStats();
    // On what A last saw (¥11,000) ¥11,500 would lead; the lot stands at ¥13,000.
    expect(await refusal(bid(a, buyers[1]!, lot, 11_500))).toBe('OUTBID');
    expect(a.batchStats().missed - before.missed).toBe(1);
    expect((await bid(a, buyers[1]!, lot, 13_500)).bid?.seq).toBe(5);
    expect(await seqs(lot)).toEqual([1, 2, 3, 4, 5]);
  });

  it('refuses while an operator has paused the lot, and takes bids again once resumed', async () => {
    const { lot, buyers } = await lotWithBuyers();
    const price = await warm(a, lot, buyers);
    await sql`update lot set paused_at = now(), pause_reason = '核实车况' where id = ${lot}`.execute(dbh.db);
    expect(await refusal(bid(a, buyers[0]!, lot, price + 500))).toBe('PAUSED');
    // A refusal is decided on a state too: resumed behind A's back, the next bid is accepted.
    await sql`update lot set paused_at = null, pause_reason = null where id = ${lot}`.execute(dbh.db);
    expect((await bid(a, buyers[0]!, lot, price + 500)).result).toBe('accepted');
    expect(await seqs(lot)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a buyer whose deposit went back after this process saw it frozen', async () => {
    const { lot, buyers } = await lotWithBuyers();
    const price = await warm(a, lot, buyers);
    await sql`update deposit_ledger set state = 'refunded' where lot_id = ${lot} and buyer_id = ${buyers[0]!}`.execute(
      dbh.db,
    );
    const before = a.batchStats();
    expect(await refusal(bid(a, buyers[0]!, lot, price + 500))).toBe('NO_DEPOSIT');
    expect(a.batchStats().missed - before.missed).toBe(1);
    expect(await seqs(lot)).toEqual([1, 2, 3]);
  });

  it('gives a lot a fresh token when an engine column changes, and keeps it otherwise', async () => {
    const { lot } = await lotWithBuyers();
    const token = async () =>
      (await dbh.db.selectFrom('lot').select('engine_token').where('id', '=', lot).executeTakeFirstOrThrow())
        .engine_token;
    const t0 = await token();
    await sql`update lot set list_price = list_price + 1, watchers = watchers + 1, views = views + 1 where id = ${lot}`.execute(
      dbh.db,
    );
    expect(await token()).toBe(t0);
    await sql`update lot set end_time = end_time + interval '1 minute' where id = ${lot}`.execute(dbh.db);
    const t1 = await token();
    expect(t1).not.toBe(t0);
    await sql`update lot set status = 4 where id = ${lot}`.execute(dbh.db);
    expect(await token()).not.toBe(t1);
  });

  it('fails only the lot whose write fails when its batch ran on known state, and stores nothing of it', async () => {
    const one = await lotWithBuyers();
    const two = await lotWithBuyers();
    // Both lots and their buyers known to A: the next batch over both is optimistic.
    await Promise.all([warm(a, one.lot, one.buyers), warm(a, two.lot, two.buyers)]);
    const healed = await failBidInserts(two.lot);
    try {
      const before = a.batchStats();
      const [ok, failed] = await Promise.allSettled([
        bid(a, one.buyers[0]!, one.lot, 11_500),
        bid(a, two.buyers[0]!, two.lot, 11_500),
      ]);
      expect(a.batchStats().optimistic - before.optimistic).toBe(1);
      expect(ok.status === 'fulfilled' && ok.value.bid?.seq).toBe(4);
      expect(failed.status === 'rejected' && (failed.reason as AppError).code).toBe(503);
    } finally {
      await healed();
    }
    expect(await seqs(one.lot)).toEqual([1, 2, 3, 4]);
    expect(await seqs(two.lot)).toEqual([1, 2, 3]);
    // The failed lot's state is read again: its next bid goes on from seq 3.
    expect((await bid(a, two.buyers[0]!, two.lot, 11_500)).bid?.seq).toBe(4);
  });

  it('stores a lot placed under its lock once, when the rest of its batch fails afterwards', async () => {
    const known = await lotWithBuyers();
    await warm(a, known.lot, known.buyers);
    // A lot A has never seen: in a batch with the known one, it is placed (and committed) first.
    const fresh = await lotWithBuyers();
    const healed = await failBidInserts(known.lot);
    try {
      const [first, failed] = await Promise.allSettled([
        bid(a, fresh.buyers[0]!, fresh.lot, 10_000),
        bid(a, known.buyers[0]!, known.lot, 11_500),
      ]);
      expect(first.status === 'fulfilled' && first.value.bid?.seq).toBe(1);
      expect(failed.status === 'rejected' && (failed.reason as AppError).code).toBe(503);
    } finally {
      await healed();
    }
    expect(await seqs(fresh.lot)).toEqual([1]);
    expect(await seqs(known.lot)).toEqual([1, 2, 3]);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('a refusal on a lot another transaction holds', () => {
  it('is answered on the last committed row, without waiting for the lock (a lot being closed)', async () => {
    const { lot, buyers } = await lotWithBuyers();
    const price = await warm(a, lot, buyers);
    // Another transaction holds the lot's row, as the close does until it commits.
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let locked!: () => void;
    const isLocked = new Promise<void>((r) => (locked = r));
    const holder = dbh.db.transaction().execute(async (trx) => {
      await sql`select id from lot where id = ${lot} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    try {
      const before = a.batchStats();
      // At the current price: refused by the rules on the known state. Had the statement taken the
      // lot's lock, this would wait until the holder ends, which it does only after the answer.
      expect(await refusal(bid(a, buyers[0]!, lot, price))).toBe('OUTBID');
      expect(a.batchStats().optimistic - before.optimistic).toBe(1);
      expect(a.batchStats().missed - before.missed).toBe(0);
    } finally {
      release();
      await holder;
    }
    // A bid that writes still takes the lock, and goes on from where the lot stood.
    expect((await bid(a, buyers[0]!, lot, price + 500)).bid?.seq).toBe(4);
  });
});
