import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noticesRepo } from './notices.repo';
import { notify, type NoticeInput } from './notify';

type Tx = Kysely<Database>;
const buyerLink = (id: string) => `/buyerDetailInfo/${id}`;
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
          eventKey: `deal-signed:${lotId}`,
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
        eventKey: `deal-paid:${lotId}`,
      },
    ];
    if (p.seller)
      items.push({
        userId: p.seller,
        kind: 'deal.paid',
        title: '买受人已付清全部款项',
        body: `${p.title} 的买受人已付清全部款项，请配合交车，交车后在订单中确认。`,
        link: sellerLink(lotId),
        eventKey: `deal-paid:${lotId}`,
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
          eventKey: `deal-handover:${lotId}`,
        },
      ],
      now,
    );
  },

  async defaulted(trx: Tx, lotId: string, reason: 'sign' | 'pay', now: Date) {
    const p = await noticesRepo(trx).dealParties(lotId);
    if (!p) return;
    const why = reason === 'sign' ? '未在期限内签署成交确认书' : '未在期限内付清余款及服务费';
    const items: NoticeInput[] = [
      {
        userId: p.buyer,
        kind: 'deal.defaulted',
        title: '成交违约，保证金不予退还',
        body: `${p.title}：您${why}，已视为悔拍，保证金不予退还。`,
        link: buyerLink(lotId),
        eventKey: `deal-defaulted:${lotId}`,
      },
    ];
    if (p.seller)
      items.push({
        userId: p.seller,
        kind: 'deal.defaulted',
        title: '买受人违约',
        body: `${p.title} 的买受人${why}，已按悔拍处理。`,
        link: sellerLink(lotId),
        eventKey: `deal-defaulted:${lotId}`,
      });
    await notify(trx, items, now);
  },
};
