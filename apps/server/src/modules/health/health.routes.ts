import { health, healthLive, healthReady } from '@chepai/shared/contracts/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { healthRepo } from './health.repo';

/**
 * /api/health/live answers while the process runs; /api/health/ready (and /api/health, kept for
 * existing probes) also asks the database and answers 503 while it is unreachable (docs/deploy.md).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  const repo = healthRepo(ctx.dbh.db);
  const ready = async () => {
    await repo.ping();
    return { status: 'ok' as const, db: ctx.dbh.driver, serverTime: ctx.now().getTime() };
  };
  route(app, health, ready);
  route(app, healthReady, ready);
  route(app, healthLive, async () => ({ status: 'ok' as const, serverTime: ctx.now().getTime() }));
}
