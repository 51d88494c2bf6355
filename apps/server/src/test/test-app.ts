import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../config/env';
import type { AppContext } from '../context';
import { openDb, type DbHandle } from '../db/client';
import { migrateToLatest } from '../db/migrate';

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on
 * the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
/**
 * A new, migrated database on the PostgreSQL server at `serverUrl` (tests, benchmarks); `drop`
 * closes it and removes it with everything in it.
 */
export async function createScratchDb(
  serverUrl: string,
  prefix: string,
  poolSize: number,
): Promise<{ dbh: DbHandle; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const dbh = await openDb({ databaseUrl: url.toString(), poolSize });
  await migrateToLatest(dbh.db);
  return {
    dbh,
    url: url.toString(),
    drop: async () => {
      await dbh.close();
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default, or a new database on
 * the server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export async function createTestDb(): Promise<{
  dbh: DbHandle;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createScratchDb(serverUrl, 'chepai_test', 20);
  const dbh = await openDb({});
  await migrateToLatest(dbh.db);
  return { dbh, url: undefined, drop: () => dbh.close() };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the server clock (absolute); `null` returns to real time. */
  setNow(date: Date | null): void;
  /** Moves a fixed server clock forward by `ms` (from real time if none is set); returns the new time. */
  advance(ms: number): Date;
  close(): Promise<void>;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    WS_PER_ADDRESS: '0',
    WS_PER_USER: '0',
    WEB_DIST: '/nonexistent',
    CONSOLE_DIST: '/nonexistent',
    ...overrides,
  });
}

/** `log` receives the app's log lines (e.g. to prove that no secret is ever written). */
export async function createTestApp(
  options: { env?: Record<string, string>; log?: AppContext['log'] } = {},
): Promise<TestApp> {
  const { dbh, drop } = await createTestDb();
  let fixed: Date | null = null;
  const ctx: AppContext = {
    env: testEnv(options.env),
    dbh,
    log: options.log ?? pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    now: () => fixed ?? new Date(),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return {
    app,
    ctx,
    setNow: (d) => (fixed = d),
    advance: (ms) => (fixed = new Date((fixed ?? new Date()).getTime() + ms)),
    close: async () => {
      await app.close();
      await drop();
    },
  };
}

/** Parses an inject() response as the envelope. */
export function envelope<T = unknown>(res: { body: string }): { code: number; msg: string; data: T } {
  return JSON.parse(res.body) as { code: number; msg: string; data: T };
}
