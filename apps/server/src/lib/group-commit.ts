/**
 * Group commit across keys (docs/decisions/029-cross-lot-group-commit.md). Requests wait per key;
 * a batch takes the waiting requests of every key that no running batch holds (≤ `maxPerKey` per
 * key, ≤ `maxPerBatch` in all, oldest key first) and runs them together: one transaction, one
 * commit. At most `maxInFlight` batches run at once. A key is in at most two of them: once a batch
 * reports that it holds its keys' locks, the next batch of those keys may start and wait in the
 * database behind it (so a hot key's next batch has its BEGIN and lock request already sent when
 * the current one commits). Each key's requests are applied one batch after another, in arrival
 * order; after a failure, the rerun of a key (below) may come after that key's next batch.
 *
 * A batch starts on the next turn of the event loop (`setImmediate`), not in the same microtask as
 * the request that found the committer idle: every request already read by then joins it. On the
 * embedded database that matters most — its queries never yield to I/O, so a batch started at
 * once ran to its commit before the next request was even parsed, and batches held one bid.
 *
 * `run` answers, per key, one result per request in order. If it throws and `isolate(err)` says
 * the batch certainly did not commit, each key of a batch over several keys is run again alone,
 * so only the requests of a key that fails alone get the error. Otherwise (the outcome is unknown,
 * or the batch had one key) every request of the batch fails with the error.
 */
export interface GroupCommitOptions {
  maxPerKey: number;
  maxPerBatch: number;
  maxInFlight: number;
  isolate: (err: unknown) => boolean;
}

/**
 * Runs one batch. `locked` is called once the batch holds its keys (its row locks): from then on
 * the next batch of those keys may start and queue behind it in the database (pipelining).
 */
export type GroupRun<Req, Res> = (
  groups: Map<string, Req[]>,
  locked: () => void,
) => Promise<Map<string, Res[]>>;

interface Waiting<Req, Res> {
  req: Req;
  resolve: (res: Res) => void;
  reject: (err: unknown) => void;
}

export function groupCommitter<Req, Res>(run: GroupRun<Req, Res>, options: GroupCommitOptions) {
  type Group = Map<string, Array<Waiting<Req, Res>>>;
  const waiting: Group = new Map();
  /** Per key, the running batches that hold it (at most two: one locked, one queued behind it). */
  const holders = new Map<string, Array<{ locked: boolean }>>();
  let inFlight = 0;
  // A key is free for a new batch when no batch holds it, or when the one that does has its lock.
  const free = (key: string) => {
    const h = holders.get(key);
    return !h?.length || (h.length === 1 && h[0]?.locked === true);
  };
  let scheduled = false;
  const stats = { batches: 0, multiKeyBatches: 0, isolated: 0 };

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(pump);
  };

  function take(): Group {
    const group: Group = new Map();
    let n = 0;
    for (const [key, queue] of waiting) {
      if (n >= options.maxPerBatch) break;
      if (!free(key)) continue;
      group.set(key, queue.splice(0, Math.min(options.maxPerKey, options.maxPerBatch - n)));
      n += group.get(key)?.length ?? 0;
      if (!queue.length) waiting.delete(key);
    }
    return group;
  }

  function pump() {
    scheduled = false;
    while (inFlight < options.maxInFlight) {
      const group = take();
      if (!group.size) return;
      const mine = { locked: false };
      for (const key of group.keys()) holders.set(key, [...(holders.get(key) ?? []), mine]);
      inFlight++;
      const locked = () => {
        if (mine.locked) return;
        mine.locked = true;
        if (waiting.size) schedule();
      };
      void execute(group, locked).finally(() => {
        for (const key of group.keys()) {
          const rest = (holders.get(key) ?? []).filter((h) => h !== mine);
          if (rest.length) holders.set(key, rest);
          else holders.delete(key);
        }
        inFlight--;
        if (waiting.size) schedule();
      });
    }
  }

  function settle(key: string, ws: Array<Waiting<Req, Res>>, results: Res[] | undefined) {
    if (results?.length !== ws.length) {
      const err = new Error(`batch of ${ws.length} for ${key} answered ${results?.length ?? 0} results`);
      for (const w of ws) w.reject(err);
      return;
    }
    ws.forEach((w, i) => w.resolve(results[i] as Res));
  }

  const requests = (group: Group) => new Map([...group].map(([key, ws]) => [key, ws.map((w) => w.req)]));

  async function execute(group: Group, locked: () => void) {
    stats.batches++;
    if (group.size > 1) stats.multiKeyBatches++;
    try {
      const results = await run(requests(group), locked);
      for (const [key, ws] of group) settle(key, ws, results.get(key));
    } catch (err) {
      if (group.size > 1 && options.isolate(err)) {
        stats.isolated++;
        for (const [key, ws] of group) {
          try {
            const alone = await run(requests(new Map([[key, ws]])), locked);
            settle(key, ws, alone.get(key));
          } catch (keyErr) {
            for (const w of ws) w.reject(keyErr);
          }
        }
      } else for (const ws of group.values()) for (const w of ws) w.reject(err);
    }
  }

  return {
    submit(key: string, req: Req): Promise<Res> {
      return new Promise<Res>((resolve, reject) => {
        const queue = waiting.get(key);
        if (queue) queue.push({ req, resolve, reject });
        else waiting.set(key, [{ req, resolve, reject }]);
        schedule();
      });
    },
    /** Keys with requests running or waiting (tests, shutdown). */
    get busy() {
      return new Set([...holders.keys(), ...waiting.keys()]).size;
    },
    /** Counts since start: batches run, of them over several keys, and split after a failure. */
    stats: () => ({ ...stats }),
  };
}
