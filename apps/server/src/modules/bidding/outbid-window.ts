import type { FastifyBaseLogger } from 'fastify';
import type { NoticeInput } from '../notices/notify';

/** A held-back outbid notice and the lot's bid count it was computed at (the later one wins). */
export interface HeldOutbid {
  item: NoticeInput;
  bidCount: number;
}

/**
 * At most one outbid notice write per user and lot per window (docs/decisions/046-outbid-window.md).
 *
 * The first outbid of a user on a lot goes into the bid batch's own statement, as decision 021 has
 * it: the notice exists exactly when the bids that displaced them committed. That opens the pair's
 * window. Outbids of the pair inside the window are held here once their batch has committed, and
 * written as one update when it ends (the last price, `repeats` grown by their number); that write
 * opens the next window. A window in which nothing was held ends the pair's entry, and the next
 * outbid is written by its batch again.
 *
 * One write per pair is in flight at a time, and the batch statement writes a pair only while it has
 * no entry, so the writes of a pair never overtake each other in this process. What a crash loses is
 * the held refreshes of the last window: the notice exists and says the user was outbid, with the
 * price and count of the write before.
 */
export function outbidWindow(o: {
  windowMs: number;
  write: (items: NoticeInput[]) => Promise<void>;
  log: FastifyBaseLogger;
  /** Monotonic milliseconds (tests move it). */
  clock?: () => number;
}) {
  interface Entry {
    until: number;
    held: HeldOutbid | null;
    times: number;
  }
  const clock = o.clock ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const keyOf = (n: NoticeInput) => `${n.userId}|${n.eventKey}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;

  const schedule = () => {
    if (timer || !entries.size || o.windowMs <= 0) return;
    timer = setTimeout(
      () => {
        timer = null;
        void tick();
      },
      Math.max(10, o.windowMs / 4),
    );
    timer.unref();
  };

  /** Writes the held notices of the windows that ended (all of them with `all`), one statement. */
  async function flush(all: boolean) {
    const now = clock();
    const due: Array<{ e: Entry; held: HeldOutbid; times: number }> = [];
    for (const [key, e] of entries) {
      if (!all && e.until > now) continue;
      if (e.held) due.push({ e, held: e.held, times: e.times });
      else entries.delete(key);
    }
    if (!due.length) return;
    for (const { e } of due) {
      e.held = null;
      e.times = 0;
      e.until = now + o.windowMs;
    }
    try {
      await o.write(due.map(({ held, times }) => ({ ...held.item, times })));
    } catch (err) {
      // Held again for the next round (only a flush removes an entry, and one runs at a time); a
      // later outbid of the pair held meanwhile keeps its text and adds its count.
      o.log.error({ err, notices: due.length }, 'held outbid notices not written; retried');
      for (const { e, held, times } of due) {
        e.times += times;
        if (!e.held || e.held.bidCount < held.bidCount) e.held = held;
      }
    }
  }

  function tick(all = false): Promise<void> {
    if (running) return running;
    running = flush(all).finally(() => {
      running = null;
      schedule();
    });
    return running;
  }

  return {
    /**
     * Splits one batch's outbid notices: those its statement writes (a pair without an entry, whose
     * window this opens) and those held until its commit is known (`hold`).
     */
    take(items: NoticeInput[]): { now: NoticeInput[]; later: NoticeInput[] } {
      if (o.windowMs <= 0) return { now: items, later: [] };
      const now: NoticeInput[] = [];
      const later: NoticeInput[] = [];
      for (const item of items) {
        const key = keyOf(item);
        if (entries.has(key)) later.push(item);
        else {
          entries.set(key, { until: clock() + o.windowMs, held: null, times: 0 });
          now.push(item);
        }
      }
      schedule();
      return { now, later };
    },
    /** The held outbids of a batch that committed. */
    hold(held: HeldOutbid[]) {
      for (const h of held) {
        const key = keyOf(h.item);
        let e = entries.get(key);
        if (!e) entries.set(key, (e = { until: clock() + o.windowMs, held: null, times: 0 }));
        e.times++;
        if (!e.held || e.held.bidCount <= h.bidCount) e.held = h;
      }
      schedule();
    },
    /** Writes every held notice now, window or not (shutdown; tests). */
    async drain() {
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await tick(true);
    },
    /** Pairs with an open window (tests). */
    size: () => entries.size,
  };
}

export type OutbidWindow = ReturnType<typeof outbidWindow>;
