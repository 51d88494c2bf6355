import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env';
import type { DbHandle } from './db/client';

/** What every module gets: configuration, the database and the clock. */
export interface AppContext {
  env: Env;
  dbh: DbHandle;
  log: FastifyBaseLogger;
  /** The server is the only clock; tests may move it. */
  now: () => Date;
}
