/**
 * The first requests after a lull: is a burst that follows a quiet stretch slower at its start than
 * one that follows a short pause, and on which route? `bench/bidding` found the first quarter-second
 * of its phases the slowest in half of them (docs/scaling.md), and a throwaway test saw the first
 * 300 ms of bids after 25–35 s without requests slow in 8 of 9 trials. This asks the same of a
 * route that touches no database and of `select 1`, with the same client and server, so the cause can
 * be placed: the machine and the process (every route), the pool and PostgreSQL (the two database
 * routes) or the bid path (bids only).
 *
 *   npx tsx bench/bidding/lull.ts [--db pg|pglite]
 *   (BENCH_BIDDERS=200, BENCH_LULL_RATE=800 requests/s in a burst, BENCH_LULL_BURST_MS=1500,
 *   BENCH_LULLS=2,30 (seconds of quiet before a burst), BENCH_LULL_TRIALS=3, BENCH_LULL_HEAD_MS=300
 *   (the start of a burst), BENCH_LULL_DUMP=<file>, BENCH_NODE_ARGS (flags for the server's node),
 *   BENCH_LULL_ROUTES (a subset: `bid`, `select 1`, `no database`))
 *
 * Each trial runs, for every lull and route in a shuffled order, the lull then a burst paced at the
 * rate (the clients' think time spread ±50 %), and records every request's latency with its send
 * time. Per burst it prints the p99 and max of the requests sent in its first `HEAD_MS`, and the p50
 * and p99 of the rest; at the end, per route and lull, the range of those over the trials, and the
 * p50 / p90 / p99 of the trials' requests pooled. Nothing is asserted.
 */
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { BID_PATH, LADDER_LOT, think } from '../support/bid-load';
import { BENCH_NODE_ARGS, benchDatabase } from '../support/bench-db';
import { jsonClient } from '../support/http-client';
import { loadAverage, pct, sleep } from '../support/stats';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pg' } } });
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const RATE = Number(process.env.BENCH_LULL_RATE ?? 800);
const BURST_MS = Number(process.env.BENCH_LULL_BURST_MS ?? 1500);
const LULLS = (process.env.BENCH_LULLS ?? '2,30').split(',').map(Number);
const TRIALS = Number(process.env.BENCH_LULL_TRIALS ?? 3);
const HEAD_MS = Number(process.env.BENCH_LULL_HEAD_MS ?? 300);
/** BENCH_LULL_DUMP=<file>: every burst's [sent at, took] pairs as JSON, to look at when the slow ones were sent. */
const DUMP = process.env.BENCH_LULL_DUMP;
const dumped: unknown[] = [];

type Route = 'no database' | 'select 1' | 'bid';
const ALL_ROUTES: Route[] = ['no database', 'select 1', 'bid'];
/** BENCH_LULL_ROUTES: a comma-separated subset, e.g. `bid`. */
const ONLY = process.env.BENCH_LULL_ROUTES?.split(',');
const ROUTES = ONLY ? ALL_ROUTES.filter((r) => ONLY.includes(r)) : ALL_ROUTES;

async function main() {
  const bench = await benchDatabase(args.db === 'pglite' ? 'pglite' : 'pg', 'chepai_bench_lull');
  try {
    const [lot] = await bench.lots(1, { ...LADDER_LOT, end_time: new Date(Date.now() + 3 * 3600_000) });
    const tokens = (await bench.buyers(BIDDERS, [lot as string])).map((b) => b.token);
    const server = await bench.start({}, BENCH_NODE_ARGS);
    const client = jsonClient(server.url);
    console.log(
      `${BIDDERS} clients, bursts of ${BURST_MS} ms at ${RATE} requests/s after ${LULLS.join(' or ')} s of quiet, ` +
        `${TRIALS} trials, one server process on ${bench.label}, load average ${loadAverage()}`,
    );
    let rung = 0;
    const call: Record<Route, (n: number) => Promise<boolean>> = {
      'no database': async () => (await client.get('/api/health/live')).status === 200,
      'select 1': async () => (await client.get('/api/health')).status === 200,
      bid: async (n) => {
        const amount = (LADDER_LOT.start_price + rung++ * LADDER_LOT.increment) / 100;
        const { status } = await client.post(
          BID_PATH,
          { orderId: lot, amount: amount.toFixed(2) },
          { authorization: tokens[n] as string },
        );
        // A bid overtaken by a later one is refused as too low: an answer all the same.
        return status < 500;
      },
    };
    const thinkMs = (BIDDERS / RATE) * 1000;
    /** One burst: every client sends after a think time until the burst is over; [sent at, took] pairs. */
    const burst = async (route: Route) => {
      const samples: Array<[number, number]> = [];
      const startedAt = Date.now();
      const started = performance.now();
      const until = started + BURST_MS;
      let failed = 0;
      await Promise.all(
        tokens.map(async (_, n) => {
          // The first request of each client falls anywhere in its first think time, as in a steady stream.
          await sleep(thinkMs * Math.random());
          while (performance.now() < until) {
            const t0 = performance.now();
            if (!(await call[route](n))) failed++;
            samples.push([t0 - started, performance.now() - t0]);
            await think(thinkMs);
          }
        }),
      );
      if (failed) throw new Error(`${route}: ${failed} requests failed`);
      return { samples, startedAt };
    };
    // Warm-up (JIT, the pool's connections, the session cache, the lot under the engine's lock).
    for (const route of ROUTES) await burst(route);

    interface PerLull {
      head: number[];
      headMax: number[];
      rest: number[];
      /** Every request of the trials, at the start of a burst and after it. */
      pooledHead: number[];
      pooledRest: number[];
    }
    const results = new Map<string, PerLull>();
    for (let trial = 1; trial <= TRIALS; trial++) {
      const order = LULLS.flatMap((lull) => ROUTES.map((route) => ({ lull, route }))).sort(
        () => Math.random() - 0.5,
      );
      for (const { lull, route } of order) {
        await sleep(lull * 1000);
        const { samples, startedAt } = await burst(route);
        if (DUMP) dumped.push({ trial, route, lull, startedAt, samples });
        const head = samples.filter(([at]) => at < HEAD_MS).map(([, took]) => took);
        const rest = samples.filter(([at]) => at >= HEAD_MS).map(([, took]) => took);
        const [headP99, headMax, restP50, restP99] = [
          pct(head, 99),
          Math.max(...head),
          pct(rest, 50),
          pct(rest, 99),
        ];
        const key = `${route} after ${lull} s`;
        const r = results.get(key) ?? { head: [], headMax: [], rest: [], pooledHead: [], pooledRest: [] };
        r.head.push(headP99);
        r.headMax.push(headMax);
        r.rest.push(restP99);
        r.pooledHead.push(...head);
        r.pooledRest.push(...rest);
        results.set(key, r);
        console.log(
          `trial ${trial}, ${key}: first ${HEAD_MS} ms p99 ${headP99.toFixed(1)} ms (max ${headMax.toFixed(1)}, ${head.length} requests); ` +
            `the rest p50 ${restP50.toFixed(1)}, p99 ${restP99.toFixed(1)} ms (${rest.length}); load ${os.loadavg()[0]?.toFixed(2)}`,
        );
      }
    }
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}`;
    const spread = (xs: number[]) => [50, 90, 99].map((p) => pct(xs, p).toFixed(1)).join(' / ');
    console.log(`\nper route and lull, over ${TRIALS} trials (ms, the range of the trials' figures):`);
    for (const route of ROUTES)
      for (const lull of LULLS) {
        const r = results.get(`${route} after ${lull} s`);
        if (!r) continue;
        console.log(
          `  ${route.padEnd(11)} after ${String(lull).padStart(2)} s: first ${HEAD_MS} ms p99 ${range(r.head)} (max ${range(r.headMax)}); the rest p99 ${range(r.rest)}; ` +
            `pooled p50 / p90 / p99: first ${HEAD_MS} ms ${spread(r.pooledHead)}, the rest ${spread(r.pooledRest)}`,
        );
      }
    if (DUMP) fs.writeFileSync(DUMP, JSON.stringify(dumped));
    client.close();
  } finally {
    await bench.drop();
  }
}

await main();
