import { health } from '@chepai/shared/contracts/content';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { healthRepo } from './health.repo';

export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  const repo = healthRepo(ctx.dbh.db);
  route(app, health, async () => {
    await repo.ping();
    return { status: 'ok' as const, db: ctx.dbh.driver, serverTime: ctx.now().getTime() };
  });
}
