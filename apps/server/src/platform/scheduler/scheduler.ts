/**
 * Time-driven work (lot status transitions, the close, payment notification retries).
 * Every process may run a scheduler; a job's tick must claim its work so that each piece happens
 * once: a conditional `UPDATE … WHERE state = … RETURNING` or `SELECT … FOR UPDATE SKIP LOCKED`
 * inside the transaction that does the work. The scheduler itself only calls ticks on a timer.
 */
export interface ScheduledJob {
  name: string;
  /** Does the work due at `now`; returns how many items it handled (0 = nothing was due). */
  tick(now: Date): Promise<number>;
  /**
   * How often the timer asks this job while it finds nothing: every `idleRounds`-th round (default 1,
   * every round). A job that found work is asked again the next round; a round asked for from
   * outside (`runOnce`) asks every job. For jobs whose work is rare and may wait a few seconds
   * (docs/decisions/062-scheduler-pacing.md): fewer idle queries beside the bids.
   */
  idleRounds?: number;
}

export interface SchedulerLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SchedulerOptions {
  jobs: ScheduledJob[];
  /** Pause between rounds that found nothing to do. */
  intervalMs: number;
  now: () => Date;
  log?: SchedulerLog;
  /** Upper bound of back-to-back rounds while work keeps coming, so the event loop breathes. */
  maxBurst?: number;
  /**
   * A job's tick longer than this is logged as a warning: every job after it in the round (the
   * close among them) waited that long. Default 1,000 ms.
   */
  slowMs?: number;
}

export interface Scheduler {
  start(): void;
  /** Waits for the round in progress. */
  stop(): Promise<void>;
  /** One round of every job, after the round in progress (if any) ends; returns items handled per job. */
  runOnce(): Promise<Record<string, number>>;
}

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createScheduler(options: SchedulerOptions): Scheduler {
  const maxBurst = options.maxBurst ?? 20;
  const slowMs = options.slowMs ?? 1000;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let stopped = true;

  // Rounds of one scheduler never overlap: a round asked for from outside (runOnce) waits for the
  // timer's round in progress, so what it finds due is not claimed and still uncommitted elsewhere.
  let lastRound: Promise<unknown> = Promise.resolve();
  const queue = (paced: boolean): Promise<Record<string, number>> => {
    const run = () => runRound(paced);
    const round = lastRound.then(run, run);
    lastRound = round.catch(() => undefined);
    return round;
  };
  const runOnce = () => queue(false);

  // Timer rounds each job still sits out before it is asked again (it found nothing last time).
  const resting = new Map<ScheduledJob, number>();

  const runRound = async (paced: boolean) => {
    const handled: Record<string, number> = {};
    for (const job of options.jobs) {
      const rest = resting.get(job) ?? 0;
      if (paced && rest > 0) {
        resting.set(job, rest - 1);
        continue;
      }
      // Back to the event loop between jobs: on the embedded database a query resolves as a
      // microtask, so a round of awaited queries would otherwise hold off every request until it ends.
      await breathe();
      const started = performance.now();
      let n = 0;
      try {
        n = await job.tick(options.now());
      } catch (err) {
        options.log?.error({ err, job: job.name }, 'scheduled job failed');
      }
      handled[job.name] = n;
      resting.set(job, n > 0 ? 0 : Math.max(0, (job.idleRounds ?? 1) - 1));
      const ms = Math.round(performance.now() - started);
      if (ms > slowMs) options.log?.warn({ job: job.name, ms, handled: n }, 'scheduled job slow');
    }
    return handled;
  };

  const loop = async () => {
    for (let round = 0; round < maxBurst && !stopped; round++) {
      const handled = await queue(true);
      if (!Object.values(handled).some((n) => n > 0)) break;
    }
  };

  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = null;
      running = loop().finally(() => {
        running = null;
        schedule(options.intervalMs);
      });
    }, delay);
    timer.unref?.();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
    runOnce,
  };
}
