import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, type CompiledQuery } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type DbDriver = 'pglite' | 'pg';
export type NotifyListener = (payload: string) => void;

/** The database and the two things Kysely does not cover: LISTEN/NOTIFY and closing. */
export interface DbHandle {
  db: Kysely<Database>;
  /**
   * One connection of its own, lazily opened and pipelined: statements are written to it as they
   * are run, without waiting for the answers before, and PostgreSQL runs them one after another in
   * that order, each committing on its own (the bid batches,
   * docs/decisions/035-optimistic-bid-batches.md). On PGlite it runs on `db` (one connection).
   */
  serial: SerialConnection;
  driver: DbDriver;
  /**
   * LISTENs on a channel. On a server the listening connection can drop (restart, failover, admin
   * termination): it is re-established with backoff and LISTENs again, and `onResume` runs once the
   * channel is live again, since notifications sent in between are lost for this process.
   */
  listen(channel: string, listener: NotifyListener, onResume?: () => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

/** Statements run in the order sent, each its own transaction (see `DbHandle.serial`). */
export interface SerialConnection {
  run<R>(query: CompiledQuery<R>): Promise<R[]>;
}

// int8 (20) and numeric (1700) stay strings on both drivers: ids are 64-bit, money is exact.
const keepAsString = (v: string) => v;
pg.types.setTypeParser(20, keepAsString);
pg.types.setTypeParser(1700, keepAsString);
// date (1082) stays 'YYYY-MM-DD': a calendar date has no time zone to shift it.
pg.types.setTypeParser(1082, keepAsString);

/** The extensions every PGlite database loads (the migrations create them). */
export const PGLITE_EXTENSIONS = { pg_trgm };

const PGLITE_OWN_PARSERS = { 20: keepAsString, 1700: keepAsString, 1082: keepAsString };

/**
 * PGlite copies an instance's parser table into a new object for every query (`{...parsers,
 * ...options.parsers}`), and the table holds 316 entries keyed by type oid: a sparse object that V8
 * copies slowly, 120–170 µs of a `select 1` that takes about 470 µs. A value whose type has no
 * entry in the instance's table is parsed by PGlite's default table (`types.parsers`), so the
 * instance keeps only our three overrides, and the array parsers PGlite registers per instance go
 * to the default table instead, built the way PGlite builds them (element parser: ours, else the
 * default) for the built-in types (oids below 16384, the same in every database). Values parse
 * exactly as before (db/client.test.ts).
 */
async function compactPgliteParsers(client: PGlite) {
  const defaults = pgliteTypes.parsers as Record<string, (value: string, typeId?: number) => unknown>;
  const own: Record<string, (value: string) => unknown> = PGLITE_OWN_PARSERS;
  const { rows } = await client.query<{ oid: number; typarray: number }>(`
    select b.oid, b.typarray from pg_catalog.pg_type a
    join pg_catalog.pg_type b on b.oid = a.typelem
    where a.typcategory = 'A' and b.typarray between 1 and 16383 group by b.oid, b.typarray`);
  for (const { oid, typarray } of rows)
    defaults[typarray] ??= (value): unknown =>
      pgliteTypes.arrayParser(value, own[oid] ?? defaults[oid] ?? ((v: string) => v), typarray) as unknown;
  client.parsers = { ...PGLITE_OWN_PARSERS };
}

export interface DbOptions {
  /** postgres://… for a server; otherwise PGlite. */
  databaseUrl?: string | undefined;
  /** PGlite directory; undefined = in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite: start from this image of a data directory (`PGlite.dumpDataDir`) instead of an empty
   * cluster. The server suite starts every test's database from one migrated image
   * (src/test/global-setup.ts) instead of running initdb and the migrations again.
   */
  image?: Blob | undefined;
  poolSize?: number;
  /**
   * PostgreSQL: open every connection of the pool now (a server process), so that the first burst
   * of requests does not wait for backends to start (docs/decisions/054-activity-commits-without-flush.md).
   */
  warm?: boolean;
  /** PostgreSQL: how long a connection above the pool's minimum may idle (tests). */
  poolIdleMs?: number;
}

export async function openDb(options: DbOptions): Promise<DbHandle> {
  return options.databaseUrl
    ? openPg(options.databaseUrl, options.poolSize ?? 10, options)
    : openPglite(options.dataDir, options.image);
}

async function openPglite(dataDir: string | undefined, image: Blob | undefined): Promise<DbHandle> {
  return pgliteHandle(await startPglite(dataDir, image), { closeClient: true });
}

/** A PGlite instance as the app uses it: its extensions and its parsers. */
export async function startPglite(dataDir: string | undefined, image: Blob | undefined): Promise<PGlite> {
  if (dataDir) fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(image ? { loadDataDir: image } : {}),
    extensions: PGLITE_EXTENSIONS,
    parsers: PGLITE_OWN_PARSERS,
  });
  await compactPgliteParsers(client);
  return client;
}

/**
 * A handle on an open PGlite instance. With `closeClient: false`, closing the handle ends its
 * Kysely and its LISTENs but leaves the instance open for another handle (the server suite hands
 * one instance to test file after test file: src/test/test-app.ts).
 */
export function pgliteHandle(client: PGlite, { closeClient }: { closeClient: boolean }): DbHandle {
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client, { closeClient }) });
  const listening = new Set<() => Promise<void>>();
  let closed = false;
  const open = () => {
    if (closed) throw new Error('数据库连接已关闭');
  };
  return {
    db,
    serial: { run: async (query) => (await db.executeQuery(query)).rows },
    driver: 'pglite',
    async listen(channel, listener) {
      open();
      const unsubscribe = await client.listen(channel, listener);
      const stop = async () => {
        listening.delete(stop);
        await unsubscribe();
      };
      listening.add(stop);
      return stop;
    },
    async notify(channel, payload) {
      open();
      await client.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closed = true;
      if (!closeClient && !client.closed) for (const stop of [...listening]) await stop();
      await db.destroy();
    },
  };
}

async function openPg(
  connectionString: string,
  max: number,
  { warm = false, poolIdleMs = 60_000 }: Pick<DbOptions, 'warm' | 'poolIdleMs'>,
): Promise<DbHandle> {
  // A connection once opened stays open (`min`: the pool closes none below it), so that the first
  // requests after a quiet spell do not each wait for a backend to start: after a minute without
  // requests on the pool, the first 300 ms of a burst of `select 1` took a p50 of 118 ms (decision
  // 054). TCP keep-alives keep a long-idle connection from being dropped on the way unnoticed.
  const pool = new pg.Pool({
    connectionString,
    max,
    min: max,
    idleTimeoutMillis: poolIdleMs,
    keepAlive: true,
  });
  // An idle connection dropped by the server (restart, admin termination) is replaced by the pool;
  // without a listener its 'error' event would crash the process.
  pool.on('error', () => undefined);
  // A connection that is checked out (a transaction between two statements) when the server drops
  // it emits 'error' on the client itself, where the pool does not listen: without this the
  // process would crash; the statement in flight, or the next one, fails with the error instead.
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (warm) {
    // After the listeners above, so that these connections have them too. Best effort: a
    // connection that cannot be opened now is opened when a request needs it.
    const opened = await Promise.allSettled(Array.from({ length: max }, () => pool.connect()));
    for (const o of opened) if (o.status === 'fulfilled') o.value.release();
  }
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const serial = pipelinedConnection(connectionString);
  // One dedicated connection per process carries every LISTEN; it is replaced when it drops.
  let listener: Promise<pg.Client> | null = null;
  let closing = false;
  const handlers = new Map<string, Set<NotifyListener>>();
  const resumers = new Map<string, Set<() => void>>();
  const listenSql = (channel: string) => `listen ${pg.escapeIdentifier(channel)}`;

  const connectListener = async (): Promise<pg.Client> => {
    const client = new pg.Client({ connectionString });
    const lost = () => {
      if (closing || !listener) return;
      listener = null;
      void reconnect(0);
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (msg) => {
      for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
    });
    await client.connect();
    return client;
  };

  const reconnect = async (attempt: number): Promise<void> => {
    await new Promise((r) => setTimeout(r, Math.min(10_000, 250 * 2 ** attempt)));
    if (closing || listener) return;
    const next = connectListener();
    listener = next;
    try {
      const client = await next;
      for (const channel of handlers.keys()) await client.query(listenSql(channel));
      for (const channel of handlers.keys()) for (const resume of resumers.get(channel) ?? []) resume();
    } catch {
      if (listener === next) listener = null;
      void next.then((c) => c.end()).catch(() => undefined);
      if (!closing) void reconnect(attempt + 1);
    }
  };

  return {
    db,
    serial,
    driver: 'pg',
    async listen(channel, handler, onResume) {
      listener ??= connectListener().catch((err: unknown) => {
        listener = null;
        throw err;
      });
      const client = await listener;
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        resumers.set(channel, new Set());
        await client.query(listenSql(channel));
      }
      set.add(handler);
      if (onResume) resumers.get(channel)?.add(onResume);
      return async () => {
        set.delete(handler);
        if (onResume) resumers.get(channel)?.delete(onResume);
        if (set.size === 0) {
          handlers.delete(channel);
          resumers.delete(channel);
          const current = await listener?.catch(() => null);
          await current?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => undefined);
        }
      };
    },
    async notify(channel, payload) {
      await pool.query('select pg_notify($1, $2)', [channel, payload]);
    },
    async close() {
      closing = true;
      const client = await listener?.catch(() => null);
      await client?.end().catch(() => undefined);
      await Promise.all([db.destroy(), serial.close()]);
    },
  };
}

/**
 * A pipelined connection (node-postgres `pipeline: true`): each query is written at once and answered
 * in order, each with its own Sync, so an error ends only its own statement. Opened on first use and
 * again after it is lost; queries in flight when it breaks fail (their outcome is unknown). Its
 * statements are few and run again and again (the bid batch), so each text is prepared once per
 * connection: parsing and planning the batch's statement was a sixth of its time in the database.
 */
function pipelinedConnection(connectionString: string): SerialConnection & { close(): Promise<void> } {
  let current: Promise<pg.Client> | null = null;
  const open = (): Promise<pg.Client> => {
    if (current) return current;
    // A prepared statement's plan is made once: the batch's arrays (a parameter each) vary in length
    // from batch to batch, and PostgreSQL's default would plan each run again for them, which took a
    // third of its work a bid (docs/scaling.md, twenty-seventh session).
    const client = new pg.Client({
      connectionString,
      pipeline: true,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    const opening: Promise<pg.Client> = client.connect().then(
      () => client,
      (err: unknown) => {
        if (current === opening) current = null;
        throw err;
      },
    );
    const lost = () => {
      if (current === opening) current = null;
    };
    client.on('error', lost);
    client.on('end', lost);
    current = opening;
    return opening;
  };
  return {
    async run<R>(query: CompiledQuery<R>) {
      const client = await open();
      const name = `s_${createHash('sha1').update(query.sql).digest('hex').slice(0, 24)}`;
      const result = await client.query({ name, text: query.sql, values: query.parameters as unknown[] });
      return result.rows as R[];
    },
    async close() {
      const client = await current?.catch(() => null);
      current = null;
      await client?.end().catch(() => undefined);
    },
  };
}
