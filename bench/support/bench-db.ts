import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { openDb, type DbHandle } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { NewLot } from '../../apps/server/src/modules/lots/lot-writer';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../apps/server/src/test/bidding-fixture';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { createScratchDb, testEnv } from '../../apps/server/src/test/test-app';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The `application_name` of the server's connections (node-postgres reads PGAPPNAME). */
export const SERVER_APP = 'bench-server';
/** BENCH_NODE_ARGS: flags for the server's node (e.g. `--trace-gc`), space-separated. */
export const BENCH_NODE_ARGS = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
// As deployed: production mode, the default scheduler tick (tests use a faster one).
const PRODUCTION = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'error',
  SCHEDULER_INTERVAL_MS: '1000',
  PGAPPNAME: SERVER_APP,
};

/**
 * The database a bench runs on: a scratch database on the PostgreSQL server, or a fresh embedded
 * database (PGlite) in a temporary DATA_DIR. The bench fills it through `lots` and `buyers`, then
 * `start`s server processes on it. PGlite is one process: the bench's own handle is closed before
 * the server opens the directory, and only one server can run on it.
 */
export async function benchDatabase(kind: 'pg' | 'pglite', prefix: string, poolSize = 10) {
  let dbh: DbHandle;
  let url: string | null = null;
  let dropDb: () => Promise<void>;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  if (kind === 'pg') {
    const scratch = await createScratchDb(SERVER, prefix, poolSize);
    ({ dbh, url } = scratch);
    dropDb = scratch.drop;
  } else {
    dbh = await openDb({ dataDir: path.join(dataDir, 'pgdata') });
    await migrateToLatest(dbh.db);
    dropDb = () => dbh.close();
  }
  const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  const servers: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  let deposits = 0;
  return {
    url,
    ctx,
    label: url ? `PostgreSQL ${new URL(url).pathname.slice(1)}` : `PGlite in ${dataDir}`,
    db: () => dbh.db,
    /**
     * Rows updated so far in each of `tables`, and how many of those updates were HOT (decision 006),
     * from `pg_stat_user_tables` (a backend reports its counts at most once a second, and at its exit).
     */
    async updateCounts(...tables: string[]) {
      const { rows } = await sql<{ rel: string; upd: string; hot: string }>`
        select relname as rel, n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables
        where relname = any(${tables}::text[])`.execute(dbh.db);
      return new Map(rows.map((r) => [r.rel, { all: Number(r.upd), hot: Number(r.hot) }]));
    },
    async lots(count: number, over: Partial<NewLot> = {}) {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await makeLot({ ctx }, over));
      return ids;
    },
    /** Buyers with sessions, each with a frozen deposit on every given lot. */
    async buyers(count: number, lots: string[]) {
      const made: Array<{ id: string; token: string }> = [];
      for (let i = 0; i < count; i++) made.push(await makeBuyer({ ctx }));
      for (const lot of lots)
        await freezeDepositsDirectly(
          { ctx },
          lot,
          made.map((b) => b.id),
          `B${++deposits}_`,
          100_000,
        );
      return made;
    },
    /**
     * A server process; `root`: another checkout's server (bench/bidding/ab.ts). `entry`: the bundle
     * `npm start` runs (decision 052), or the sources through tsx, as benches ran before 2026-11-29
     * (`BENCH_SERVER_ENTRY=source`).
     */
    async start(
      env: Record<string, string> = {},
      nodeArgs: string[] = [],
      root?: string,
      entry: 'source' | 'built' = process.env.BENCH_SERVER_ENTRY === 'source' ? 'source' : 'built',
    ) {
      if (!url && servers.length) throw new Error('PGlite serves one process only');
      if (!url) await dbh.close();
      const server = await startServerProcess(
        url,
        { ...PRODUCTION, DATA_DIR: dataDir, ...env },
        nodeArgs,
        root,
        entry,
      );
      servers.push(server);
      return server;
    },
    async drop() {
      await Promise.all(servers.map((s) => s.stop()));
      // BENCH_SERVER_LOG=<file>: what the servers printed (with BENCH_NODE_ARGS=--trace-gc, their GC log).
      const log = process.env.BENCH_SERVER_LOG;
      if (log) fs.writeFileSync(log, servers.map((s) => `== server ${s.pid}\n${s.output()}`).join('\n'));
      if (url) await dropDb();
      else if (!servers.length) await dropDb();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
