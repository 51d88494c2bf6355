import { deals, fenToYuanString } from '@chepai/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { formatBeijing } from '../../lib/time';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { maskBidderNo } from '../lots/masking';
import { BUYER_DEALS_LINK } from '../notices/deal-notices';
import { yuan } from '../notices/wire';
import { notify, type NoticeInput } from '../notices/notify';
import { noticesRepo } from '../notices/notices.repo';
import { refundWhole } from '../settlement/postings';
import { contractNo, sellerFee } from './deal-open';
import { dealDefaults } from './deal-defaults';
import { dealFlowRepo } from './deal-flow.repo';
import { dealTerms } from './deal-terms';
import { dealsRepo } from './deals.repo';

type Tx = Transaction<Database>;
const HOUR = 3600_000;
const buyerLink = (id: string) => `/buyerDetailInfo/${id}`;
const sellerLink = (id: string) => `/detailInfo/${id}`;
export const EXPIRED = '该邀请已超过确认期限';

/**
 * The second chance after a default (docs/decisions/025-defaults-strikes-second-chance.md): the
 * runner-up accepts by paying the lot's deposit again — their first deposit went back at the close —
 * and the paid deposit opens a new round of the deal with it applied; declining or letting the
 * offer lapse lets the seller choose again.
 */
export const secondChance = {
  /**
   * The checks before an acceptance: the caller's pending offer, in time (a late one expires now:
   * 409), and a buyer not barred (403). What the deposit is and what the lot is called.
   */
  async toAccept(db: Kysely<Database>, buyerId: string, offerId: string, now: Date) {
    const offer = await dealFlowRepo(db).lockOffer(offerId);
    if (!offer || offer.buyer_id !== buyerId) throw notFound('未找到该成交邀请');
    if (offer.status !== 'pending')
      throw conflict(`该邀请已${deals.OFFER_STATUS_TEXT[offer.status].slice(-4)}`);
    if (offer.expires_at <= now) {
      await this.answer(db, buyerId, offerId, false, now);
      throw conflict(EXPIRED);
    }
    await dealDefaults.assertMayRegister(db, buyerId, now);
    const lot = await dealFlowRepo(db).lotDeposit(offer.lot_id);
    return { lotId: offer.lot_id, title: lot.title, deposit: Number(lot.deposit) };
  },

  /**
   * The buyer answers an offer: declining lets the seller choose again; accepting opens a new round
   * of the deal at the offered price (directly only when the lot takes no deposit; otherwise the
   * paid deposit does, in `depositPaid`).
   */
  async answer(db: Kysely<Database>, buyerId: string, offerId: string, accept: boolean, now: Date) {
    return db.transaction().execute(async (trx) => {
      const offer = await dealFlowRepo(trx).lockOffer(offerId);
      if (!offer || offer.buyer_id !== buyerId) throw notFound('未找到该成交邀请');
      if (offer.status !== 'pending')
        throw conflict(`该邀请已${deals.OFFER_STATUS_TEXT[offer.status].slice(-4)}`);
      if (offer.expires_at <= now) {
        await expireOne(trx, offer.id, offer.lot_id, now);
        return { expired: true as const, lotId: offer.lot_id };
      }
      await dealFlowRepo(trx).setOffer(offer.id, accept ? 'accepted' : 'declined', now);
      if (accept) await reopen(trx, offer.lot_id, buyerId, Number(offer.price), 0, now);
      await answered(trx, offer.lot_id, accept ? 'accepted' : 'declined', now, offer.id);
      return { expired: false as const, lotId: offer.lot_id };
    });
  },

  /**
   * A second-chance deposit is paid (the provider's notice, in its transaction): the pending offer
   * is accepted and the deal reopens with that deposit applied. An offer no longer pending (lapsed,
   * declined) or a deal no longer open sends the money back.
   */
  async depositPaid(trx: Tx, payment: PaymentRow, now: Date) {
    const offer = await dealFlowRepo(trx).lockOfferOf(payment.lot_id, payment.buyer_id);
    const deal = await dealsRepo(trx).lock(payment.lot_id);
    if (offer?.status === 'pending' && offer.expires_at > now && deal?.stage === 'defaulted') {
      await dealFlowRepo(trx).setOffer(offer.id, 'accepted', now);
      await reopen(trx, offer.lot_id, offer.buyer_id, Number(offer.price), Number(payment.amount), now);
      await answered(trx, offer.lot_id, 'accepted', now, offer.id);
      return;
    }
    await refundWhole(trx, payment, '次高价成交邀请已结束，保证金原路退还', now);
    await notify(
      trx,
      [
        {
          userId: payment.buyer_id,
          kind: 'deposit.refunded',
          title: '保证金将原路退还',
          body: `次高价成交邀请已结束（已过确认期限或已放弃），您缴纳的保证金 ${yuan(Number(payment.amount))} 将原路退还。`,
          link: BUYER_DEALS_LINK,
          eventKey: `offer-deposit-refund:${payment.payment_no}`,
        },
      ],
      now,
    );
  },

  /** Pending offers past their time expire; the seller may choose again. */
  async expireOffers(db: Kysely<Database>, now: Date, limit = 50): Promise<number> {
    let done = 0;
    for (; done < limit; done++) {
      const moved = await db.transaction().execute(async (trx) => {
        const due = await dealFlowRepo(trx).claimExpiredOffer(now);
        if (!due) return false;
        await expireOne(trx, due.id, due.lot_id, now);
        return true;
      });
      if (!moved) break;
    }
    return done;
  },

  offerView(o: {
    id: string;
    lot_id: string;
    title: string;
    price: string;
    status: deals.OfferStatus;
    offered_at: Date;
    expires_at: Date;
    decided_at: Date | null;
    bidder_no: string;
    deposit: string;
    payment_status: 'pending' | 'paid' | 'closed' | null;
  }): deals.SecondChanceOffer {
    return {
      offerId: o.id,
      orderId: o.lot_id,
      title: o.title,
      price: fenToYuanString(Number(o.price)),
      status: o.status,
      statusText: deals.OFFER_STATUS_TEXT[o.status],
      offeredAt: o.offered_at.getTime(),
      expiresAt: o.expires_at.getTime(),
      decidedAt: o.decided_at?.getTime() ?? null,
      bidderNo: maskBidderNo(o.bidder_no),
      deposit: fenToYuanString(Number(o.deposit)),
      paying: o.status === 'pending' && o.payment_status === 'pending',
    };
  },
};

async function expireOne(trx: Tx, offerId: string, lotId: string, now: Date) {
  await dealFlowRepo(trx).setOffer(offerId, 'expired', now);
  await answered(trx, lotId, 'expired', now, offerId);
}

/** Tells the selling unit how the offer ended (written with the change). */
async function answered(
  trx: Tx,
  lotId: string,
  how: 'accepted' | 'declined' | 'expired',
  now: Date,
  offerId: string,
) {
  const p = await noticesRepo(trx).dealParties(lotId);
  if (!p?.seller) return;
  const body = {
    accepted: `${p.title} 的次高出价人已接受以其最高出价成交，新的成交订单已生成。`,
    declined: `${p.title} 的次高出价人已放弃，您可以邀请下一位出价人或重新上拍。`,
    expired: `${p.title} 的次高出价人逾期未确认，您可以邀请下一位出价人或重新上拍。`,
  }[how];
  const items: NoticeInput[] = [
    {
      userId: p.seller,
      kind: 'deal.secondChanceAnswered',
      title: deals.OFFER_STATUS_TEXT[how],
      body,
      link: sellerLink(lotId),
      eventKey: `deal-second-chance-${how}:${offerId}`,
    },
  ];
  await notify(trx, items, now);
}

/** A new round of the deal for the accepting bidder: their second-chance deposit applied, fresh deadlines. */
async function reopen(trx: Tx, lotId: string, buyerId: string, price: number, deposit: number, now: Date) {
  const deal = await dealsRepo(trx).lock(lotId);
  if (!deal || deal.stage !== 'defaulted') throw conflict('该成交订单已另行处置');
  const terms = deal.terms ?? (await dealTerms.forLot(trx, lotId));
  const round = deal.round + 1;
  await dealsRepo(trx).update(lotId, {
    buyer_id: buyerId,
    round,
    final_price: price,
    deposit_applied: deposit,
    balance_due: Math.max(0, price - deposit),
    service_fee: deals.buyerServiceFee(price, terms.buyerFee),
    seller_fee: sellerFee(price, terms),
    terms: JSON.stringify(terms),
    stage: 'signing',
    state: 'awaiting_payment',
    sign_deadline: new Date(now.getTime() + terms.signHours * HOUR),
    pay_deadline: new Date(now.getTime() + terms.payHours * HOUR),
    contract_no: contractNo(lotId, now, round),
    contract_sha256: null,
    signed_at: null,
    signed_ip: null,
    signed_ua: null,
    payment_no: null,
    paid_at: null,
    defaulted_at: null,
    late_payment_no: null,
    fee_payment_no: null,
    fee_paid_at: null,
    late_fee_payment_no: null,
    pickup_deadline: null,
    pickup_plan: null,
    handover_at: null,
    handover_mileage_km: null,
    handover_by: null,
    transfer_deadline: null,
    completed_at: null,
    storage_paid: 0,
    paper_contract_file_id: null,
    paper_contract_status: null,
    paper_contract_reason: null,
    paper_contract_uploaded_at: null,
    paper_contract_reviewed_at: null,
    paper_contract_reviewed_by: null,
    created_at: now,
  });
  await notify(
    trx,
    [
      {
        userId: buyerId,
        kind: 'deal.contractReady',
        title: '成交确认书待签署',
        body: `您已接受以次高价成交，请在 ${formatBeijing(new Date(now.getTime() + terms.signHours * HOUR)).slice(0, 16)} 前签署成交确认书。`,
        link: buyerLink(lotId),
        eventKey: `deal-contract-ready:${lotId}:${round}`,
      },
    ],
    now,
  );
}
