import type {
  BidPlacedEvent,
  LiveEvent,
  LotClosedEvent,
  LotControlEvent,
  LotSnapshotEvent,
} from '@chepai/shared';
import { fenToYuanString } from '@chepai/shared/domain/money';
import { maskBidderNo } from '../lots/masking';
import type { BidRow, EngineLot } from './bidding.repo';

/**
 * Events as they travel between processes: bid.placed carries the bidder's account id (null for a
 * seeded demo bidder) instead of the per-connection `mine`, which each connection works out.
 */
export type BusBidPlaced = Omit<BidPlacedEvent, 'mine'> & { bidderId: string | null };
export type BusEvent = Exclude<LiveEvent, BidPlacedEvent> | BusBidPlaced;

/** The event one connection receives: `viewerId` is the buyer behind the connection, if any. */
export function forViewer(event: BusEvent, viewerId: string | null): LiveEvent {
  if (event.type !== 'bid.placed') return event;
  const { bidderId, ...rest } = event;
  return { ...rest, mine: viewerId !== null && bidderId === viewerId };
}

/** bid.placed (and lot.extended when the bid moved the end) exactly as a watcher receives them. */
export function eventsOfBid(
  orderId: string,
  bid: BidRow,
  lot: Pick<EngineLot, 'status' | 'end_time'>,
): BusEvent[] {
  const endTime = (bid.end_time_after ?? lot.end_time).getTime();
  const status = bid.status_after ?? Math.min(lot.status, 4);
  const placed: BusBidPlaced = {
    type: 'bid.placed',
    orderId,
    seq: bid.seq,
    serverTime: Date.now(),
    bidderNo: maskBidderNo(bid.bidder_no),
    amount: fenToYuanString(Number(bid.amount)),
    auto: bid.auto,
    bidTime: bid.created_at.getTime(),
    status,
    endTime,
    bidCount: bid.seq,
    bidderId: bid.bidder_id,
  };
  if (!bid.extended) return [placed];
  return [
    placed,
    { type: 'lot.extended', orderId, seq: bid.seq, serverTime: Date.now(), endTime, status: 4 },
  ];
}

export function closedEvent(
  orderId: string,
  lot: Pick<EngineLot, 'status' | 'bid_count' | 'current_price'>,
  winnerNo: string | null,
): LotClosedEvent {
  return {
    type: 'lot.closed',
    orderId,
    seq: lot.bid_count,
    serverTime: Date.now(),
    status: lot.status === 5 ? 5 : 6,
    finalPrice: lot.status === 5 ? fenToYuanString(Number(lot.current_price)) : null,
    winnerNo: winnerNo === null ? null : maskBidderNo(winnerNo),
  };
}

export function snapshotEvent(orderId: string, lot: EngineLot): LotSnapshotEvent {
  return {
    type: 'lot.snapshot',
    orderId,
    seq: lot.bid_count,
    serverTime: Date.now(),
    status: lot.status,
    currentPrice: lot.bid_count > 0 ? fenToYuanString(Number(lot.current_price)) : null,
    endTime: lot.end_time.getTime(),
    bidCount: lot.bid_count,
    paused: lot.paused_at !== null,
  };
}

/** Pause, resume or a new end time set by an operator, as every watcher receives it. */
export function controlEvent(
  orderId: string,
  lot: Pick<EngineLot, 'bid_count' | 'status' | 'end_time' | 'paused_at'>,
  note: string,
): LotControlEvent {
  return {
    type: 'lot.control',
    orderId,
    seq: lot.bid_count,
    serverTime: Date.now(),
    paused: lot.paused_at !== null,
    endTime: lot.end_time.getTime(),
    status: lot.status,
    note,
  };
}
