import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import { createScheduler, type ScheduledJob, type Scheduler } from './scheduler';

interface AppScheduler {
  jobs: ScheduledJob[];
  scheduler: Scheduler;
}

/** The one scheduler of this process; modules add their jobs while registering. */
export const schedulerFor = perContext((ctx: AppContext): AppScheduler => {
  const jobs: ScheduledJob[] = [];
  return {
    jobs,
    scheduler: createScheduler({
      jobs,
      intervalMs: ctx.env.SCHEDULER_INTERVAL_MS || 1000,
      now: ctx.now,
      log: ctx.log,
    }),
  };
});

/**
 * Paces of jobs whose work is rare and may wait a little (docs/decisions/062-scheduler-pacing.md):
 * while idle such a job is asked every n-th round, i.e. every n seconds at the default interval.
 */
export const IDLE_ROUNDS = {
  /** Notices a user waits for: a lot has started. */
  soon: 5,
  /** Deadlines counted in hours (deal defaults, offers, handovers, starting-soon alerts). */
  rare: 10,
  /** Work counted in days or with its own clock (deal reminders, the reconciliation's turn). */
  slow: 30,
} as const;

export function addScheduledJob(app: FastifyInstance, ctx: AppContext, job: ScheduledJob) {
  const s = schedulerFor(ctx);
  if (s.jobs.length === 0 && ctx.env.SCHEDULER_INTERVAL_MS > 0) {
    app.addHook('onReady', async () => s.scheduler.start());
    app.addHook('onClose', () => s.scheduler.stop());
  }
  s.jobs.push(job);
}
