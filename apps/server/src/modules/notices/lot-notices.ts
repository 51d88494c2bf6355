import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { alertsRepo } from './alerts.repo';
import { noticesRepo } from './notices.repo';
import { notify, type NoticeInput } from './notify';
import { yuan } from './wire';

type Tx = Kysely<Database>;
const lotLink = (id: string) => `/carAuction/carAuctionDetail/${id}`;
const orderLink = (id: string) => `/detailInfo/${id}`;

/**
 * The notices of the auction's events (docs/product.md#15-notices), each written in the caller's
 * transaction: the close (winner, the others, the seller), a withdrawal, a review, a pause.
 */
export const lotNotices = {
  async closed(
    trx: Tx,
    lot: { id: string; title: string },
    result: { sold: boolean; winnerId: string | null; price: number | null },
    refundedTo: Array<{ buyerId: string; amount: number }>,
    now: Date,
  ) {
    const items: NoticeInput[] = refundedTo.map((r) => ({
      userId: r.buyerId,
      kind: 'lot.lost',
      title: '竞价结束，未成交',
      body: `${lot.title} 竞价已结束，您未成交；保证金 ${yuan(r.amount)} 已原路退还。`,
      link: '/promiseMoneyReport',
      eventKey: `lot-closed:${lot.id}`,
    }));
    if (result.winnerId && result.price !== null)
      items.push({
        userId: result.winnerId,
        kind: 'lot.won',
        title: '恭喜您竞得车辆',
        body: `${lot.title} 成交价 ${yuan(result.price)}，保证金已抵作价款，请在期限内支付余款。`,
        link: '/personalCenter/dealCar',
        eventKey: `lot-closed:${lot.id}`,
      });
    const seller = await noticesRepo(trx).submitterOf(lot.id);
    if (seller)
      items.push(
        result.sold && result.price !== null
          ? {
              userId: seller,
              kind: 'order.sold',
              title: '车辆已成交',
              body: `${lot.title} 以 ${yuan(result.price)} 成交，买受人付款后请配合交车。`,
              link: orderLink(lot.id),
              eventKey: `lot-closed:${lot.id}`,
            }
          : {
              userId: seller,
              kind: 'order.unsold',
              title: '车辆流拍',
              body: `${lot.title} 竞价结束未成交（流拍），可联系平台重新安排拍卖。`,
              link: orderLink(lot.id),
              eventKey: `lot-closed:${lot.id}`,
            },
      );
    // Watchers who are not parties hear the result too (one statement, however many watch; those
    // who switched watched lots off are left out by notify).
    const told = new Set(items.map((i) => i.userId));
    const watchers = (await alertsRepo(trx).watchers(lot.id)).filter((u) => !told.has(u));
    for (const userId of watchers)
      items.push({
        userId,
        kind: 'watch.closed',
        title: result.sold ? '关注的车辆已成交' : '关注的车辆已流拍',
        body:
          result.sold && result.price !== null
            ? `您关注的 ${lot.title} 竞价结束，成交价 ${yuan(result.price)}。`
            : `您关注的 ${lot.title} 竞价结束，未成交（流拍）。`,
        link: lotLink(lot.id),
        eventKey: `lot-closed:${lot.id}`,
      });
    await notify(trx, items, now);
  },

  /**
   * The outbid notice of one bid batch, to each leader it displaced (who led at some point of the
   * batch and does not lead at its end): a proxy war inside one batch is one notice per displaced
   * user. Keyed by the lot: while the user's outbid notice of the lot is unread, this one updates it
   * (decision 044). Returned rather than written: the batch writes them in its own statement
   * (decision 021).
   */
  outbid: (lot: { id: string; title: string }, displaced: string[], price: number): NoticeInput[] => {
    const notice = {
      kind: 'lot.outbid' as const,
      title: '您的出价已被超越',
      body: `${lot.title} 当前价 ${yuan(price)}，您已不是最高出价人，可返回竞价页继续出价。`,
      link: lotLink(lot.id),
      eventKey: `outbid:${lot.id}`,
      // Written with the batch's bids of this lot, or not at all.
      onlyKey: lot.id,
    };
    return displaced.map((userId) => ({ userId, ...notice }));
  },

  withdrawn: (
    trx: Tx,
    lot: { id: string; title: string },
    reason: string,
    refundedTo: Array<{ buyerId: string; amount: number }>,
    now: Date,
  ) =>
    notify(
      trx,
      refundedTo.map((r) => ({
        userId: r.buyerId,
        kind: 'lot.withdrawn',
        title: '您报名的拍品已撤拍',
        body: `${lot.title} 已撤拍${reason ? `（原因：${reason}）` : ''}，您缴纳的保证金 ${yuan(r.amount)} 已原路退还。`,
        link: '/promiseMoneyReport',
        eventKey: `lot-withdrawn:${lot.id}`,
      })),
      now,
    ),

  reviewed: (
    trx: Tx,
    order: { id: string; title: string; submitted_by: string; submit_count: number },
    outcome: 'approved' | 'reject' | 'changes',
    reason: string,
    now: Date,
  ) =>
    notify(
      trx,
      [
        {
          userId: order.submitted_by,
          kind:
            outcome === 'approved'
              ? 'order.approved'
              : outcome === 'reject'
                ? 'order.rejected'
                : 'order.returned',
          title:
            outcome === 'approved'
              ? '车辆已通过审核'
              : outcome === 'reject'
                ? '车辆审核未通过'
                : '车辆需要修改',
          body:
            outcome === 'approved'
              ? `${order.title} 已通过平台审核并排期，预告开始后竞买人即可看到。`
              : `${order.title}：${reason}。可修改后重新提交。`,
          link: orderLink(order.id),
          eventKey: `order-reviewed:${order.id}:${order.submit_count}`,
        },
      ],
      now,
    ),

  async pausedOrResumed(
    trx: Tx,
    lot: { id: string; title: string },
    paused: boolean,
    reason: string,
    now: Date,
  ) {
    const holders = await noticesRepo(trx).depositHolders(lot.id);
    await notify(
      trx,
      holders.map((userId) => ({
        userId,
        kind: paused ? 'lot.paused' : 'lot.resumed',
        title: paused ? '竞价已暂停' : '竞价已恢复',
        body: paused
          ? `${lot.title} 的竞价已被平台暂停（${reason}），恢复后结束时间顺延。`
          : `${lot.title} 的竞价已恢复（${reason}），结束时间已顺延，请留意。`,
        link: lotLink(lot.id),
        eventKey: `lot-${paused ? 'paused' : 'resumed'}:${lot.id}:${now.getTime()}`,
      })),
      now,
    );
  },
};
