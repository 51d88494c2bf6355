import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { alertsRepo } from './alerts.repo';
import { noticesRepo } from './notices.repo';
import { notify, type NoticeInput } from './notify';

type Tx = Kysely<Database>;
const buyerLink = (id: string) => `/buyerDetailInfo/${id}`;
/** 我的成交车辆 (pending second-chance offers are listed at its top). */
export const BUYER_DEALS_LINK = '/personalCenter/dealCar';
const sellerLink = (id: string) => `/detailInfo/${id}`;

/**
 * The notices of a deal's stages (docs/product.md#15-notices), each written in the transaction of
 * the transition: signed, paid in full, handed over, defaulted.
 */
export const dealNotices = {
  async signed(trx: Tx, lotId: string, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p?.seller) return;
    await notify(
      trx,
      [
        {
          userId: p.seller,
          kind: 'deal.signed',
          title: '买受人已签署成交确认书',
          body: `${p.title} 的买受人已在线签署成交确认书，等待其付清余款及服务费。`,
          link: sellerLink(lotId),
          eventKey: key('deal-signed', lotId, await roundOf(trx, lotId)),
        },
      ],
      now,
    );
  },

  async paidInFull(trx: Tx, lotId: string, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    const items: NoticeInput[] = [
      {
        userId: p.buyer,
        kind: 'deal.paid',
        title: '款项已付清，请安排提车',
        body: `${p.title} 的余款和服务费均已到账，请在提车期限内到提车地点办理提车。`,
        link: buyerLink(lotId),
        eventKey: key('deal-paid', lotId, await roundOf(trx, lotId)),
      },
    ];
    if (p.seller)
      items.push({
        userId: p.seller,
        kind: 'deal.paid',
        title: '买受人已付清全部款项',
        body: `${p.title} 的买受人已付清全部款项，请配合交车，交车后在订单中确认。`,
        link: sellerLink(lotId),
        eventKey: key('deal-paid', lotId, await roundOf(trx, lotId)),
      });
    await notify(trx, items, now);
  },

  async handedOver(trx: Tx, lotId: string, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    await notify(
      trx,
      [
        {
          userId: p.buyer,
          kind: 'deal.handedOver',
          title: '车辆已交接',
          body: `处置单位已确认 ${p.title} 交车，请在30日内办理过户。`,
          link: buyerLink(lotId),
          eventKey: key('deal-handover', lotId, await roundOf(trx, lotId)),
        },
      ],
      now,
    );
  },

  async defaulted(
    trx: Tx,
    lotId: string,
    reason: 'sign' | 'pay',
    now: Date,
    barredUntil: Date | null = null,
  ) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    const why = reason === 'sign' ? '未在期限内签署成交确认书' : '未在期限内付清余款及服务费';
    const round = await roundOf(trx, lotId);
    const bar = barredUntil
      ? `因累计3次悔拍，${formatBeijing(barredUntil).slice(0, 10)}前不能报名缴纳保证金。`
      : '';
    const items: NoticeInput[] = [
      {
        userId: p.buyer,
        kind: 'deal.defaulted',
        title: '成交违约，保证金不予退还',
        body: `${p.title}：您${why}，已视为悔拍，保证金不予退还，并记违约一次。${bar}`,
        link: buyerLink(lotId),
        eventKey: key('deal-defaulted', lotId, round),
      },
    ];
    if (p.seller)
      items.push({
        userId: p.seller,
        kind: 'deal.defaulted',
        title: '买受人违约',
        body: `${p.title} 的买受人${why}，已按悔拍处理。请在订单中选择邀请次高出价人成交或重新上拍。`,
        link: sellerLink(lotId),
        eventKey: key('deal-defaulted', lotId, round),
      });
    await notify(trx, items, now);
  },

  /** The buyer uploaded a signed paper contract: the reviewers have one to check. */
  async contractUploaded(trx: Tx, lotId: string, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    const reviewers = await alertsRepo(trx).operators(['reviewer']);
    await notify(
      trx,
      reviewers.map((userId) => ({
        userId,
        kind: 'ops.contractUploaded' as const,
        title: '纸质合同待审核',
        body: `${p.title} 的买受人上传了签署后的纸质成交确认书，请审核。`,
        link: `/console/contracts?orderId=${lotId}`,
        eventKey: `deal-paper-uploaded:${lotId}:${now.getTime()}`,
      })),
      now,
    );
  },

  async contractReviewed(trx: Tx, lotId: string, accepted: boolean, reason: string | null, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    await notify(
      trx,
      [
        {
          userId: p.buyer,
          kind: 'deal.contractReviewed',
          title: accepted ? '纸质合同审核通过' : '纸质合同未通过审核',
          body: accepted
            ? `${p.title} 的纸质成交确认书已审核通过，请在付款期限内付清余款及服务费。`
            : `${p.title} 的纸质成交确认书未通过审核：${reason ?? ''}。请在签约期限内重新上传或在线签署。`,
          link: buyerLink(lotId),
          eventKey: `deal-paper-reviewed:${lotId}:${now.getTime()}`,
        },
      ],
      now,
    );
  },

  async transferred(trx: Tx, lotId: string, now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    const items: NoticeInput[] = [
      {
        userId: p.buyer,
        kind: 'deal.transferred',
        title: '过户已完成',
        body: `${p.title} 的过户登记已完成，成交订单已完成。`,
        link: buyerLink(lotId),
        eventKey: `deal-transferred:${lotId}`,
      },
    ];
    if (p.seller)
      items.push({
        userId: p.seller,
        kind: 'deal.transferred',
        title: '过户已完成',
        body: `${p.title} 的过户登记已记录，成交订单已完成。`,
        link: sellerLink(lotId),
        eventKey: `deal-transferred:${lotId}`,
      });
    await notify(trx, items, now);
  },
};

/** A second-chance round's events are new events (round 1 keeps the plain key). */
const key = (base: string, lotId: string, round: number) =>
  round > 1 ? `${base}:${lotId}:${round}` : `${base}:${lotId}`;

async function roundOf(trx: Tx, lotId: string) {
  return (await noticesRepo(trx).dealParties(lotId))?.round ?? 1;
}
