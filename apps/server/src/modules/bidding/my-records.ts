import { deals, type bidding } from '@chepai/shared';
import { type EndpointOutput, type Page } from '@chepai/shared';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { stageDeadline } from '../deals/deal-stage';
import { myRecordsRepo } from './my-records.repo';

type Row<E> = EndpointOutput<E> extends { list: Array<infer T> } ? T : never;

const page = <T>(list: T[], total: number, pageNum: number, pageSize: number): Page<T> => ({
  total,
  pageNum,
  pageSize,
  list,
});

/** The personal-centre lists of a buyer: my bids (priceRecord), won lots (dealCar), deposits. */
export function myRecords(db: Kysely<Database>) {
  const repo = myRecordsRepo(db);
  return {
    async bids(
      buyerId: string,
      pageNum: number,
      pageSize: number,
    ): Promise<Page<Row<typeof bidding.myBidRecord>>> {
      const [rows, count] = await repo.bids(buyerId, (pageNum - 1) * pageSize, pageSize);
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
      const [rows, count] = await repo.deals(buyerId, (pageNum - 1) * pageSize, pageSize);
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
        stage: r.stage,
        stageText: deals.DEAL_STAGES[r.stage],
        stageDeadline: stageDeadline(r)?.getTime() ?? null,
        paidAt: r.paid_at?.getTime() ?? null,
      }));
      return page(list, Number(count.n), pageNum, pageSize);
    },

    async deposits(
      buyerId: string,
      pageNum: number,
      pageSize: number,
    ): Promise<Page<Row<typeof bidding.myDeposits>>> {
      const [rows, count] = await repo.deposits(buyerId, (pageNum - 1) * pageSize, pageSize);
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
