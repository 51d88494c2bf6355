import type { bidding } from '@chepai/shared';
import { applyBid, type BidRejectionCode, type LotState } from '@chepai/shared/domain/bidding-rules';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { LockedLot, LotBidUpdate, NewBid } from './bid-batch.repo';
import { toLotState } from './lot-state';

export interface BidRequest {
  buyerId: string;
  orderId: string;
  amount: number;
  maxAmount?: number | undefined;
}

export type BatchedBid =
  | { kind: 'missing' }
  /** The bid's write failed (nothing of it stored, or — CommitOutcomeUnknown — perhaps stored). */
  | { kind: 'failed'; error: unknown }
  | { kind: 'refused'; code: BidRejectionCode; state: LotState; bidCount: number }
  | {
      kind: 'done';
      result: 'accepted' | 'maxRaised';
      bid: bidding.AcceptedBid | null;
      state: LotState;
      bidCount: number;
    };

/** One lot's share of a batch: the answers in request order, and what to write (nothing if `update` is null). */
export interface LotOutcome {
  answers: BatchedBid[];
  rows: NewBid[];
  update: LotBidUpdate | null;
  /** Who led at some point of the batch (from the leader before it); those not leading at its end were outbid. */
  leaders: Set<string>;
}

/**
 * Applies the pure rules to the bids of one locked lot in arrival order (decision 005), carrying
 * the state from bid to bid. The clock is read per bid under the lock, so acceptance order and bid
 * times agree. Writes nothing: the caller writes the rows and updates of every lot of the batch.
 */
export function applyLotBatch(
  orderId: string,
  locked: LockedLot | undefined,
  reqs: BidRequest[],
  clock: () => Date,
): LotOutcome {
  if (!locked || locked.lot.status === 1)
    return { answers: reqs.map(() => ({ kind: 'missing' })), rows: [], update: null, leaders: new Set() };
  const { lot, top, deposits } = locked;
  if (lot.paused_at) {
    // Paused by an operator: every bid on it is refused, nothing is written.
    const state = toLotState(lot, top);
    const refused = { kind: 'refused', code: 'PAUSED', state, bidCount: lot.bid_count } as const;
    return { answers: reqs.map(() => refused), rows: [], update: null, leaders: new Set() };
  }
  let state = toLotState(lot, top);
  // A bidder's number: the top bid's for the leader the batch starts from, else their deposit's.
  const topLeader = top && state.leaderId ? { id: state.leaderId, no: top.bidder_no } : null;
  const numberOf = (id: string) => (id === topLeader?.id ? topLeader.no : deposits.get(id)?.bidder_no);
  const leaders = new Set<string>(state.leaderId ? [state.leaderId] : []);
  let seq = lot.bid_count;
  let dirty = false;
  const rows: NewBid[] = [];
  const answers = reqs.map((req): BatchedBid => {
    const at = clock();
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
      const row: NewBid = {
        lot_id: orderId,
        seq: ++seq,
        bidder_id: e.bidderId.startsWith('anon:') ? null : e.bidderId,
        bidder_no: numberOf(e.bidderId) ?? '000000',
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
  if (!dirty) return { answers, rows, update: null, leaders };
  const leader = state.leaderId;
  return {
    answers,
    rows,
    leaders,
    update: {
      id: orderId,
      status: state.status,
      current_price: String(state.currentPrice ?? lot.current_price),
      bid_count: seq,
      end_time: new Date(state.endTime),
      leader_id: leader && !leader.startsWith('anon:') ? leader : null,
      leader_max: state.leaderMax === null ? null : String(state.leaderMax),
    },
  };
}
