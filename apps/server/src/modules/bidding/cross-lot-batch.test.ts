import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { AppError } from '../../http/errors';
import { createDbLiveBus, type LiveBus } from '../../platform/live/live-bus';
import { paymentsFor } from '../../platform/payments/payments';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../test/bidding-fixture';
import { createTestDb, testEnv } from '../../test/test-app';
import { biddingService } from './bidding.service';
import { listingKeys } from './listing-keys';
import type { BusEvent } from './live-events';

// One batch over several lots (decision 029), on both databases: a failure in one lot, in a
// statement or only at COMMIT, fails that lot's bids alone; nothing uncommitted is acknowledged.
let dbh: DbHandle;
let drop: () => Promise<void>;
let ctx: AppContext;
let service: ReturnType<typeof biddingService>;
let live: LiveBus<BusEvent>;
/** Events of the tests' lots as delivered (at commit). */
const published: BusEvent[] = [];

beforeAll(async () => {
  ({ dbh, drop } = await createTestDb());
  ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  live = createDbLiveBus<BusEvent>(dbh, { load: async () => [] });
  await live.start();
  service = biddingService(ctx, paymentsFor(ctx), live, listingKeys(dbh.db));
});
afterAll(async () => {
  await live.stop();
  await drop();
});

async function setup() {
  const lots = [await makeLot({ ctx }), await makeLot({ ctx }), await makeLot({ ctx })];
  const buyers = [await makeBuyer({ ctx }), await makeBuyer({ ctx }), await makeBuyer({ ctx })];
  for (const [i, lot] of lots.entries())
    await freezeDepositsDirectly(
      { ctx },
      lot,
      buyers.map((b) => b.id),
      `X${lot}_${i}`,
      300_000,
    );
  for (const lot of lots) live.subscribe(lot, (e) => published.push(e));
  return { lots, buyers };
}

/** Three bids on each lot, all submitted in one turn of the event loop: they form one batch. */
async function bidOnAll(lots: string[], buyers: Array<{ id: string }>) {
  const calls = lots.flatMap((orderId) =>
    buyers.map((b, i) =>
      service.placeBid({ buyerId: b.id, orderId, amount: (10_000 + i * 500) * 100 }).then(
        (ok) => ({ orderId, buyerId: b.id, ok }),
        (err: unknown) => ({ orderId, buyerId: b.id, err }),
      ),
    ),
  );
  return Promise.all(calls);
}

const FAILURES = {
  'a statement fails': (lot: string) => sql`
    create trigger chepai_test_fail before insert on bid for each row
    when (new.lot_id = ${sql.lit(lot)}) execute function chepai_test_fail()`,
  'only the COMMIT fails (a deferred constraint trigger)': (lot: string) => sql`
    create constraint trigger chepai_test_fail after insert on bid deferrable initially deferred
    for each row when (new.lot_id = ${sql.lit(lot)}) execute function chepai_test_fail()`,
};

describe('one batch over several lots', () => {
  it('answers every bid of every lot with its own outcome, from one transaction', async () => {
    const { lots, buyers } = await setup();
    const before = service.batchStats();
    const answers = await bidOnAll(lots, buyers);
    expect(answers.every((a) => 'ok' in a && a.ok.result === 'accepted')).toBe(true);
    const after = service.batchStats();
    expect(after.batches - before.batches).toBe(1);
    expect(after.multiKeyBatches - before.multiKeyBatches).toBe(1);
    for (const lot of lots) {
      const bids = await dbh.db
        .selectFrom('bid')
        .select('seq')
        .where('lot_id', '=', lot)
        .orderBy('seq')
        .execute();
      expect(bids.map((b) => b.seq)).toEqual([1, 2, 3]);
    }
  });

  for (const [name, trigger] of Object.entries(FAILURES)) {
    it(`when ${name} on one lot, only that lot's bids fail and none of its bids is written or published`, async () => {
      const { lots, buyers } = await setup();
      const bad = lots[1] as string;
      await sql`
        create or replace function chepai_test_fail() returns trigger language plpgsql as $$
        begin raise exception 'injected failure on lot %', new.lot_id; end $$`.execute(dbh.db);
      await trigger(bad).execute(dbh.db);
      const before = service.batchStats();
      published.length = 0;
      try {
        const answers = await bidOnAll(lots, buyers);
        for (const a of answers) {
          if (a.orderId === bad) {
            expect('err' in a && a.err instanceof AppError && a.err.code === 503).toBe(true);
            expect('err' in a && (a.err as AppError).message).toBe('出价未能处理，请重新出价');
          } else expect('ok' in a && a.ok.result === 'accepted').toBe(true);
        }
        const after = service.batchStats();
        expect(after.multiKeyBatches - before.multiKeyBatches).toBe(1);
        expect(after.isolated - before.isolated).toBe(1);
      } finally {
        await sql`drop trigger chepai_test_fail on bid`.execute(dbh.db);
      }
      // Every acknowledged bid is stored, with the seq it was answered with; the failed lot has none.
      for (const lot of lots) {
        const rows = await dbh.db
          .selectFrom('bid')
          .select(['seq', 'bidder_id'])
          .where('lot_id', '=', lot)
          .orderBy('seq')
          .execute();
        const count = (
          await dbh.db.selectFrom('lot').select('bid_count').where('id', '=', lot).executeTakeFirstOrThrow()
        ).bid_count;
        expect(rows.map((r) => r.seq)).toEqual(lot === bad ? [] : [1, 2, 3]);
        expect(count).toBe(rows.length);
      }
      // Published only at commit: the rolled-back first attempt sent nothing, the failed lot nothing at all.
      await expect.poll(() => published.filter((e) => e.type === 'bid.placed').length).toBe(6);
      expect(published.some((e) => e.orderId === bad)).toBe(false);
    });
  }
});
