import type { FastifyBaseLogger } from 'fastify';

export interface ViewCounter {
  hit(lotId: string): void;
  /** Views counted here but not yet written. */
  pending(lotId: string): number;
  flush(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Detail views are counted in memory and added to the database in one batch every few seconds,
 * so a read never waits on a write. Additions commute, so several processes may do this at once.
 */
export function createViewCounter(
  write: (counts: Map<string, number>) => Promise<void>,
  log: FastifyBaseLogger,
  intervalMs = 5000,
): ViewCounter {
  let counts = new Map<string, number>();
  let running: Promise<void> = Promise.resolve();
  const flush = () => {
    running = running.then(async () => {
      if (counts.size === 0) return;
      const batch = counts;
      counts = new Map();
      try {
        await write(batch);
      } catch (err) {
        log.warn({ err }, 'view counts not written; kept for the next flush');
        for (const [id, n] of batch) counts.set(id, (counts.get(id) ?? 0) + n);
      }
    });
    return running;
  };
  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();
  return {
    hit: (id) => counts.set(id, (counts.get(id) ?? 0) + 1),
    pending: (id) => counts.get(id) ?? 0,
    flush,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}
