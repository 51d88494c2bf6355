import type { NewBid } from './bid-batch';
import type { LockedLot, LotBidUpdate } from './bidding.repo';

/** Lots whose state a process keeps; the oldest entry goes when a new one would exceed it. */
const CAPACITY = 5_000;

/**
 * What this process knows of each lot it has bid on (docs/decisions/035-optimistic-bid-batches.md):
 * the engine columns with the token that names them, the top bid, and the bidder numbers of the
 * frozen deposits it has seen. A batch computed on an entry writes only if the lot still has that
 * token, so an entry may be stale (another process bid, an operator paused) but never wrong about
 * the state its token names. Entries written ahead of a commit (the state a batch in flight will
 * leave) name a token that exists only if that batch commits.
 */
export function engineCache(capacity = CAPACITY) {
  const entries = new Map<string, LockedLot>();

  return {
    get: (lotId: string): LockedLot | undefined => entries.get(lotId),
    /** Buyers of a batch on this known lot whose frozen deposit the entry does not hold. */
    unknownBuyers(lotId: string, buyers: Iterable<string>): string[] {
      const deposits = entries.get(lotId)?.deposits;
      return deposits ? [...buyers].filter((b) => deposits.get(b)?.state !== 'frozen') : [];
    },
    /** Frozen deposits read since: added to the lot's entry, if it still has one. */
    learnDeposits(lotId: string, deposits: Array<[buyerId: string, bidderNo: string]>) {
      const entry = entries.get(lotId);
      for (const [b, no] of deposits) entry?.deposits.set(b, { bidder_no: no, state: 'frozen' });
    },
    put(lotId: string, entry: LockedLot) {
      entries.delete(lotId);
      entries.set(lotId, entry);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    /**
     * An entry read under the lot's lock, for the buyers of that batch: their deposits as read (kept
     * only if frozen), the frozen deposits known of other buyers as they were.
     */
    putRead(lotId: string, read: LockedLot, buyers: Iterable<string>) {
      const deposits = new Map(entries.get(lotId)?.deposits);
      for (const b of buyers) deposits.delete(b);
      for (const [b, d] of read.deposits) if (d.state === 'frozen') deposits.set(b, d);
      this.put(lotId, { ...read, deposits });
    },
    drop(lotId: string) {
      entries.delete(lotId);
    },
    get size() {
      return entries.size;
    },
  };
}

export type EngineCache = ReturnType<typeof engineCache>;

/** The lot as a batch leaves it: its update applied, its last bid on top, under the batch's token. */
export function afterBatch(
  before: LockedLot,
  update: LotBidUpdate,
  rows: NewBid[],
  token: string,
): LockedLot {
  const last = rows.at(-1);
  return {
    lot: {
      ...before.lot,
      status: update.status,
      current_price: update.current_price,
      bid_count: update.bid_count,
      end_time: update.end_time,
      leader_id: update.leader_id,
      leader_max: update.leader_max,
      engine_token: token,
    },
    top: last ? { bidder_id: last.bidder_id, bidder_no: last.bidder_no } : before.top,
    deposits: before.deposits,
  };
}
