import { health, healthLive, healthReady } from '@chepai/shared/contracts/content';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';

/**
 * /api/health/live answers while the process runs; /api/health/ready (and /api/health, kept for
 * existing probes) also asks the database and answers 503 while it is unreachable (docs/deploy.md).
 */
export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  const ready = async () => {
    await sql`select 1`.execute(ctx.dbh.db);
    return { status: 'ok' as const, db: ctx.dbh.driver, serverTime: ctx.now().getTime() };
  };
  route(app, health, ready);
  route(app, healthReady, ready);
  route(app, healthLive, async () => ({ status: 'ok' as const, serverTime: ctx.now().getTime() }));
}
