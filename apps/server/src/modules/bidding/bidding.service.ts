import type { bidding } from '@chepai/shared';
import { lotNotices } from '../notices/lot-notices';
import { orderNotices } from '../notices/order-notices';
import {
  applyBid,
  BID_REJECTIONS,
  closeOutcome,
  type BidRejectionCode,
  type LotState,
} from '@chepai/shared/domain/bidding-rules';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { keyedBatcher } from '../../lib/keyed-batcher';
import type { LiveBus } from '../../platform/live/live-bus';
import type { Payments } from '../../platform/payments/payments';
import { biddingRepo, type BidRow, type EngineLot } from './bidding.repo';
import { openDeal } from '../deals/deal-open';
import type { ListingKeys } from './listing-keys';
import { freezeDeposit, settleDeposits } from './deposit-ledger';
import { closedEvent, eventsOfBid, type BusEvent } from './live-events';
import { toLiveState, toLotState } from './lot-state';

const REGISTRATION_OPEN = new Set([2, 3, 4]);
/** Enough to amortise a commit; small enough that one batch's rows and NOTIFYs stay one quick statement each. */
const MAX_BIDS_PER_BATCH = 64;

/** A bid row as the engine writes it (amount in fen as a number). */
type NewBid = Omit<BidRow, 'amount' | 'end_time_after' | 'status_after'> & {
  amount: number;
  end_time_after: Date;
  status_after: number;
};

type BatchedBid =
  | { kind: 'missing' }
  | { kind: 'refused'; code: BidRejectionCode; state: LotState; bidCount: number }
  | {
      kind: 'done';
      result: 'accepted' | 'maxRaised';
      bid: bidding.AcceptedBid | null;
      state: LotState;
      bidCount: number;
    };

export interface BidRequest {
  buyerId: string;
  orderId: string;
  amount: number;
  maxAmount?: number | undefined;
}

/** Leaders a committed batch displaced (the notices module writes the outbid notices). */
export type OutbidHook = (e: {
  lotId: string;
  displaced: string[];
  price: number;
  seq: number;
}) => Promise<void>;

export function biddingService(
  ctx: AppContext,
  payments: Payments,
  bus: LiveBus<BusEvent>,
  listing: ListingKeys,
  onOutbid?: OutbidHook,
) {
  const { db } = ctx.dbh;
  const repo = biddingRepo(db);

  /** A paid deposit: frozen — or, when the lot has already closed, frozen and refunded at once. */
  async function onDepositPaid(
    trx: Transaction<Database>,
    payment: Parameters<typeof freezeDeposit>[1],
    now: Date,
  ) {
    await freezeDeposit(trx, payment, now);
    const status = await biddingRepo(trx).lockStatus(payment.lot_id);
    if (status !== undefined && status >= 5) {
      const settled = await settleDeposits(trx, payment.lot_id, null, now);
      await orderNotices.depositRefunded(trx, payment.lot_id, settled.refundedTo, now);
    } else await orderNotices.depositConfirmed(trx, payment, now);
  }
  payments.service.onPaid('deposit', onDepositPaid);

  async function lotOr404(orderId: string) {
    const lot = await repo.lot(orderId);
    if (!lot || lot.status === 1) throw notFound('拍品不存在或已下架');
    return lot;
  }

  async function registerDeposit(buyerId: string, orderId: string) {
    const lot = await lotOr404(orderId);
    const now = ctx.now();
    if (!REGISTRATION_OPEN.has(lot.status) || lot.end_time <= now) {
      throw conflict(lot.status === 0 ? '报名尚未开始，请在报名期内缴纳保证金' : '该拍品已不在报名期');
    }
    const held = await repo.deposit(orderId, buyerId);
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
    const held = await repo.deposit(orderId, buyerId);
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
   * Bids on one lot are group-committed: a bid arriving while a batch of that lot is in its
   * transaction waits for the next batch. One batch = one transaction: lock the lot row, read the
   * deposits of its bidders, apply the pure rules to each bid in arrival order, write all their bid
   * rows with consecutive seq numbers, update the lot once, NOTIFY (delivered at commit). Each bid
   * is answered only after that commit, with its own outcome.
   */
  const batcher = keyedBatcher<BidRequest, BatchedBid>(
    (orderId, reqs) => placeBatch(orderId, reqs),
    MAX_BIDS_PER_BATCH,
  );

  async function placeBatch(orderId: string, reqs: BidRequest[]): Promise<BatchedBid[]> {
    // Buyers who led at some point of the batch; those not leading at its end were outbid.
    const leaders = new Set<string>();
    let written: { leader: string | null; price: number; seq: number } | null = null;
    const answers = await db.transaction().execute(async (trx) => {
      const tx = biddingRepo(trx);
      const locked = await tx.lockForBatch(orderId, [...new Set(reqs.map((r) => r.buyerId))]);
      if (!locked || locked.lot.status === 1) return reqs.map(() => ({ kind: 'missing' as const }));
      const { lot, top, deposits } = locked;
      if (lot.paused_at) {
        // Paused by an operator: every bid of the batch is refused, nothing is written.
        const state = toLotState(lot, top);
        return reqs.map(() => ({
          kind: 'refused' as const,
          code: 'PAUSED' as const,
          state,
          bidCount: lot.bid_count,
        }));
      }
      const numbers = new Map([...deposits].map(([id, d]) => [id, d.bidder_no]));
      let state = toLotState(lot, top);
      if (top && state.leaderId) numbers.set(state.leaderId, top.bidder_no);
      if (state.leaderId) leaders.add(state.leaderId);
      let seq = lot.bid_count;
      let dirty = false;
      const rows: NewBid[] = [];
      const answers = reqs.map((req): BatchedBid => {
        // The server clock is read under the lock: acceptance order and bid times agree.
        const at = ctx.now();
        const outcome = applyBid(
          state,
          { bidderId: req.buyerId, amount: req.amount, maxAmount: req.maxAmount, at: at.getTime() },
          deposits.get(req.buyerId)?.state === 'frozen',
        );
        const before = state;
        state = outcome.state;
        if (state.leaderId) leaders.add(state.leaderId);
        dirty ||= outcome.events.length > 0 || outcome.result === 'maxRaised';
        let mine: bidding.AcceptedBid | null = null;
        outcome.events.forEach((e, i) => {
          const row = {
            lot_id: orderId,
            seq: ++seq,
            bidder_id: e.bidderId.startsWith('anon:') ? null : e.bidderId,
            bidder_no: numbers.get(e.bidderId) ?? '000000',
            amount: e.amount,
            created_at: at,
            auto: e.auto,
            extended: outcome.extended && i === outcome.events.length - 1,
            end_time_after: new Date(state.endTime),
            status_after: state.status,
          };
          rows.push(row);
          if (row.bidder_id === req.buyerId)
            mine = {
              seq: row.seq,
              bidderNo: row.bidder_no,
              amount: fenToYuanString(row.amount),
              auto: row.auto,
              bidTime: at.getTime(),
              mine: true,
            };
        });
        if (outcome.result === 'rejected')
          return {
            kind: 'refused',
            code: outcome.rejection.code,
            state: outcome.events.length ? state : before,
            bidCount: seq,
          };
        return { kind: 'done', result: outcome.result, bid: mine, state, bidCount: seq };
      });
      if (dirty) {
        // Bids, lot and NOTIFYs in one statement: one round trip between the lock and the commit.
        const leader = state.leaderId;
        const events = rows.flatMap((row) =>
          eventsOfBid(orderId, { ...row, amount: String(row.amount) }, lot),
        );
        await tx.writeBatch(
          orderId,
          rows,
          {
            status: state.status,
            current_price: state.currentPrice ?? lot.current_price,
            bid_count: seq,
            end_time: new Date(state.endTime),
            leader_id: leader && !leader.startsWith('anon:') ? leader : null,
            leader_max: state.leaderMax === null ? null : String(state.leaderMax),
            updated_at: ctx.now(),
          },
          bus.notifyCalls(orderId, events),
        );
        // The indexed listing copies stay behind so that the update is HOT (decision 006). Marking
        // before the commit is safe: the catch-up waits for this row lock, and after a rollback it finds nothing to copy.
        listing.markDirty(orderId);
        written = { leader: state.leaderId, price: state.currentPrice ?? 0, seq };
      }
      return answers;
    });
    // After the commit and off the bid's answer path: the outbid notices cost the batch nothing.
    const done = written as { leader: string | null; price: number; seq: number } | null;
    if (onOutbid && done) {
      const displaced = [...leaders].filter((id) => id !== done.leader && !id.startsWith('anon:'));
      if (displaced.length)
        void onOutbid({ lotId: orderId, displaced, price: done.price, seq: done.seq }).catch((err: unknown) =>
          ctx.log.error({ err, lot: orderId }, 'outbid notices failed'),
        );
    }
    return answers;
  }

  async function placeBid(req: BidRequest) {
    const answer = await batcher.submit(req.orderId, req);
    if (answer.kind === 'missing') throw notFound('拍品不存在或已下架');
    if (answer.kind === 'refused') return refuse(req, answer.code, answer.state, answer.bidCount);
    return {
      result: answer.result,
      bid: answer.bid,
      state: toLiveState(req.orderId, answer.state, answer.bidCount, req.buyerId, ctx.now()),
    };
  }

  function refuse(req: BidRequest, code: BidRejectionCode, state: LotState, bidCount: number): never {
    const data: bidding.BidRejectionData = {
      ...toLiveState(req.orderId, state, bidCount, req.buyerId, ctx.now()),
      reason: code,
    };
    throw conflict(BID_REJECTIONS[code], data);
  }

  /** Closes one due lot per transaction until none is due; exactly once across processes. */
  async function closeDueLots(now: Date, limit = 50): Promise<number> {
    let closed = 0;
    for (; closed < limit; closed++) {
      const done = await db.transaction().execute(async (trx) => {
        const lot = await biddingRepo(trx).claimDueLot(now);
        if (!lot) return false;
        await closeLot(trx, lot, now);
        return true;
      });
      if (!done) break;
    }
    return closed;
  }

  async function closeLot(trx: Transaction<Database>, lot: EngineLot, now: Date) {
    const tx = biddingRepo(trx);
    const top = await tx.topBid(lot.id, lot.bid_count);
    const outcome = closeOutcome(toLotState(lot, top));
    const final = {
      list_price: lot.current_price,
      list_bid_count: lot.bid_count,
      list_end_time: lot.end_time,
    };
    await tx.close(lot.id, { status: outcome.status, closed_at: now, updated_at: now, ...final });
    const winner = outcome.winnerId && !outcome.winnerId.startsWith('anon:') ? outcome.winnerId : null;
    const settled = await settleDeposits(trx, lot.id, winner, now);
    if (outcome.status === 5 && winner && outcome.price !== null)
      await openDeal(trx, lot.id, winner, outcome.price, settled.appliedAmount, now);
    await lotNotices.closed(
      trx,
      lot,
      { sold: outcome.status === 5, winnerId: outcome.status === 5 ? winner : null, price: outcome.price },
      settled.refundedTo,
      now,
    );
    const winnerNo = outcome.status === 5 && top ? top.bidder_no : null;
    await bus.publishInTx(trx, lot.id, closedEvent(lot.id, { ...lot, status: outcome.status }, winnerNo));
  }

  return {
    registerDeposit,
    depositInfo,
    placeBid,
    closeDueLots,
    advanceStatuses: (now: Date) => repo.advanceStatuses(now),
  };
}

export type BiddingService = ReturnType<typeof biddingService>;
