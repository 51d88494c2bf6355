import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for one buyer's standing on one lot: the top bidder, their deposit and their highest bid. */
export function bidderViewRepo(db: Kysely<Database>) {
  return {
    standing: (lotId: string, buyerId: string) =>
      db
        .selectFrom('lot')
        .leftJoin('bid as top', (j) =>
          j.onRef('top.lot_id', '=', 'lot.id').onRef('top.seq', '=', 'lot.bid_count'),
        )
        .leftJoin('deposit_ledger as d', (j) =>
          j.onRef('d.lot_id', '=', 'lot.id').on('d.buyer_id', '=', buyerId),
        )
        .select((eb) => [
          'top.bidder_id as top_bidder',
          'lot.leader_id',
          'lot.leader_max',
          'lot.current_price',
          'd.bidder_no',
          'd.state',
          eb
            .selectFrom('bid')
            .select((b) => b.fn.max('amount').as('m'))
            .whereRef('bid.lot_id', '=', 'lot.id')
            .where('bid.bidder_id', '=', buyerId)
            .as('my_top'),
        ])
        .where('lot.id', '=', lotId)
        .executeTakeFirst(),
  };
}
