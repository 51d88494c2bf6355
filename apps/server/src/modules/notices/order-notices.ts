import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { alertsRepo } from './alerts.repo';
import { notify } from './notify';
import { yuan } from './wire';

type Tx = Kysely<Database>;
const lotLink = (id: string) => `/carAuction/carAuctionDetail/${id}`;
const orderLink = (id: string) => `/detailInfo/${id}`;

/**
 * Notices of a submission's way to the auction and of a buyer's deposit (docs/product.md#15-notices),
 * each written in the transaction of its change: submitted (to the reviewers), scheduled (to the
 * seller), deposit confirmed (to the buyer).
 */
export const orderNotices = {
  /** The approved lot's times, to the seller who submitted it. */
  scheduled: (
    trx: Tx,
    order: { id: string; title: string; submitted_by: string },
    times: { startTime: number; endTime: number },
    now: Date,
  ) =>
    notify(
      trx,
      [
        {
          userId: order.submitted_by,
          kind: 'order.scheduled',
          title: '拍卖已排期',
          body: `${order.title} 将于 ${formatBeijing(new Date(times.startTime)).slice(0, 16)} 开始竞价，${formatBeijing(new Date(times.endTime)).slice(0, 16)} 结束。`,
          link: orderLink(order.id),
          eventKey: `order-scheduled:${order.id}:${times.startTime}`,
        },
      ],
      now,
    ),

  /** A paid deposit, frozen: the buyer may bid (written in the payment notification's transaction). */
  async depositConfirmed(
    trx: Tx,
    deposit: { lot_id: string; buyer_id: string; amount: string | number },
    now: Date,
  ) {
    const title = (await alertsRepo(trx).lotTitle(deposit.lot_id)) ?? '拍品';
    await notify(
      trx,
      [
        {
          userId: deposit.buyer_id,
          kind: 'deposit.confirmed',
          title: '保证金已到账',
          body: `${title} 的保证金 ${yuan(Number(deposit.amount))} 已到账并冻结，开拍后即可出价。`,
          link: lotLink(deposit.lot_id),
          eventKey: `deposit-confirmed:${deposit.lot_id}`,
        },
      ],
      now,
    );
  },

  /** A submitted (or resubmitted) vehicle, to the reviewers. */
  async submitted(trx: Tx, order: { id: string; title: string; submitCount: number }, now: Date) {
    const reviewers = await alertsRepo(trx).operators(['reviewer']);
    await notify(
      trx,
      reviewers.map((userId) => ({
        userId,
        kind: 'ops.newSubmission',
        title: order.submitCount > 1 ? '处置车辆重新提交，待审核' : '新的处置车辆待审核',
        body: `${order.title} 已提交审核。`,
        link: `/console/review?order=${order.id}`,
        eventKey: `order-submitted:${order.id}:${order.submitCount}`,
      })),
      now,
    );
  },

  /** A deposit paid after its lot closed: refunded at once, in the payment notification's transaction. */
  async depositRefunded(
    trx: Tx,
    lotId: string,
    refundedTo: Array<{ buyerId: string; amount: number }>,
    now: Date,
  ) {
    if (!refundedTo.length) return;
    const title = (await alertsRepo(trx).lotTitle(lotId)) ?? '拍品';
    await notify(
      trx,
      refundedTo.map((r) => ({
        userId: r.buyerId,
        kind: 'deposit.refunded',
        title: '保证金已退还',
        body: `${title} 已结束竞价，您随后缴纳的保证金 ${yuan(r.amount)} 已原路退还。`,
        link: '/promiseMoneyReport',
        eventKey: `deposit-refunded:${lotId}`,
      })),
      now,
    );
  },
};
