import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { biddingRepo } from './bidding.repo';

/** How often every lot in bidding is compared, for lots whose writer died before its tick. */
const FULL_SWEEP_MS = 60_000;
/** Lots caught up per statement. */
const CHUNK = 8;

/**
 * Catches the listing copies of a lot (list_price, list_bid_count, list_end_time) up with the live
 * columns that bids move without touching any index (decision 006). The engine marks the lots it
 * wrote; each scheduler tick copies theirs in one statement. A full sweep of the lots in bidding
 * once a minute covers marks lost with a process.
 */
export function listingKeys(db: Kysely<Database>) {
  const repo = biddingRepo(db);
  let marked = new Set<string>();
  let lastFullSweep = -Infinity;

  return {
    markDirty(lotId: string) {
      marked.add(lotId);
    },

    /** Returns 0 always: one statement catches up every marked lot, so there is never a backlog to repeat for. */
    async tick(now: Date): Promise<number> {
      const full = now.getTime() - lastFullSweep >= FULL_SWEEP_MS;
      const ids = [...marked];
      if (!full && ids.length === 0) return 0;
      marked = new Set();
      try {
        // Lots held by a batch right now were skipped: their turn comes at the next tick.
        if (full) await repo.copyListingKeys('bidding');
        // A few lots per statement: each statement holds its lots' row locks while it updates their
        // ~25 indexes, and a bid batch that needs one of them waits that long (decision 029).
        for (let i = 0; i < ids.length; i += CHUNK)
          for (const id of await repo.copyListingKeys(ids.slice(i, i + CHUNK))) marked.add(id);
      } catch (err) {
        for (const id of ids) marked.add(id);
        throw err;
      }
      if (full) lastFullSweep = now.getTime();
      return 0;
    },
  };
}

export type ListingKeys = ReturnType<typeof listingKeys>;
