import type { NewBid } from './bid-batch.repo';
import type { LockedLot, LotBidUpdate } from './bid-batch.repo';

/** Lots whose state a process keeps; the oldest entry goes when a new one would exceed it. */
const CAPACITY = 5_000;
/** After a lot's state did not hold (another process bid on it), its batches take the lock for this long. */
const CONTENDED_MS = 2_000;

type Deposits = LockedLot['deposits'];

/**
 * What this process knows of each lot it has bid on (docs/decisions/035-optimistic-bid-batches.md):
 * the engine columns with the token that names them and the top bid, and the bidder numbers of the
 * frozen deposits it has seen. A batch computed on an entry writes only if the lot still has that
 * token, so an entry may be stale (another process bid, an operator paused) but never wrong about
 * the state its token names. Entries written ahead of a commit (the state a batch in flight will
 * leave) name a token that exists only if that batch commits. A lot whose state did not hold is
 * left to the locked path for a while: two processes bidding on one lot would otherwise keep
 * missing each other's writes.
 */
export function engineCache(capacity = CAPACITY, now = () => Date.now()) {
  const states = new Map<string, Omit<LockedLot, 'deposits'>>();
  const deposits = new Map<string, Deposits>();
  const contendedUntil = new Map<string, number>();
  const depositsOf = (lotId: string) => {
    let known = deposits.get(lotId);
    if (!known) deposits.set(lotId, (known = new Map() as Deposits));
    return known;
  };

  return {
    /** The lot as this process knows it, unless it is unknown or contended. */
    get(lotId: string): LockedLot | undefined {
      const state = states.get(lotId);
      if (!state) return undefined;
      const until = contendedUntil.get(lotId);
      if (until !== undefined) {
        if (until > now()) return undefined;
        contendedUntil.delete(lotId);
      }
      return { ...state, deposits: depositsOf(lotId) };
    },
    /** Whether this process has read any of the lot's deposits (kept when its state is dropped). */
    knowsDeposits: (lotId: string) => deposits.has(lotId),
    /** Buyers of a batch on this lot whose frozen deposit this process has not seen. */
    unknownBuyers(lotId: string, buyers: Iterable<string>): string[] {
      const known = deposits.get(lotId);
      return [...buyers].filter((b) => known?.get(b)?.state !== 'frozen');
    },
    /** Deposits read (without a lock or under it): the frozen ones are kept, the others forgotten. */
    learnDeposits(
      lotId: string,
      read: Iterable<[buyerId: string, deposit: { bidder_no: string; state: string }]>,
    ) {
      const known = depositsOf(lotId);
      for (const [b, d] of read)
        if (d.state === 'frozen') known.set(b, { bidder_no: d.bidder_no, state: 'frozen' });
        else known.delete(b);
    },
    put(lotId: string, entry: LockedLot) {
      states.delete(lotId);
      states.set(lotId, { lot: entry.lot, top: entry.top });
      // An entry computed on this cache's own deposits brings nothing new to learn.
      if (entry.deposits !== deposits.get(lotId)) this.learnDeposits(lotId, entry.deposits);
      if (states.size > capacity) {
        const oldest = states.keys().next().value as string;
        states.delete(oldest);
        deposits.delete(oldest);
        contendedUntil.delete(oldest);
      }
    },
    /** Forgets the lot's state (its deposits stay known); `contended`: another process wrote it. */
    drop(lotId: string, contended = false) {
      states.delete(lotId);
      if (contended) contendedUntil.set(lotId, now() + CONTENDED_MS);
    },
    get size() {
      return states.size;
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
