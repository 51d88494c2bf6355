import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for a buyer's personal-centre lists: each a page of rows and the total. */
export function myRecordsRepo(db: Kysely<Database>) {
  return {
    /** The lots the buyer bid on, with their highest and latest bid, latest first. */
    bids(buyerId: string, offset: number, limit: number) {
      const mine = db
        .selectFrom('bid')
        .select((eb) => ['lot_id', eb.fn.max('amount').as('top'), eb.fn.max('created_at').as('last_at')])
        .where('bidder_id', '=', buyerId)
        .groupBy('lot_id');
      return Promise.all([
        db
          .selectFrom(mine.as('m'))
          .innerJoin('lot', 'lot.id', 'm.lot_id')
          .leftJoin('bid as top', (j) =>
            j.onRef('top.lot_id', '=', 'lot.id').onRef('top.seq', '=', 'lot.bid_count'),
          )
          .select([
            'lot.id',
            'lot.title',
            'lot.status',
            'lot.current_price',
            'lot.bid_count',
            'lot.end_time',
            'm.top',
            'm.last_at',
            'top.bidder_id as top_bidder',
          ])
          .orderBy('m.last_at', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom(mine.as('m'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
    },

    /** The buyer's deals with the lot's cover and the deposit's state, newest first. */
    deals(buyerId: string, offset: number, limit: number) {
      const mine = db.selectFrom('deal').where('deal.buyer_id', '=', buyerId);
      return Promise.all([
        mine
          .innerJoin('lot', 'lot.id', 'deal.lot_id')
          .leftJoin('deposit_ledger as d', (j) =>
            j.onRef('d.lot_id', '=', 'deal.lot_id').onRef('d.buyer_id', '=', 'deal.buyer_id'),
          )
          .select((eb) => [
            'lot.id',
            'lot.title',
            'deal.final_price',
            'deal.deposit_applied',
            'deal.balance_due',
            'deal.pay_deadline',
            'deal.state',
            'deal.stage',
            'deal.sign_deadline',
            'deal.pickup_deadline',
            'deal.transfer_deadline',
            'deal.paid_at',
            'deal.created_at',
            'd.state as deposit_state',
            eb
              .selectFrom('lot_photo')
              .select('url')
              .whereRef('lot_photo.lot_id', '=', 'lot.id')
              .orderBy('is_cover', 'desc')
              .orderBy('seq')
              .limit(1)
              .as('cover'),
          ])
          .orderBy('deal.created_at', 'desc')
          .orderBy('deal.lot_id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
    },

    /** The buyer's deposits, latest frozen first. */
    deposits(buyerId: string, offset: number, limit: number) {
      return Promise.all([
        db
          .selectFrom('deposit_ledger as d')
          .innerJoin('lot', 'lot.id', 'd.lot_id')
          .select([
            'lot.id',
            'lot.title',
            'lot.status',
            'd.amount',
            'd.state',
            'd.bidder_no',
            'd.payment_no',
            'd.frozen_at',
            'd.settled_at',
          ])
          .where('d.buyer_id', '=', buyerId)
          .orderBy('d.frozen_at', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('deposit_ledger')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('buyer_id', '=', buyerId)
          .executeTakeFirstOrThrow(),
      ]);
    },
  };
}
