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
import { openDb, PGLITE_EXTENSIONS, pgliteHandle, startPglite, type DbHandle } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { PGliteDialect } from '../db/pglite-dialect';
import type { Database } from '../db/schema';
import { makeRsaPrivateKey } from '../modules/accounts/secrets';
import { makeSigningJwk } from '../platform/sso/embedded-provider';

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
 * The two RSA keys an app makes on its first start on an empty database (the password transport's
 * and the embedded issuer's signing key), made once for a run of the server suite and written into
 * the database every test's database is copied from: each costs 100–300 ms of CPU to make, and
 * about 90 apps are built a run (decision 061). The other secrets (peppers, the data key) are
 * random bytes and are still made by each app.
 */
const TEST_SECRETS = () => [
  { name: 'rsa_private_key', value: makeRsaPrivateKey() },
  { name: 'oidc_signing_jwk', value: makeSigningJwk() },
];

/**
 * A migrated template database on the server (global setup), with the test secrets, closed at
 * once: a database is copied only while nobody is connected to it. `drop` removes it.
 */
export async function createTemplateDb(serverUrl: string, prefix: string) {
  const { dbh, name } = await createScratchDb(serverUrl, prefix, 1);
  await dbh.db.insertInto('app_secret').values(TEST_SECRETS()).execute();
  await dbh.close();
  return { name, drop: () => dropDatabase(serverUrl, name) };
}

/**
 * An image of a migrated PGlite data directory with the test secrets (global setup), to start a
 * test's database from.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  try {
    await migrateToLatest(db);
    await db.insertInto('app_secret').values(TEST_SECRETS()).execute();
    return await client.dumpDataDir('none');
  } finally {
    await db.destroy();
  }
}

let pgliteImage: Blob | undefined;

/**
 * PGlite instances of this worker that a finished test file handed back, emptied, for the next to
 * take: starting one (from the image) costs about a second of CPU, 71 times a run, where emptying
 * one costs about a tenth of that (docs/decisions/061-test-databases-handed-on.md). What a file
 * may leave behind and how it is undone: its rows (every table emptied, identities and sequences
 * restarted, the image's two secrets written back — the image holds no other rows but the
 * migrations' own book), its session (`discard all`: prepared statements, settings, LISTENs,
 * advisory locks, temporary tables), its listeners (the handle's close). A file that changed the
 * schema (its own probe tables) leaves an instance that is closed instead of reused: the schema is
 * compared with the image's before it goes back.
 */
const idlePglite: PGlite[] = [];
/** This worker's PGlite instances for test databases: how many it started, how many wait (test-app.test.ts). */
export const pglitePool = { starts: 0, idle: () => idlePglite.length };
const KEPT_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * What every instance started from the image holds, read once from the first: its schema's
 * digest, its session's own settings (PGlite sets `search_path`, which `discard all` resets), its
 * secrets, and the statements that empty it (the same for every instance of that schema).
 */
interface ImageState {
  schema: string;
  settings: string;
  secrets: string;
  empty: string;
}
let imageState: ImageState | undefined;

/** A digest of the public schema: tables, columns, indexes, constraints, functions, triggers, types. */
async function schemaDigest(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ digest: string }>(`
    select md5(string_agg(item, ',' order by item)) as digest from (
      select c.relkind::text || ':' || c.relname || ':' || coalesce((
        select string_agg(a.attname || ' ' || a.atttypid::text, ';' order by a.attnum)
        from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '') as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'
      union all select 'constraint:' || conname || ':' || conrelid::regclass::text from pg_constraint c
        join pg_namespace n on n.oid = c.connamespace where n.nspname = 'public'
      union all select 'function:' || p.proname || ':' || md5(p.prosrc) from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'
      union all select 'trigger:' || t.tgname || ':' || t.tgrelid::regclass::text from pg_trigger t
        join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal
      union all select 'type:' || t.typname from pg_type t
        join pg_namespace n on n.oid = t.typnamespace where n.nspname = 'public'
    ) items`);
  return rows[0]!.digest;
}

/** The image's state, read from an instance just started from it. */
async function readImageState(client: PGlite): Promise<ImageState> {
  const { rows } = await client.query<{
    settings: string;
    secrets: string;
    truncate: string;
    restart: string | null;
  }>(
    `select (select coalesce(json_agg(json_build_object('name', name, 'setting', setting)), '[]')::text
               from pg_settings where source = 'session') as settings,
            (select coalesce(json_agg(json_build_object('name', name, 'value', value)), '[]')::text
               from app_secret) as secrets,
            (select 'truncate ' || string_agg(format('%I', c.relname), ', ') || ' restart identity'
               from pg_class c join pg_namespace n on n.oid = c.relnamespace
              where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname <> all($1)) as truncate,
            (select string_agg(format('alter sequence %I restart', s.sequencename), '; ')
               from pg_sequences s where s.schemaname = 'public') as restart`,
    [KEPT_TABLES],
  );
  const { settings, secrets, truncate, restart } = rows[0]!;
  return {
    schema: await schemaDigest(client),
    settings,
    secrets,
    // As a replica would: the audit log's guard against truncation is a trigger (it stays for the app).
    empty: ['set session_replication_role = replica', truncate, restart, 'reset session_replication_role']
      .filter(Boolean)
      .join('; '),
  };
}

/** Empties an instance back to the image's state; false when it cannot be (its schema changed). */
async function emptied(client: PGlite, image: ImageState): Promise<boolean> {
  if (client.isInTransaction()) await client.exec('rollback');
  // Prepared statements, LISTENs, advisory locks, temporary tables, settings; then the settings
  // the instance started with.
  await client.exec('discard all');
  await client.query(
    `select set_config(name, setting, false) from json_to_recordset($1) as s(name text, setting text)`,
    [image.settings],
  );
  if ((await schemaDigest(client)) !== image.schema) return false;
  await client.exec(image.empty);
  await client.query(
    `insert into app_secret (name, value) select name, value from json_to_recordset($1) as s(name text, value text)`,
    [image.secrets],
  );
  return true;
}

async function pgliteTestDb() {
  const imageFile = process.env[TEST_PGLITE_IMAGE];
  if (!imageFile) {
    // No image (the suite's global setup did not run): a new instance, migrated here.
    const dbh = await openDb({});
    await migrateToLatest(dbh.db);
    return { dbh, url: undefined, drop: () => dbh.close() };
  }
  pgliteImage ??= new Blob([fs.readFileSync(imageFile)]);
  let client = idlePglite.pop();
  if (!client) {
    client = await startPglite(undefined, pgliteImage);
    pglitePool.starts++;
    imageState ??= await readImageState(client);
  }
  const image = imageState!;
  const dbh = pgliteHandle(client, { closeClient: false });
  await migrateToLatest(dbh.db);
  const mine = client;
  return {
    dbh,
    url: undefined,
    drop: async () => {
      await dbh.close();
      if (mine.closed) return;
      if (await emptied(mine, image).catch(() => false)) idlePglite.push(mine);
      else await mine.close();
    },
  };
}

/**
 * A fresh, migrated database per test file: in-memory PGlite by default (an emptied instance of
 * this worker when one is idle), or a new database on the server named by TEST_DATABASE_URL
 * (created here, dropped on close).
 */
export async function createTestDb(): Promise<{
  dbh: DbHandle;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) return createScratchDb(serverUrl, 'chepai_test', 20, process.env[TEST_PG_TEMPLATE]);
  return pgliteTestDb();
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
