import { deals, fenToYuanString } from '@chepai/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { conflict, forbidden, notFound } from '../../http/errors';
import { forfeitDeposit } from '../settlement/forfeit';
import { maskBidderNo } from '../lots/masking';
import { disposalRepo } from '../disposal/disposal.repo';
import { notify, type NoticeInput } from '../notices/notify';
import { noticesRepo } from '../notices/notices.repo';
import { orderNotices } from '../notices/order-notices';
import { contractNo, sellerFee } from './deal-open';
import { dealTerms, termsOf } from './deal-terms';
import { dealFlowRepo } from './deal-flow.repo';
import { dealExtrasRepo, dealsRepo } from './deals.repo';

type Tx = Transaction<Database>;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const buyerLink = (id: string) => `/buyerDetailInfo/${id}`;
const sellerLink = (id: string) => `/detailInfo/${id}`;

/** Who acts on a default: the selling unit's member, or an operator from the console. */
export type DefaultActor =
  { kind: 'seller'; userId: string; unitId: string } | { kind: 'operator'; userId: string };

/**
 * Defaults (悔拍), strikes and second chances (docs/decisions/025-defaults-strikes-second-chance.md).
 * A missed deadline forfeits the deposit (split per the lot's terms), records the default and a
 * strike; the third strike bars the buyer from registering for a setting-defined period. The seller
 * then offers the lot to the next-highest bidder at their own last bid, or relists it.
 */
export const dealDefaults = {
  /** Records the default of a locked, overdue deal; runs in the deadline job's transaction. */
  async record(
    trx: Tx,
    deal: { lot_id: string; buyer_id: string; stage: string },
    now: Date,
  ): Promise<{ reason: 'sign' | 'pay'; barredUntil: Date | null }> {
    const row = await dealsRepo(trx).lock(deal.lot_id);
    if (!row) throw new Error(`deal ${deal.lot_id} vanished`);
    const reason = row.stage === 'signing' ? 'sign' : 'pay';
    const terms = termsOf(row.terms);
    await dealsRepo(trx).update(row.lot_id, { stage: 'defaulted', state: 'defaulted', defaulted_at: now });
    // The deposit applied to the price is forfeited (a second-chance buyer has none).
    const forfeited = (await forfeitDeposit(trx, row.lot_id, row.buyer_id, now))
      ? Number(row.deposit_applied)
      : 0;
    const split = deals.forfeitSplit(forfeited, terms.forfeitSellerShareBp);
    const def = await dealFlowRepo(trx).insertDefault({
      lot_id: row.lot_id,
      buyer_id: row.buyer_id,
      round: row.round,
      reason,
      final_price: row.final_price,
      forfeited,
      seller_share: split.seller,
      platform_share: split.platform,
      late_payment_no: row.late_payment_no,
      late_fee_payment_no: row.late_fee_payment_no,
      at: now,
    });
    await dealFlowRepo(trx).insertStrike({
      buyer_id: row.buyer_id,
      lot_id: row.lot_id,
      default_id: def.id,
      reason: deals.DEFAULT_REASON_TEXT[reason],
      at: now,
    });
    const barredUntil = await barIfDue(trx, row.buyer_id, now);
    return { reason, barredUntil };
  },

  /** The bar in force for a buyer at `now`, if any. */
  activeBar: (db: Kysely<Database>, buyerId: string, now: Date) => dealFlowRepo(db).activeBar(buyerId, now),

  /** Refuses a deposit to a barred buyer, saying until when. */
  async assertMayRegister(db: Kysely<Database>, buyerId: string, now: Date) {
    const bar = await this.activeBar(db, buyerId, now);
    if (bar)
      throw forbidden(
        `您因累计${deals.STRIKES_TO_BAR}次成交后违约（悔拍），${formatBeijing(bar.until).slice(0, 10)}前不能报名缴纳保证金`,
      );
  },

  /** The next-highest bidder not yet asked and not the defaulter: their highest bid. */
  runnerUp: (db: Kysely<Database>, lotId: string) => dealFlowRepo(db).runnerUp(lotId),

  /** What the seller may do now about the lot's latest default. */
  async choices(db: Kysely<Database>, lotId: string) {
    const deal = await dealFlowRepo(db).dealStage(lotId);
    const def = await dealExtrasRepo(db).latestDefault(lotId);
    const offers = await dealExtrasRepo(db).offers(lotId);
    const open = deal?.stage === 'defaulted' && def && def.resolution !== 'relisted';
    const pending = offers.some((o) => o.status === 'pending');
    const next = open && !pending ? await this.runnerUp(db, lotId) : undefined;
    return {
      def,
      offers,
      canOfferSecondChance: Boolean(open && !pending && next),
      canRelist: Boolean(open && !pending),
    };
  },

  /** Offers the lot to the next-highest bidder, or relists it. */
  async choose(
    db: Kysely<Database>,
    actor: DefaultActor,
    lotId: string,
    action: 'secondChance' | 'relist',
    now: Date,
    audit?: (trx: Tx) => Promise<void>,
  ) {
    await db.transaction().execute(async (trx) => {
      const deal = await dealsRepo(trx).lock(lotId);
      const flow = dealFlowRepo(trx);
      const lot = await flow.lotOwner(lotId);
      if (!deal || !lot || (actor.kind === 'seller' && lot.seller_id !== actor.unitId))
        throw notFound('未找到该成交订单');
      if (deal.stage !== 'defaulted') throw conflict('该成交订单未违约，不能另行处置');
      const def = await dealExtrasRepo(trx).latestDefault(lotId);
      if (!def) throw conflict('该成交订单未违约，不能另行处置');
      if (def.resolution === 'relisted') throw conflict('该车辆已重新上拍');
      const pending = await flow.pendingOffer(lotId);
      if (pending) throw conflict('次高出价人确认期间不能另行处置，请等待其答复或期限届满');
      await audit?.(trx);
      if (action === 'secondChance') {
        const next = await this.runnerUp(trx, lotId);
        if (!next?.bidder_id) throw conflict('没有可邀请的次高出价人，请选择重新上拍');
        const terms = termsOf(deal.terms);
        const offer = await flow.insertOffer({
          lot_id: lotId,
          default_id: def.id,
          buyer_id: next.bidder_id,
          bidder_no: next.bidder_no,
          price: String(next.top),
          status: 'pending',
          offered_at: now,
          expires_at: new Date(now.getTime() + terms.secondChanceHours * HOUR),
          offered_by: actor.userId,
        });
        await flow.updateDefault(def.id, {
          resolution: 'secondChance',
          resolved_at: now,
          resolved_by: actor.userId,
        });
        await notify(
          trx,
          [
            {
              userId: next.bidder_id,
              kind: 'deal.secondChance',
              title: '次高价成交邀请',
              body: `${lot.title} 的买受人未履约，处置单位邀请您以您的最高出价 ¥${fenToYuanString(Number(next.top))} 成交，请在 ${formatBeijing(offer.expires_at).slice(0, 16)} 前确认。`,
              link: '/dealCar?tab=offers',
              eventKey: `deal-second-chance:${offer.id}`,
            },
          ],
          now,
        );
        return;
      }
      const order = await flow.order(lotId);
      if (!order) throw conflict('该车辆没有处置单位的提交记录，不能重新上拍，请联系平台');
      const tx = disposalRepo(trx);
      const copy = await tx.insertOrder({
        seller_org_id: order.seller_org_id,
        submitted_by: order.submitted_by,
        stage: 'pending',
        form: JSON.stringify(order.form),
        title: order.title,
        vin: order.vin,
        plate_no: order.plate_no,
        submitted_at: now,
        updated_at: now,
      });
      await tx.addEvent({
        order_id: copy.id,
        kind: 'submitted',
        at: now,
        actor_id: actor.userId,
        note: `买受人违约后重新上拍（原订单 ${lotId}），照片与证件沿用原提交`,
      });
      await flow.updateDefault(def.id, {
        resolution: 'relisted',
        relisted_order_id: copy.id,
        resolved_at: now,
        resolved_by: actor.userId,
      });
      await orderNotices.submitted(trx, { id: copy.id, title: order.title, submitCount: 1 }, now);
    });
  },

  /** The buyer answers an offer: accepting opens a new round of the deal at the offered price. */
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
      if (accept) await reopen(trx, offer.lot_id, buyerId, Number(offer.price), now);
      await answered(trx, offer.lot_id, accept ? 'accepted' : 'declined', now, offer.id);
      return { expired: false as const, lotId: offer.lot_id };
    });
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

/** A new round of the deal for the accepting bidder: no deposit to apply, fresh deadlines. */
async function reopen(trx: Tx, lotId: string, buyerId: string, price: number, now: Date) {
  const deal = await dealsRepo(trx).lock(lotId);
  if (!deal || deal.stage !== 'defaulted') throw conflict('该成交订单已另行处置');
  const terms = deal.terms ?? (await dealTerms.forLot(trx, lotId));
  const round = deal.round + 1;
  await dealsRepo(trx).update(lotId, {
    buyer_id: buyerId,
    round,
    final_price: price,
    deposit_applied: 0,
    balance_due: price,
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

/** The third strike not yet counted towards a bar bars the buyer for the set period. */
async function barIfDue(trx: Tx, buyerId: string, now: Date): Promise<Date | null> {
  const flow = dealFlowRepo(trx);
  const open = await flow.uncountedStrikes(buyerId);
  if (open.length < deals.STRIKES_TO_BAR) return null;
  const until = new Date(now.getTime() + (await dealTerms.barDays(trx)) * DAY);
  const bar = await flow.insertBar(buyerId, now, until);
  await flow.countStrikes(
    open.map((x) => x.id),
    bar.id,
  );
  await notify(
    trx,
    [
      {
        userId: buyerId,
        kind: 'deal.barred',
        title: '报名资格受限',
        body: `您已累计${deals.STRIKES_TO_BAR}次成交后违约（悔拍），${formatBeijing(until).slice(0, 10)}前不能报名缴纳保证金。`,
        link: '/dealCar',
        eventKey: `deal-barred:${bar.id}`,
      },
    ],
    now,
  );
  return until;
}
