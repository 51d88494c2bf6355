// Pure bidding rules (docs/product.md#6-bidding-rules): integer fen, epoch-ms times, no I/O.
// The server runs them inside the transaction that holds the lot row lock; the web uses the
// same helpers to suggest amounts.

import { LOT_STATUS, type LotStatus } from '../contracts/lot-enums';

// The status codes have one home (contracts/lot-enums); re-exported for the rules' callers.
export { LOT_STATUS, type LotStatus };

export interface LotState {
  status: LotStatus;
  startPrice: number;
  increment: number;
  currentPrice: number | null;
  leaderId: string | null;
  /** The leader's secret proxy maximum, on the grid and ≥ currentPrice; null = no proxy. */
  leaderMax: number | null;
  /** Bidding opens at startTime even if the scheduler has not yet moved status 2 → 3. */
  startTime: number;
  endTime: number;
  extendWindowMs: number;
  extendStepMs: number;
  /** Secret reserve price; null = none. */
  reserve: number | null;
}

export interface Bid {
  bidderId: string;
  amount: number;
  maxAmount?: number | undefined;
  at: number;
}

/** One accepted bid as it enters the record; `auto` = the engine chose the amount (proxy). */
export interface BidEvent {
  bidderId: string;
  amount: number;
  auto: boolean;
  at: number;
}

export const BID_REJECTIONS = {
  OUTBID: '出价已被超越',
  NO_DEPOSIT: '未缴纳保证金',
  ENDED: '拍卖已结束',
  BAD_INCREMENT: '加价幅度不符',
  BELOW_START: '出价低于起拍价',
  ALREADY_LEADING: '您已是最高出价者',
  NOT_STARTED: '拍卖尚未开始',
  BAD_MAX: '代理出价上限不能低于本次出价',
  PAUSED: '竞价已暂停，请等待平台恢复后再出价',
} as const;
export type BidRejectionCode = keyof typeof BID_REJECTIONS;

export interface BidRejection {
  code: BidRejectionCode;
  message: string;
}

const reject = (code: BidRejectionCode): BidRejection => ({ code, message: BID_REJECTIONS[code] });

/** The lowest amount the next bid may have. */
export function minimumNextBid(state: Pick<LotState, 'startPrice' | 'increment' | 'currentPrice'>): number {
  return state.currentPrice === null ? state.startPrice : state.currentPrice + state.increment;
}

/** Amounts on the grid are startPrice + k × increment (k ≥ 0). */
export function isOnGrid(state: Pick<LotState, 'startPrice' | 'increment'>, amount: number): boolean {
  return amount >= state.startPrice && (amount - state.startPrice) % state.increment === 0;
}

/** The largest grid amount ≤ amount (amount ≥ startPrice). */
export function floorToGrid(state: Pick<LotState, 'startPrice' | 'increment'>, amount: number): number {
  return state.startPrice + Math.floor((amount - state.startPrice) / state.increment) * state.increment;
}

/** Current price + k × increment for each k, e.g. the quick +1 / +2 / +5 buttons. */
export function quickBids(
  state: Pick<LotState, 'startPrice' | 'increment' | 'currentPrice'>,
  steps: readonly number[],
): number[] {
  const base = state.currentPrice ?? state.startPrice - state.increment;
  return steps.map((k) => base + k * state.increment);
}

/** Whether bidding is open at `at`: status 3/4 before the end, or status 2 once the start time passed. */
export function biddingPhase(state: LotState, at: number): 'open' | 'notStarted' | 'ended' {
  const s = state.status;
  if (s === 5 || s === 6 || s === 7) return 'ended';
  if (s === 0 || s === 1 || (s === 2 && at < state.startTime)) return 'notStarted';
  return at >= state.endTime ? 'ended' : 'open';
}

/**
 * Checks a bid against the lot. A leader may only raise their proxy maximum (`raiseMax`);
 * anyone else must bid the grid from the minimum next bid upwards.
 */
export function validateBid(
  state: LotState,
  bid: Bid,
  hasDeposit: boolean,
): BidRejection | 'bid' | 'raiseMax' {
  const phase = biddingPhase(state, bid.at);
  if (phase === 'ended') return reject('ENDED');
  if (phase === 'notStarted') return reject('NOT_STARTED');
  if (!hasDeposit) return reject('NO_DEPOSIT');
  if (state.leaderId === bid.bidderId) {
    const held = state.leaderMax ?? state.currentPrice ?? 0;
    if (
      bid.maxAmount !== undefined &&
      bid.maxAmount >= state.startPrice &&
      floorToGrid(state, bid.maxAmount) > held
    )
      return 'raiseMax';
    return reject('ALREADY_LEADING');
  }
  if (state.currentPrice === null) {
    if (bid.amount < state.startPrice) return reject('BELOW_START');
  } else if (bid.amount <= state.currentPrice) {
    return reject('OUTBID');
  }
  if (bid.amount < minimumNextBid(state) || !isOnGrid(state, bid.amount)) return reject('BAD_INCREMENT');
  if (bid.maxAmount !== undefined && bid.maxAmount < bid.amount) return reject('BAD_MAX');
  return 'bid';
}

/** Anti-sniping: a bid with end − at < window moves the end to at + step (never backwards). */
export function extendEnd(
  state: Pick<LotState, 'endTime' | 'extendWindowMs' | 'extendStepMs'>,
  at: number,
): number {
  if (state.endTime - at >= state.extendWindowMs) return state.endTime;
  return Math.max(state.endTime, at + state.extendStepMs);
}

export type BidOutcome =
  /** The bid entered the record (the bidder may have been outbid at once by a proxy). */
  | { result: 'accepted'; events: BidEvent[]; state: LotState; leading: boolean; extended: boolean }
  /** The leader raised their secret maximum; nothing public changed. */
  | { result: 'maxRaised'; events: []; state: LotState; leading: true; extended: false }
  /** Refused. A tie with an earlier proxy maximum still moves that proxy up (`events`). */
  | { result: 'rejected'; rejection: BidRejection; events: BidEvent[]; state: LotState; extended: boolean };

/**
 * Applies one bid with eBay-style proxy bidding. The leader's proxy defends up to leaderMax;
 * the engine always bids the least needed, on the grid; ties go to the earlier maximum.
 */
export function applyBid(state: LotState, bid: Bid, hasDeposit: boolean): BidOutcome {
  const verdict = validateBid(state, bid, hasDeposit);
  if (typeof verdict !== 'string')
    return { result: 'rejected', rejection: verdict, events: [], state, extended: false };
  if (verdict === 'raiseMax') {
    const leaderMax = floorToGrid(state, bid.maxAmount ?? 0);
    return {
      result: 'maxRaised',
      events: [],
      state: { ...state, leaderMax },
      leading: true,
      extended: false,
    };
  }
  const { at, bidderId: x, amount: a } = bid;
  const inc = state.increment;
  const max = floorToGrid(state, Math.max(bid.maxAmount ?? a, a));
  const ev = (bidderId: string, amount: number, auto: boolean): BidEvent => ({ bidderId, amount, auto, at });

  let events: BidEvent[];
  let leaderId = x;
  let leaderMax = max;
  if (state.currentPrice === null || state.leaderId === null) {
    events = [ev(x, a, false)];
  } else {
    const l = state.leaderId;
    const lMax = Math.max(state.leaderMax ?? state.currentPrice, state.currentPrice);
    if (max > lMax) {
      const price = Math.max(a, Math.min(max, lMax + inc));
      events = price > a ? [ev(l, lMax, true), ev(x, price, true)] : [ev(x, a, false)];
    } else {
      leaderId = l;
      leaderMax = lMax;
      const price = Math.min(lMax, max + inc);
      events = max < lMax ? [ev(x, max, max !== a), ev(l, price, true)] : [ev(l, lMax, true)];
    }
  }
  const last = events[events.length - 1] as BidEvent;
  const endTime = extendEnd(state, at);
  const extended = endTime > state.endTime;
  const next: LotState = {
    ...state,
    status: extended
      ? LOT_STATUS.extended
      : state.status === LOT_STATUS.registration
        ? LOT_STATUS.bidding
        : state.status,
    currentPrice: last.amount,
    leaderId,
    leaderMax,
    endTime,
  };
  const recorded = events.some((e) => e.bidderId === x);
  if (!recorded) return { result: 'rejected', rejection: reject('OUTBID'), events, state: next, extended };
  return { result: 'accepted', events, state: next, leading: leaderId === x, extended };
}

export interface CloseOutcome {
  status: typeof LOT_STATUS.sold | typeof LOT_STATUS.unsold;
  winnerId: string | null;
  price: number | null;
}

/** At the end: sold (5) to the leader if the highest bid reaches the reserve, otherwise unsold (6). */
export function closeOutcome(state: Pick<LotState, 'currentPrice' | 'leaderId' | 'reserve'>): CloseOutcome {
  if (state.currentPrice === null || state.leaderId === null)
    return { status: 6, winnerId: null, price: null };
  if (state.reserve !== null && state.currentPrice < state.reserve)
    return { status: 6, winnerId: null, price: state.currentPrice };
  return { status: 5, winnerId: state.leaderId, price: state.currentPrice };
}

/**
 * A plain bid stores its own amount as the leader's maximum; only a maximum above the price is a
 * proxy the buyer set, so only that one is shown back to them.
 */
export const hasProxyRoom = (max: string | number | null, price: string | number | null) =>
  max !== null && price !== null && Number(max) > Number(price);
