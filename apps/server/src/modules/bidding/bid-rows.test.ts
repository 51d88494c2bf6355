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

// A bid row's lot is proven by the statement that writes it, not by a foreign key checked per row
// (decision 045, migration 040); on both databases.
let dbh: DbHandle;
let drop: () => Promise<void>;
let ctx: AppContext;
let service: ReturnType<typeof biddingService>;
let live: LiveBus<BusEvent>;

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

const yuan = (n: number) => n * 100;
const bidsOf = async (lot: string) =>
  (await dbh.db.selectFrom('bid').select('seq').where('lot_id', '=', lot).execute()).map((b) => b.seq);

describe('bid rows and their lot', () => {
  it('a bid on a lot that does not exist is refused (404) and writes no row', async () => {
    const buyer = await makeBuyer({ ctx });
    const nowhere = '1899999999999999999';
    const err = await service.placeBid({ buyerId: buyer.id, orderId: nowhere, amount: yuan(10_000) }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe(404);
    expect(await bidsOf(nowhere)).toEqual([]);
  });

  it('a batch over a lot that exists and one that does not writes the first lot’s bids only', async () => {
    const lot = await makeLot({ ctx });
    const buyer = await makeBuyer({ ctx });
    await freezeDepositsDirectly({ ctx }, lot, [buyer.id], `br${lot}_`, 810_000);
    const answers = await Promise.allSettled([
      service.placeBid({ buyerId: buyer.id, orderId: lot, amount: yuan(10_000) }),
      service.placeBid({ buyerId: buyer.id, orderId: '1899999999999999998', amount: yuan(10_000) }),
    ]);
    expect(answers.map((a) => a.status)).toEqual(['fulfilled', 'rejected']);
    expect(await bidsOf(lot)).toEqual([1]);
    const { rows } = await sql<{ n: number }>`
      select count(*)::int as n from bid where not exists (select from lot where lot.id = bid.lot_id)`.execute(
      dbh.db,
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('a deleted lot takes its bids with it, as the foreign key’s cascade did', async () => {
    const [gone, kept] = [await makeLot({ ctx }), await makeLot({ ctx })];
    for (const lot of [gone, kept])
      await sql`insert into bid (lot_id, seq, bidder_id, bidder_no, amount, created_at)
        values (${lot}, 1, null, '000000', ${yuan(10_000)}, now())`.execute(dbh.db);
    await dbh.db.deleteFrom('lot').where('id', '=', gone).execute();
    expect(await bidsOf(gone)).toEqual([]);
    expect(await bidsOf(kept)).toEqual([1]);
  });
});
