import { deals } from '@chepai/shared';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { conflict, forbidden, notFound } from '../../http/errors';
import { forfeitDeposit } from '../settlement/forfeit';
import { disposalRepo } from '../disposal/disposal.repo';
import { BUYER_DEALS_LINK } from '../notices/deal-notices';
import { yuan } from '../notices/wire';
import { notify } from '../notices/notify';
import { orderNotices } from '../notices/order-notices';
import { dealTerms, termsOf } from './deal-terms';
import { dealFlowRepo } from './deal-flow.repo';
import { dealExtrasRepo, dealsRepo } from './deals.repo';

type Tx = Transaction<Database>;
/** No bidder left who may take the lot (docs/decisions/025-defaults-strikes-second-chance.md). */
export const NO_RUNNER_UP =
  '没有可接受二次机会的竞买人（其余出价人已违约、已收到过邀请或正被禁止报名），请选择重新上拍';
const HOUR = 3600_000;
const DAY = 24 * HOUR;

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

  /** The next-highest bidder who may still be offered the lot (not a defaulter, not asked, not barred). */
  runnerUp: (db: Kysely<Database>, lotId: string, now: Date) => dealFlowRepo(db).runnerUp(lotId, now),

  /** What the seller may do now about the lot's latest default. */
  async choices(db: Kysely<Database>, lotId: string, now: Date) {
    const deal = await dealFlowRepo(db).dealStage(lotId);
    const def = await dealExtrasRepo(db).latestDefault(lotId);
    const offers = await dealExtrasRepo(db).offers(lotId);
    const open = deal?.stage === 'defaulted' && def && def.resolution !== 'relisted';
    const pending = offers.some((o) => o.status === 'pending');
    const next = open && !pending ? await this.runnerUp(db, lotId, now) : undefined;
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
        const next = await this.runnerUp(trx, lotId, now);
        if (!next?.bidder_id) throw conflict(NO_RUNNER_UP);
        const terms = termsOf(deal.terms);
        const { deposit } = await flow.lotDeposit(lotId);
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
              body: `${lot.title} 的买受人未履约，处置单位邀请您以您的最高出价 ${yuan(Number(next.top))} 成交，请在 ${formatBeijing(offer.expires_at).slice(0, 16)} 前${Number(deposit) > 0 ? `缴纳保证金 ${yuan(Number(deposit))} 确认` : '确认'}。`,
              link: BUYER_DEALS_LINK,
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
};

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
        link: BUYER_DEALS_LINK,
        eventKey: `deal-barred:${bar.id}`,
      },
    ],
    now,
  );
  return until;
}
