import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { createScheduler, type ScheduledJob, type Scheduler } from './scheduler';

interface AppScheduler {
  jobs: ScheduledJob[];
  scheduler: Scheduler;
}

const byContext = new WeakMap<AppContext, AppScheduler>();

/** The one scheduler of this process; modules add their jobs while registering. */
export function schedulerFor(ctx: AppContext): AppScheduler {
  let s = byContext.get(ctx);
  if (!s) {
    const jobs: ScheduledJob[] = [];
    s = {
      jobs,
      scheduler: createScheduler({
        jobs,
        intervalMs: ctx.env.SCHEDULER_INTERVAL_MS || 1000,
        now: ctx.now,
        log: ctx.log,
      }),
    };
    byContext.set(ctx, s);
  }
  return s;
}

export function addScheduledJob(app: FastifyInstance, ctx: AppContext, job: ScheduledJob) {
  const s = schedulerFor(ctx);
  if (s.jobs.length === 0 && ctx.env.SCHEDULER_INTERVAL_MS > 0) {
    app.addHook('onReady', async () => s.scheduler.start());
    app.addHook('onClose', () => s.scheduler.stop());
  }
  s.jobs.push(job);
}
