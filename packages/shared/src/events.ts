import { z } from 'zod';
import { lotLiveFields, yuan } from './contracts/bidding';

// Live messages on /api/live/lots/{orderId}. Every message carries the lot's bid sequence number
// `seq` (the last bid it reflects) and the server time; a watcher that reconnects with
// `?since=<seq>` gets everything after it replayed from the database.

const base = { orderId: z.string(), seq: z.number().int().nonnegative(), serverTime: z.number().int() };

export const bidPlacedEvent = z.object({
  type: z.literal('bid.placed'),
  ...base,
  bidderNo: z.string(),
  amount: yuan,
  auto: z.boolean(),
  bidTime: z.number().int(),
  // The bid's amount is the new current price.
  ...lotLiveFields.omit({ currentPrice: true }).shape,
  /**
   * Per connection: true when the buyer who opened this connection (WebSocket subprotocol
   * `bearer.<token>` beside `chepai.live`) placed the bid; false for everyone else and anonymous watchers.
   */
  mine: z.boolean(),
});

/** The subprotocol every live connection asks for; a logged-in client adds `bearer.<token>`. */
export const LIVE_PROTOCOL = 'chepai.live';
export const LIVE_BEARER_PREFIX = 'bearer.';

/** Anti-sniping moved the end; shares `seq` with the bid that caused it. */
export const lotExtendedEvent = z.object({
  type: z.literal('lot.extended'),
  ...base,
  endTime: z.number().int(),
  status: z.literal(4),
});

export const lotClosedEvent = z.object({
  type: z.literal('lot.closed'),
  ...base,
  status: z.union([z.literal(5), z.literal(6)]),
  finalPrice: yuan.nullable(),
  winnerNo: z.string().nullable(),
});

/** Sent first on every connection: where the lot stands now. */
export const lotSnapshotEvent = z.object({
  type: z.literal('lot.snapshot'),
  ...base,
  ...lotLiveFields.shape,
  /** null until the first bid. */
  currentPrice: yuan.nullable(),
  /** Paused by the platform (absent from older servers: not paused). */
  paused: z.boolean().optional(),
});

/**
 * The platform paused, resumed or rescheduled the lot's bidding (docs/product.md#14-disposal-and-review):
 * the state it is in now. Shares `seq` with the last bid; always delivered (it is idempotent).
 */
export const lotControlEvent = z.object({
  type: z.literal('lot.control'),
  ...base,
  paused: z.boolean(),
  endTime: z.number().int(),
  status: z.number().int(),
  /** 已暂停 / 已恢复 / 已延长, with the operator's reason. */
  note: z.string(),
});

export const liveEvent = z.discriminatedUnion('type', [
  bidPlacedEvent,
  lotExtendedEvent,
  lotClosedEvent,
  lotSnapshotEvent,
  lotControlEvent,
]);
export type LiveEvent = z.infer<typeof liveEvent>;
export type BidPlacedEvent = z.infer<typeof bidPlacedEvent>;
export type LotExtendedEvent = z.infer<typeof lotExtendedEvent>;
export type LotClosedEvent = z.infer<typeof lotClosedEvent>;
export type LotSnapshotEvent = z.infer<typeof lotSnapshotEvent>;
export type LotControlEvent = z.infer<typeof lotControlEvent>;

/** Parses one WebSocket message; null if it is not a valid live event. */
export function parseLiveEvent(text: string): LiveEvent | null {
  try {
    const parsed = liveEvent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
