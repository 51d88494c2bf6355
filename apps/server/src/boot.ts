import path from 'node:path';
import type { Env } from './config/env';
import type { AppContext } from './context';
import { openDb } from './db/client';
import { migrateToLatest } from './db/migrate';
import type { FastifyBaseLogger } from 'fastify';

/** Opens the database named by the environment, migrates it and seeds demo data when asked. */
export async function boot(env: Env, log: FastifyBaseLogger): Promise<AppContext> {
  const dbh = await openDb({
    databaseUrl: env.DATABASE_URL,
    dataDir: path.join(env.dataDir, 'pgdata'),
    warm: true,
  });
  const applied = await migrateToLatest(dbh.db, { dataEncryptionKey: env.DATA_ENCRYPTION_KEY });
  if (applied.length) log.info({ applied }, 'migrations applied');
  const ctx: AppContext = { env, dbh, log, now: () => new Date() };
  // The seed and what only it uses load when it runs (docs/decisions/052-load-on-first-use.md).
  if (env.SEED_DEMO === 'true') await (await import('./db/seed/index')).seedDemo(ctx);
  return ctx;
}
