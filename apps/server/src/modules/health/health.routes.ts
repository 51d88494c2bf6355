import { health } from '@chepai/shared/contracts/content';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';

export function registerHealth(app: FastifyInstance, ctx: AppContext) {
  route(app, health, async () => {
    await sql`select 1`.execute(ctx.dbh.db);
    return { status: 'ok' as const, db: ctx.dbh.driver, serverTime: ctx.now().getTime() };
  });
}
