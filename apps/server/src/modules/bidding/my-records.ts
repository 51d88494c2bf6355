import type { bidding } from '@chepai/shared';
import { type EndpointOutput, type Page } from '@chepai/shared';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Row<E> = EndpointOutput<E> extends { list: Array<infer T> } ? T : never;

const page = <T>(list: T[], total: number, pageNum: number, pageSize: number): Page<T> => ({
  total,
  pageNum,
  pageSize,
  list,
});

/** The personal-centre lists of a buyer: my bids (priceRecord), won lots (dealCar), deposits. */
export function myRecords(db: Kysely<Database>) {
  return {
    async bids(
      buyerId: string,
      pageNum: number,
      pageSize: number,
    ): Promise<Page<Row<typeof bidding.myBidRecord>>> {
      const mine = db
        .selectFrom('bid')
        .select((eb) => ['lot_id', eb.fn.max('amount').as('top'), eb.fn.max('created_at').as('last_at')])
        .where('bidder_id', '=', buyerId)
        .groupBy('lot_id');
      const [rows, count] = await Promise.all([
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
          .offset((pageNum - 1) * pageSize)
          .limit(pageSize)
          .execute(),
        db
          .selectFrom(mine.as('m'))
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((r) => ({
        orderId: r.id,
        title: r.title,
        status: r.status,
        myTopAmount: fenToYuanString(Number(r.top)),
        currentPrice: r.bid_count > 0 ? fenToYuanString(Number(r.current_price)) : null,
        leading: r.top_bidder === buyerId,
        lastBidTime: new Date(r.last_at).getTime(),
        endTime: r.end_time.getTime(),
      }));
      return page(list, Number(count.n), pageNum, pageSize);
    },

    async deals(
      buyerId: string,
      pageNum: number,
      pageSize: number,
    ): Promise<Page<Row<typeof bidding.myDeals>>> {
      const mine = db.selectFrom('deal').where('deal.buyer_id', '=', buyerId);
      const [rows, count] = await Promise.all([
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
          .offset((pageNum - 1) * pageSize)
          .limit(pageSize)
          .execute(),
        mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((r) => ({
        orderId: r.id,
        title: r.title,
        coverUrl: r.cover ?? null,
        finalPrice: fenToYuanString(Number(r.final_price)),
        deposit: fenToYuanString(Number(r.deposit_applied)),
        depositState: r.deposit_state ?? ('applied' as const),
        balanceDue: fenToYuanString(r.state === 'paid' ? 0 : Number(r.balance_due)),
        closedAt: r.created_at.getTime(),
        payDeadline: r.pay_deadline.getTime(),
        dealState: r.state,
        paidAt: r.paid_at?.getTime() ?? null,
      }));
      return page(list, Number(count.n), pageNum, pageSize);
    },

    async deposits(
      buyerId: string,
      pageNum: number,
      pageSize: number,
    ): Promise<Page<Row<typeof bidding.myDeposits>>> {
      const [rows, count] = await Promise.all([
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
          .offset((pageNum - 1) * pageSize)
          .limit(pageSize)
          .execute(),
        db
          .selectFrom('deposit_ledger')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('buyer_id', '=', buyerId)
          .executeTakeFirstOrThrow(),
      ]);
      const list = rows.map((r) => ({
        orderId: r.id,
        title: r.title,
        status: r.status,
        amount: fenToYuanString(Number(r.amount)),
        state: r.state,
        bidderNo: r.bidder_no,
        paymentNo: r.payment_no,
        frozenAt: r.frozen_at.getTime(),
        settledAt: r.settled_at?.getTime() ?? null,
      }));
      return page(list, Number(count.n), pageNum, pageSize);
    },
  };
}
