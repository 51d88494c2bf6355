import type { bidding } from '@chepai/shared';
import { lotNotices } from '../notices/lot-notices';
import { orderNotices } from '../notices/order-notices';
import { dealDefaults } from '../deals/deal-defaults';
import {
  BID_REJECTIONS,
  closeOutcome,
  type BidRejectionCode,
  type LotState,
} from '@chepai/shared/domain/bidding-rules';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { CommitOutcomeUnknown } from '../../db/tx-outcome';
import { isDatabaseUnavailable } from '../../http/db-unavailable';
import { conflict, notFound, unavailable } from '../../http/errors';
import { groupCommitter } from '../../lib/group-commit';
import type { LiveBus } from '../../platform/live/live-bus';
import type { Payments } from '../../platform/payments/payments';
import type { BatchedBid, BidRequest } from './bid-batch';
import { bidPlacement } from './bid-placement';
import { biddingRepo, type EngineLot } from './bidding.repo';
import { openDeal } from '../deals/deal-open';
import type { ListingKeys } from './listing-keys';
import { depositSubject, freezeDeposit, settleDeposits } from './deposit-ledger';
import { closedEvent, type BusEvent } from './live-events';
import { toLiveState, toLotState } from './lot-state';

const REGISTRATION_OPEN = new Set([2, 3, 4]);
/** Enough to amortise a commit on a hot lot; small enough that one lot's bids stay a quick share of a batch. */
const MAX_BIDS_PER_LOT = 64;
/** Bids of all lots in one batch: one statement's rows and NOTIFYs stay quick. */
const MAX_BIDS_PER_BATCH = 256;
/**
 * Batches running at once on a server, over disjoint lots: while one waits for its commit flush the
 * next is locking and writing. The embedded database runs one statement at a time, so one there.
 */
const MAX_BATCHES_IN_FLIGHT = 2;

export function biddingService(
  ctx: AppContext,
  payments: Payments,
  bus: LiveBus<BusEvent>,
  listing: ListingKeys,
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
    // Three defaults (悔拍) bar a buyer from registering for a while (decision 025).
    await dealDefaults.assertMayRegister(ctx.dbh.db, buyerId, now);
    const { paymentNo, payUrl } = await payments.service.create({
      purpose: 'deposit',
      lotId: orderId,
      buyerId,
      amount: Number(lot.deposit),
      subject: depositSubject(lot.title),
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
   * Bids are group-committed across lots (decisions 005 and 029): the bids waiting on every lot no
   * running batch holds form one batch, placed by one statement on the state this process knows, or
   * under the lots' locks where it knows too little (`bid-placement.ts`, decision 035). Each bid is
   * answered only after the commit that holds it, with its own outcome.
   */
  const placement = bidPlacement(ctx, bus, listing);
  const committer = groupCommitter<BidRequest, BatchedBid>(placement.placeBatch, {
    maxPerKey: MAX_BIDS_PER_LOT,
    maxPerBatch: MAX_BIDS_PER_BATCH,
    maxInFlight: ctx.dbh.driver === 'pglite' ? 1 : MAX_BATCHES_IN_FLIGHT,
    // A batch answers a failure per lot itself (part of it may have committed): never run it again.
    isolate: () => false,
  });

  async function placeBid(req: BidRequest) {
    let answer: BatchedBid;
    try {
      answer = await committer.submit(req.orderId, req);
    } catch (err) {
      throw batchFailure(err);
    }
    if (answer.kind === 'failed') throw batchFailure(answer.error);
    if (answer.kind === 'missing') throw notFound('拍品不存在或已下架');
    if (answer.kind === 'refused') return refuse(req, answer.code, answer.state, answer.bidCount);
    return {
      result: answer.result,
      bid: answer.bid,
      state: toLiveState(req.orderId, answer.state, answer.bidCount, req.buyerId, ctx.now()),
    };
  }

  /** A bid whose batch failed was not acknowledged: the bidder is told to look again or retry. */
  function batchFailure(err: unknown): unknown {
    if (err instanceof CommitOutcomeUnknown) {
      ctx.log.error({ err }, 'bid batch commit outcome unknown');
      return unavailable('出价结果未确认，请刷新拍品查看最新出价后再操作', 1);
    }
    if (isDatabaseUnavailable(err)) return err;
    ctx.log.error({ err }, 'bid batch failed');
    return unavailable('出价未能处理，请重新出价', 1);
  }

  function refuse(req: BidRequest, code: BidRejectionCode, state: LotState, bidCount: number): never {
    const data: bidding.BidRejectionData = {
      ...toLiveState(req.orderId, state, bidCount, req.buyerId, ctx.now()),
      reason: code,
    };
    throw conflict(BID_REJECTIONS[code], data);
  }

  /**
   * Closes the due lots, one per transaction, each locked by id (a single-shard statement:
   * docs/scaling.md); exactly once across processes.
   */
  async function closeDueLots(now: Date, limit = 50): Promise<number> {
    let closed = 0;
    for (const lotId of await repo.dueLots(now, limit)) {
      const done = await db.transaction().execute(async (trx) => {
        const lot = await biddingRepo(trx).claimDueLot(lotId, now);
        if (!lot) return false;
        await closeLot(trx, lot, now);
        return true;
      });
      if (done) closed++;
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
    /** Writes the outbid notices the window holds (shutdown; tests). */
    drainOutbids: () => placement.drainOutbids(),
    /** Group-commit and placement counts of this process (tests, benches). */
    batchStats: () => ({ ...committer.stats(), ...placement.stats() }),
  };
}

export type BiddingService = ReturnType<typeof biddingService>;
