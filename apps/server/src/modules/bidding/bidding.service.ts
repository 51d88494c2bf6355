import type { LiveEvent, bidding } from '@chepai/shared';
import { applyBid, BID_REJECTIONS, closeOutcome, type BidRejectionCode, type LotState } from '@chepai/shared/domain/bidding-rules';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { LiveBus } from '../../platform/live/live-bus';
import type { Payments } from '../../platform/payments/payments';
import { biddingRepo as repo, type EngineLot } from './bidding.repo';
import { freezeDeposit, settleDeposits } from './deposit-ledger';
import { closedEvent, eventsOfBid } from './live-events';
import { toLiveState, toLotState } from './lot-state';

const REGISTRATION_OPEN = new Set([2, 3, 4]);

export interface BidRequest {
  buyerId: string;
  orderId: string;
  amount: number;
  maxAmount?: number | undefined;
}

export function biddingService(ctx: AppContext, payments: Payments, bus: LiveBus<LiveEvent>) {
  const { db } = ctx.dbh;

  /** A paid deposit: frozen — or, when the lot has already closed, frozen and refunded at once. */
  async function onDepositPaid(trx: Transaction<Database>, payment: Parameters<typeof freezeDeposit>[1], now: Date) {
    await freezeDeposit(trx, payment, now);
    const lot = await trx.selectFrom('lot').select('status').where('id', '=', payment.lot_id).forUpdate().executeTakeFirst();
    if (lot && lot.status >= 5) await settleDeposits(trx, payment.lot_id, null, now);
  }
  payments.service.onPaid('deposit', onDepositPaid);

  async function lotOr404(orderId: string) {
    const lot = await repo.lot(db, orderId);
    if (!lot || lot.status === 1) throw notFound('拍品不存在或已下架');
    return lot;
  }

  async function registerDeposit(buyerId: string, orderId: string) {
    const lot = await lotOr404(orderId);
    const now = ctx.now();
    if (!REGISTRATION_OPEN.has(lot.status) || lot.end_time <= now) {
      throw conflict(lot.status === 0 ? '报名尚未开始，请在报名期内缴纳保证金' : '该拍品已不在报名期');
    }
    const held = await repo.deposit(db, orderId, buyerId);
    if (held) throw conflict('您已缴纳保证金，无需重复缴纳');
    const { paymentNo, payUrl } = await payments.service.create({
      purpose: 'deposit',
      lotId: orderId,
      buyerId,
      amount: Number(lot.deposit),
      subject: `竞买保证金：${lot.title}`,
      returnUrl: `/promiseMoneyReport/${orderId}`,
    });
    return { paymentNo, payUrl };
  }

  async function depositInfo(buyerId: string, orderId: string) {
    const lot = await lotOr404(orderId);
    const held = await repo.deposit(db, orderId, buyerId);
    const open = held ? undefined : await payments.service.findOpen('deposit', orderId, buyerId);
    return {
      registered: Boolean(held),
      state: held?.state ?? (open ? ('pending' as const) : null),
      bidderNo: held?.bidder_no ?? null,
      amount: fenToYuanString(Number(held?.amount ?? lot.deposit)),
      paymentNo: held?.payment_no ?? open?.payment_no ?? null,
    };
  }

  /**
   * One bid, one transaction: lock the lot row, check the deposit, apply the pure rules, write the
   * bids with the next seq numbers, update the lot, NOTIFY (delivered at commit). Answered only
   * after the commit.
   */
  async function placeBid(req: BidRequest) {
    // Outside the lock: refusals that no concurrent transaction can overturn (prices only rise,
    // closed statuses are final, a missing deposit is decided at arrival) cost no row lock.
    const seen = await repo.lotWithTop(db, req.orderId, false);
    if (!seen || seen.lot.status === 1) throw notFound('拍品不存在或已下架');
    const deposit = await repo.deposit(db, req.orderId, req.buyerId);
    const hasDeposit = deposit?.state === 'frozen';
    const early = applyBid(toLotState(seen.lot, seen.top), { bidderId: req.buyerId, amount: req.amount, maxAmount: req.maxAmount, at: ctx.now().getTime() }, hasDeposit);
    if (early.result === 'rejected' && ['OUTBID', 'NO_DEPOSIT'].includes(early.rejection.code) && early.events.length === 0) {
      return refuse(req, early.rejection.code, early.state, seen.lot.bid_count);
    }
    if (early.result === 'rejected' && early.rejection.code === 'ENDED' && seen.lot.status >= 5) {
      return refuse(req, 'ENDED', early.state, seen.lot.bid_count);
    }

    const result = await db.transaction().execute(async (trx) => {
      const locked = await repo.lotWithTop(trx, req.orderId, true);
      if (!locked) return { kind: 'missing' as const };
      const { lot, top } = locked;
      // The server clock is read under the lock: acceptance order and bid times agree.
      const at = ctx.now();
      const state = toLotState(lot, top);
      const outcome = applyBid(state, { bidderId: req.buyerId, amount: req.amount, maxAmount: req.maxAmount, at: at.getTime() }, hasDeposit);
      let bidCount = lot.bid_count;
      let mine: bidding.AcceptedBid | null = null;
      if (outcome.events.length || outcome.result === 'maxRaised') {
        // Only two bidders can appear: the caller and the leader they challenged (the top bid).
        const numberOf = (id: string) => (id === req.buyerId ? (deposit?.bidder_no ?? '000000') : (top?.bidder_no ?? '000000'));
        const rows = outcome.events.map((e, i) => ({
          lot_id: req.orderId,
          seq: lot.bid_count + i + 1,
          bidder_id: e.bidderId.startsWith('anon:') ? null : e.bidderId,
          bidder_no: numberOf(e.bidderId),
          amount: e.amount,
          created_at: at,
          auto: e.auto,
          extended: outcome.extended && i === outcome.events.length - 1,
          end_time_after: new Date(outcome.state.endTime),
          status_after: outcome.state.status,
        }));
        if (rows.length) await repo.insertBids(trx, rows);
        bidCount += rows.length;
        const leader = outcome.state.leaderId;
        await trx
          .updateTable('lot')
          .set({
            status: outcome.state.status,
            current_price: outcome.state.currentPrice ?? lot.current_price,
            bid_count: bidCount,
            end_time: new Date(outcome.state.endTime),
            leader_id: leader && !leader.startsWith('anon:') ? leader : null,
            leader_max: outcome.state.leaderMax === null ? null : String(outcome.state.leaderMax),
            updated_at: at,
          })
          .where('id', '=', req.orderId)
          .execute();
        const events = rows.flatMap((row) => eventsOfBid(req.orderId, { ...row, amount: String(row.amount) }, lot));
        await bus.publishManyInTx(trx, req.orderId, events);
        const myRow = rows.filter((r) => r.bidder_id === req.buyerId).at(-1);
        if (myRow) mine = { seq: myRow.seq, bidderNo: myRow.bidder_no, amount: fenToYuanString(myRow.amount), auto: myRow.auto, bidTime: at.getTime(), mine: true };
      }
      return { kind: 'done' as const, outcome, bidCount, mine };
    });
    if (result.kind === 'missing') throw notFound('拍品不存在或已下架');
    const { outcome, bidCount, mine } = result;
    if (outcome.result === 'rejected') return refuse(req, outcome.rejection.code, outcome.state, bidCount);
    return { result: outcome.result, bid: mine, state: toLiveState(req.orderId, outcome.state, bidCount, req.buyerId, ctx.now()) };
  }

  function refuse(req: BidRequest, code: BidRejectionCode, state: LotState, bidCount: number): never {
    const data: bidding.BidRejectionData = { ...toLiveState(req.orderId, state, bidCount, req.buyerId, ctx.now()), reason: code };
    throw conflict(BID_REJECTIONS[code], data);
  }

  /** Closes one due lot per transaction until none is due; exactly once across processes. */
  async function closeDueLots(now: Date, limit = 50): Promise<number> {
    let closed = 0;
    for (; closed < limit; closed++) {
      const done = await db.transaction().execute(async (trx) => {
        const lot = await repo.claimDueLot(trx, now);
        if (!lot) return false;
        await closeLot(trx, lot, now);
        return true;
      });
      if (!done) break;
    }
    return closed;
  }

  async function closeLot(trx: Transaction<Database>, lot: EngineLot, now: Date) {
    const top = await repo.topBid(trx, lot.id, lot.bid_count);
    const outcome = closeOutcome(toLotState(lot, top));
    await trx.updateTable('lot').set({ status: outcome.status, closed_at: now, updated_at: now }).where('id', '=', lot.id).execute();
    const winner = outcome.winnerId && !outcome.winnerId.startsWith('anon:') ? outcome.winnerId : null;
    await settleDeposits(trx, lot.id, winner, now);
    const winnerNo = outcome.status === 5 && top ? top.bidder_no : null;
    await bus.publishInTx(trx, lot.id, closedEvent(lot.id, { ...lot, status: outcome.status }, winnerNo));
  }

  return {
    registerDeposit,
    depositInfo,
    placeBid,
    closeDueLots,
    advanceStatuses: (now: Date) => repo.advanceStatuses(db, now),
  };
}

export type BiddingService = ReturnType<typeof biddingService>;
