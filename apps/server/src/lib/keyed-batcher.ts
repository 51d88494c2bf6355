/**
 * Group commit per key: requests for one key queue while a batch for that key is running; when it
 * finishes, everything that queued meanwhile runs as the next batch (at most `maxBatch`), in
 * arrival order. Under no load a request runs alone and at once; under load one batch amortises the
 * fixed cost (one transaction, one row lock, one commit flush) over many requests.
 *
 * `run` answers one result per request, in order. If it throws, every request of that batch fails
 * with the error; later batches are unaffected.
 */
export function keyedBatcher<Req, Res>(run: (key: string, batch: Req[]) => Promise<Res[]>, maxBatch = 64) {
  interface Waiting {
    req: Req;
    resolve: (res: Res) => void;
    reject: (err: unknown) => void;
  }
  const queues = new Map<string, Waiting[]>();

  async function drain(key: string, queue: Waiting[]) {
    while (queue.length) {
      const batch = queue.splice(0, maxBatch);
      try {
        const results = await run(
          key,
          batch.map((w) => w.req),
        );
        if (results.length !== batch.length)
          throw new Error(`batch of ${batch.length} answered ${results.length} results`);
        batch.forEach((w, i) => w.resolve(results[i] as Res));
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
    }
    queues.delete(key);
  }

  return {
    submit(key: string, req: Req): Promise<Res> {
      return new Promise<Res>((resolve, reject) => {
        const queue = queues.get(key);
        if (queue) return void queue.push({ req, resolve, reject });
        const fresh: Waiting[] = [{ req, resolve, reject }];
        queues.set(key, fresh);
        void drain(key, fresh);
      });
    },
    /** Keys with a batch running or waiting (for tests and shutdown). */
    get busy() {
      return queues.size;
    },
  };
}
