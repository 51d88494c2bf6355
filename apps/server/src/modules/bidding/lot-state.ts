import type { LotState, LotStatus } from '@chepai/shared/domain/bidding-rules';
import { hasProxyRoom, minimumNextBid } from '@chepai/shared/domain/bidding-rules';
import { fenToYuanString } from '@chepai/shared/domain/money';
import type { bidding } from '@chepai/shared';
import type { EngineLot } from './bidding.repo';

/** Seeded demo bids have no account behind them; they still lead, under their bidder number. */
export const anonymousBidder = (bidderNo: string) => `anon:${bidderNo}`;

/** The pure rules' view of a lot row plus its top bid. */
export function toLotState(
  lot: EngineLot,
  top: { bidder_id: string | null; bidder_no: string } | undefined,
): LotState {
  const leaderId = top ? (top.bidder_id ?? anonymousBidder(top.bidder_no)) : null;
  return {
    status: lot.status as LotStatus,
    startPrice: Number(lot.start_price),
    increment: Number(lot.increment),
    currentPrice: lot.bid_count > 0 ? Number(lot.current_price) : null,
    leaderId,
    // The stored maximum belongs to lot.leader_id; it counts only while that buyer still leads.
    leaderMax:
      leaderId !== null && lot.leader_id === leaderId && lot.leader_max !== null
        ? Number(lot.leader_max)
        : null,
    startTime: lot.start_time.getTime(),
    endTime: lot.end_time.getTime(),
    extendWindowMs: lot.extend_window_sec * 1000,
    extendStepMs: lot.extend_step_sec * 1000,
    reserve: lot.reserve_price === null ? null : Number(lot.reserve_price),
  };
}

export function toLiveState(
  orderId: string,
  state: LotState,
  bidCount: number,
  buyerId: string | null,
  now: Date,
): bidding.LotLiveState {
  const leading = buyerId !== null && state.leaderId === buyerId;
  return {
    orderId,
    status: state.status,
    startPrice: fenToYuanString(state.startPrice),
    increment: fenToYuanString(state.increment),
    currentPrice: state.currentPrice === null ? null : fenToYuanString(state.currentPrice),
    minNextBid: fenToYuanString(minimumNextBid(state)),
    bidCount,
    lastSeq: bidCount,
    endTime: state.endTime,
    serverTime: now.getTime(),
    leading,
    myMaxAmount:
      leading && state.leaderMax !== null && hasProxyRoom(state.leaderMax, state.currentPrice)
        ? fenToYuanString(state.leaderMax)
        : null,
  };
}
