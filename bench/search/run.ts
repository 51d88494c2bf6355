/**
 * Search benchmark: 100,000 generated lots on the PostgreSQL server, 10 representative queries
 * through the real HTTP API (p50 / p95), then the same queries as sequential ILIKE scans on an
 * unindexed copy of the table, in the same run. Creates and drops its own database.
 *
 *   npx tsx bench/search/run.ts            (BENCH_DATABASE_URL, BENCH_LOTS, BENCH_RUNS to override)
 */
import pg from 'pg';
import { loadEnv } from '../../apps/server/src/config/env';
import { buildApp } from '../../apps/server/src/app';
import { openDb } from '../../apps/server/src/db/client';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import { createLogger } from '../../apps/server/src/lib/logger';
import { QUERIES, scanSql } from './queries';
import { loadLots } from './load';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const LOTS = Number(process.env.BENCH_LOTS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const SCAN_RUNS = Number(process.env.BENCH_SCAN_RUNS ?? 10);

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
const ms = (n: number) => n.toFixed(2).padStart(8);

async function main() {
  const reuse = process.env.BENCH_REUSE_DB;
  const name = reuse ?? `chepai_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  if (!reuse) await admin.query(`create database ${name}`);
  const url = new URL(SERVER);
  url.pathname = `/${name}`;
  const env = loadEnv({
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '0',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: url.toString(),
  });
  const dbh = await openDb({ databaseUrl: url.toString(), poolSize: 10 });
  const now = new Date();
  try {
    await migrateToLatest(dbh.db);
    if (!reuse) {
      const loadStart = performance.now();
      await loadLots(dbh.db, url.toString(), LOTS, now);
      console.log(`loaded ${LOTS} lots in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`);
    }

    const app = await buildApp({ env, dbh, log: createLogger('warn'), now: () => now });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const all: number[] = [];
    const api = new Map<string, { p50: number; p95: number; total: number }>();
    console.log(
      `\nHTTP API, ${RUNS} runs each after 5 warm-up calls (ms); "first" is the first call (total not yet cached)\n${'query'.padEnd(34)}   first      p50      p95   total`,
    );
    for (const q of QUERIES) {
      const call = async () => {
        const res = await fetch(`${base}/api/mall-search/search/auc_order/search`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(q.body),
        });
        const json = (await res.json()) as { code: number; data: { total: number } };
        if (json.code !== 200) throw new Error(`${q.name}: ${JSON.stringify(json)}`);
        return json.data.total;
      };
      const c0 = performance.now();
      let total = await call();
      const cold = performance.now() - c0;
      for (let i = 0; i < 4; i++) total = await call();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      all.push(...times);
      api.set(q.name, { p50: pct(times, 50), p95: pct(times, 95), total });
      console.log(
        `${q.name.padEnd(34)}${ms(cold)} ${ms(pct(times, 50))} ${ms(pct(times, 95))} ${String(total).padStart(7)}`,
      );
    }
    all.sort((a, b) => a - b);
    console.log(`${'ALL QUERIES'.padEnd(34)}${' '.repeat(9)}${ms(pct(all, 50))} ${ms(pct(all, 95))}`);
    await app.close();

    // Baseline: the same queries answered by sequential ILIKE scans on an unindexed copy.
    const c = new pg.Client({ connectionString: url.toString() });
    await c.connect();
    await c.query('drop table if exists lot_scan');
    await c.query('create table lot_scan as select * from lot');
    await c.query('analyze lot_scan');
    // lot_scan has no index at all, so its filters are sequential scans; the cover photo still uses
    // lot_photo's primary key (turning index scans off for the session would make every cover a scan).
    console.log(
      `\nSequential ILIKE scan, ${SCAN_RUNS} runs each, and ratio of p50s (scan / API)\n${'query'.padEnd(34)} scan p50  API p50    ratio   total`,
    );
    const ratios: number[] = [];
    for (const q of QUERIES) {
      const { page, count } = scanSql(q.body);
      let total = 0;
      const times: number[] = [];
      for (let i = 0; i < SCAN_RUNS + 1; i++) {
        const t0 = performance.now();
        await c.query(page.text, page.values);
        const r = await c.query<{ n: string }>(count.text, count.values);
        if (i > 0) times.push(performance.now() - t0);
        total = Number(r.rows[0]?.n);
      }
      times.sort((a, b) => a - b);
      const a = api.get(q.name) as { p50: number; total: number };
      const ratio = pct(times, 50) / a.p50;
      ratios.push(ratio);
      const check = total === a.total ? '' : `  (API total ${a.total}!)`;
      console.log(
        `${q.name.padEnd(34)}${ms(pct(times, 50))} ${ms(a.p50)} ${(ratio.toFixed(1) + '×').padStart(8)} ${String(total).padStart(7)}${check}`,
      );
    }
    const geo = Math.exp(ratios.reduce((s, r) => s + Math.log(r), 0) / ratios.length);
    console.log(
      `${'GEOMETRIC MEAN RATIO'.padEnd(34)}${' '.repeat(18)}${(geo.toFixed(1) + '×').padStart(8)}  (min ${Math.min(...ratios).toFixed(1)}×)`,
    );
    await c.end();
  } finally {
    await dbh.close();
    if (process.env.BENCH_KEEP_DB || reuse) console.log(`kept database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

await main();
