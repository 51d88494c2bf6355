import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { biddingRepo } from './bidding.repo';

/** How often every lot in bidding is compared, for lots whose writer died before its tick. */
const FULL_SWEEP_MS = 60_000;
/** A lot no batch has written for this long, with its copies behind, has lost its writer's marks. */
const ORPHANED_MS = 10_000;
/** A lot without a bid for this long is caught up at the next tick. */
const QUIET_MS = 500;
/** A lot still taking bids is caught up once it has been behind this long. */
const MAX_LAG_MS = 5_000;
/**
 * Time a tick may spend on catch-ups; lots left over stay marked for the next tick. The scheduler
 * runs its jobs one after another, and the close waits behind this one.
 */
const TICK_BUDGET_MS = 250;

/**
 * Catches the listing copies of a lot (list_price, list_bid_count, list_end_time) up with the live
 * columns that bids move without touching any index (decision 006). The engine marks the lots it
 * wrote; each scheduler tick copies those that have gone quiet, and those behind for five seconds
 * while bids keep coming: a catch-up is a non-HOT update through every index of `lot` (two of them
 * GIN), and holds the lot's row while it runs, so a lot in a bidding war is caught up every few
 * seconds instead of after every batch (docs/decisions/035-optimistic-bid-batches.md). A sweep of
 * the lots in bidding once a minute covers marks lost with a process: lots behind that no batch has
 * written for ten seconds, caught up one by one like the marked ones (a lot still taking bids belongs
 * to the marks of the process bidding on it; sweeping a hundred such lots in one statement held
 * their rows through ~2,500 index updates, and every bid on them waited).
 */
export function listingKeys(
  db: Kysely<Database>,
  clock: () => Date = () => new Date(),
  /** The tick's time budget (tests shrink it to watch lots carried over). */
  budgetMs = TICK_BUDGET_MS,
) {
  const repo = biddingRepo(db);
  const marked = new Map<string, { since: number; last: number }>();
  let lastFullSweep = -Infinity;

  return {
    markDirty(lotId: string) {
      const at = clock().getTime();
      const mark = marked.get(lotId);
      if (mark) mark.last = at;
      else marked.set(lotId, { since: at, last: at });
    },

    /**
     * Returns 0 always: lots held by a batch, and those past the tick's time budget, stay marked for
     * the next tick (a second round at once would only hold off the jobs after this one again).
     */
    async tick(now: Date): Promise<number> {
      const at = now.getTime();
      const full = at - lastFullSweep >= FULL_SWEEP_MS;
      // Longest behind first, so that lots left over by a tick's budget come first at the next.
      const due = [...marked]
        .filter(([, m]) => at - m.last >= QUIET_MS || at - m.since >= MAX_LAG_MS)
        .sort((a, b) => a[1].since - b[1].since);
      if (!full && due.length === 0) return 0;
      for (const [id] of due) marked.delete(id);
      const taken = new Map(due);
      const keepMarked = (ids: string[]) => {
        for (const id of ids) if (!marked.has(id)) marked.set(id, taken.get(id) ?? { since: at, last: at });
      };
      const ids = due.map(([id]) => id);
      try {
        if (full) {
          const marks = new Set(ids);
          for (const id of await repo.staleListingLots(new Date(at - ORPHANED_MS)))
            if (!marks.has(id)) ids.push(id);
        }
        // One lot per statement: a statement holds its lots' row locks while it updates their ~25
        // indexes, and the process's bid statements, which go out one after another on one
        // connection, wait for any lot they share with it (decisions 029, 035): eight lots a
        // statement held every lot's bids for 10-25 ms at a time. Lots held by a batch right now are
        // skipped: their turn comes at the next tick.
        // The first lot is always copied, so every tick makes progress.
        const until = performance.now() + budgetMs;
        for (const [i, id] of ids.entries()) {
          if (i > 0 && performance.now() > until) {
            keepMarked(ids.slice(i));
            break;
          }
          if (!(await repo.copyListingKeys(id))) keepMarked([id]);
        }
      } catch (err) {
        keepMarked(ids);
        throw err;
      }
      if (full) lastFullSweep = at;
      return 0;
    },
  };
}

export type ListingKeys = ReturnType<typeof listingKeys>;
