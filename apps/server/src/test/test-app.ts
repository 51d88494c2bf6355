import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { Kysely } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app';
import { loadEnv, type Env } from '../config/env';
import type { AppContext } from '../context';
import { openDb, PGLITE_EXTENSIONS, type DbHandle } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { PGliteDialect } from '../db/pglite-dialect';

/**
 * Set by the server suite's global setup (global-setup.ts): a migrated database that every test's
 * database starts from, instead of running every migration again for each (on PGlite, initdb
 * too). On PGlite the path of a data directory image; on a server the name of a template database.
 */
export const TEST_PGLITE_IMAGE = 'CHEPAI_TEST_PGLITE_IMAGE';
export const TEST_PG_TEMPLATE = 'CHEPAI_TEST_PG_TEMPLATE';

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const databaseUrl = (serverUrl: string, name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

const dropDatabase = (serverUrl: string, name: string) =>
  withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`));

/**
 * A new, migrated database on the PostgreSQL server at `serverUrl` (tests, benchmarks), copied from
 * `template` when one is given (the migrations then find nothing to do); `drop` closes it and
 * removes it with everything in it.
 */
export async function createScratchDb(
  serverUrl: string,
  prefix: string,
  poolSize: number,
  template?: string,
): Promise<{ dbh: DbHandle; name: string; url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (admin) =>
    admin.query(`create database ${name}${template ? ` template ${pg.escapeIdentifier(template)}` : ''}`),
  );
  const url = databaseUrl(serverUrl, name);
  const dbh = await openDb({ databaseUrl: url, poolSize });
  await migrateToLatest(dbh.db);
  return {
    dbh,
    name,
    url,
    drop: async () => {
      await dbh.close();
      await dropDatabase(serverUrl, name);
    },
  };
}

/**
 * A migrated template database on the server (global setup), closed at once: a database is copied
 * only while nobody is connected to it. `drop` removes it.
 */
export async function createTemplateDb(serverUrl: string, prefix: string) {
  const { dbh, name } = await createScratchDb(serverUrl, prefix, 1);
  await dbh.close();
  return { name, drop: () => dropDatabase(serverUrl, name) };
}

/** An image of a migrated PGlite data directory (global setup), to start a test's database from. */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

let pgliteImage: Blob | undefined;

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
  if (serverUrl) return createScratchDb(serverUrl, 'chepai_test', 20, process.env[TEST_PG_TEMPLATE]);
  const imageFile = process.env[TEST_PGLITE_IMAGE];
  if (imageFile && !pgliteImage) pgliteImage = new Blob([fs.readFileSync(imageFile)]);
  const dbh = await openDb({ image: pgliteImage });
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
