/**
 * Two server configurations side by side in one run: what a change is worth, measured past the
 * machine's drift. Server A runs as `bench/bidding` runs it, server B with `BENCH_B_ENV` (JSON, added
 * to its environment) and `BENCH_B_NODE_ARGS`, or from another checkout (`BENCH_B_ROOT`: code against
 * code, e.g. a `git worktree` of the commit before a change); both on one PostgreSQL database, each
 * bidding on lots of its own (a lot bid on through both would be contended: decision 035), with the
 * same 200 buyers. With `--db pglite` each server has an embedded database of its own, filled alike,
 * and so has B a PostgreSQL database of its own with `BENCH_B_SETUP_SQL` (its own buyers, too).
 * In each round both servers bid at once, each with its own 200 clients (one client process): every
 * lot count at saturation, then both at 50 % and 25 % of the slower one's saturated rate (figures to
 * compare with each other, not with `run.ts`'s, where one server has the machine), and each server's
 * CPU time per bid request at saturation. It prints B ÷ A per round (the range says
 * whether the difference outlives the noise: an A/A run, with neither variable set, shows it) and
 * the medians.
 *
 *   npx tsx bench/bidding/ab.ts [--lots 1,100] [--db pg|pglite]
 *   (BENCH_B_ENV='{"OUTBID_NOTICE_WINDOW_MS":"20000"}', BENCH_B_NODE_ARGS='--max-semi-space-size=64',
 *   BENCH_B_SETUP_SQL='alter table …' (a schema change run on B's database only: B then gets a
 *   PostgreSQL database of its own, filled as A's is),
 *   BENCH_B_ROOT=/tmp/before (a checkout with node_modules: `git worktree add /tmp/before HEAD~1`, then
 *   `ln -s "$PWD/node_modules" /tmp/before/`), BENCH_B_ENTRY=source (B through tsx from its sources,
 *   A the bundle: decision 052),
 *   BENCH_ROUNDS=4, BENCH_ROUND_SECONDS=4, BENCH_SECONDS=5 (a phase below saturation), BENCH_BIDDERS=200)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { acceptedPerSecond, bidStorm, LADDER_LOT, requestsPerSecond } from '../support/bid-load';
import { benchDatabase } from '../support/bench-db';
import { cpuMeter } from '../support/cpu-meter';
import { jsonClient } from '../support/http-client';
import { loadAverage, pct, sleep } from '../support/stats';

const { values: args } = parseArgs({
  options: { lots: { type: 'string', default: '1,100' }, db: { type: 'string', default: 'pg' } },
});
const DB = args.db === 'pglite' ? 'pglite' : 'pg';
const LOT_COUNTS = (args.lots ?? '1,100').split(',').map(Number);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const B_ENV = JSON.parse(process.env.BENCH_B_ENV ?? '{}') as Record<string, string>;
const B_NODE_ARGS = (process.env.BENCH_B_NODE_ARGS ?? '').split(' ').filter(Boolean);
const B_ROOT = process.env.BENCH_B_ROOT;
const B_SETUP_SQL = process.env.BENCH_B_SETUP_SQL;
/** As in `run.ts`: the listing catch-ups of a saturated phase run before the next phase. */
const SETTLE_MS = 3_000;

const SIDES = ['A', 'B'] as const;
type Side = (typeof SIDES)[number];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

// PostgreSQL: one database for both, unless B's schema differs. PGlite: a database each (one process
// can open it). Filled alike, the two give their lots the same ids, so the sides share `bidStorm`'s
// ladder of amounts per lot id: each side's bids still rise on its own lot, a step apart from the
// other's, the same for both.
const SHARED_DB = DB === 'pg' && !B_SETUP_SQL;
const first = await benchDatabase(DB, 'chepai_bench_ab');
const benches: Record<Side, typeof first> = {
  A: first,
  B: SHARED_DB ? first : await benchDatabase(DB, 'chepai_bench_ab'),
};
try {
  if (B_SETUP_SQL) await sql.raw(B_SETUP_SQL).execute(benches.B.db());
  const endTime = new Date(Date.now() + 3600_000);
  const lotsOf: Record<Side, string[][]> = { A: [], B: [] };
  for (const side of SIDES)
    for (const n of LOT_COUNTS)
      lotsOf[side].push(await benches[side].lots(n, { ...LADDER_LOT, end_time: endTime }));
  const tokensOf = async (side: Side, lots: string[]) =>
    (await benches[side].buyers(BIDDERS, lots)).map((b) => b.token);
  const shared = SHARED_DB ? await tokensOf('A', [...lotsOf.A.flat(), ...lotsOf.B.flat()]) : null;
  const tokens: Record<Side, string[]> = {
    A: shared ?? (await tokensOf('A', lotsOf.A.flat())),
    B: shared ?? (await tokensOf('B', lotsOf.B.flat())),
  };
  const servers = {
    A: await benches.A.start(),
    B: await benches.B.start(
      B_ENV,
      B_NODE_ARGS,
      B_ROOT,
      process.env.BENCH_B_ENTRY === 'source' ? 'source' : undefined,
    ),
  };
  const clients = { A: jsonClient(servers.A.url), B: jsonClient(servers.B.url) };
  console.log(
    `A as bench/bidding runs it; B with ${JSON.stringify(B_ENV)} ${B_NODE_ARGS.join(' ')}` +
      `${B_ROOT ? ` from ${B_ROOT}` : ''}${B_SETUP_SQL ? `, its database after ${B_SETUP_SQL}` : ''}; ` +
      `${DB === 'pg' ? (SHARED_DB ? 'PostgreSQL' : 'PostgreSQL each') : 'PGlite each'}; lot counts ` +
      `${LOT_COUNTS.join(', ')}; ${BIDDERS} bidders; ${os.cpus().length} CPUs, load average ` +
      loadAverage(),
  );
  // Unmeasured: each server learns its lots and writes each pair's first outbid notice.
  for (const side of SIDES)
    for (const lots of lotsOf[side]) await bidStorm(clients[side], lots, tokens[side], 3, 0, 'ascending');

  const figures = new Map<string, Record<Side, number[]>>();
  const record = (name: string, side: Side, value: number) => {
    let f = figures.get(name);
    if (!f) figures.set(name, (f = { A: [], B: [] }));
    f[side].push(value);
  };
  // Both servers at once, with the same clients and the same load each: whatever the machine does
  // at any moment, it does to both, and the configuration that costs less finishes more bids.
  const both = (run: (side: Side) => Promise<void>) => Promise.all(SIDES.map(run));
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [k, n] of LOT_COUNTS.entries()) {
      const name = `${n} lot${n === 1 ? '' : 's'}`;
      const rates: Partial<Record<Side, number>> = {};
      await both(async (side) => {
        const cpu = cpuMeter(servers[side].pid)();
        const sat = await bidStorm(
          clients[side],
          lotsOf[side][k] as string[],
          tokens[side],
          ROUND_SECONDS,
          0,
          'ascending',
        );
        record(`${name}, accepted bids/s at saturation`, side, acceptedPerSecond(sat));
        // The server's own CPU time per request: less swayed than the rate by what else runs.
        const requests = sat.accepted.length + sat.refused.length;
        record(`${name}, server CPU per bid request, saturated (µs)`, side, cpu(requests).server);
        rates[side] = requestsPerSecond(sat);
      });
      await sleep(SETTLE_MS);
      // Below saturation both are offered the same rate: a share of the slower one's.
      const rate = Math.min(rates.A ?? NaN, rates.B ?? NaN);
      for (const share of [0.5, 0.25])
        await both(async (side) => {
          const thinkMs = (BIDDERS / (rate * share)) * 1000;
          const below = await bidStorm(
            clients[side],
            lotsOf[side][k] as string[],
            tokens[side],
            SECONDS,
            thinkMs,
            'ascending',
          );
          record(`${name}, accept p99 at ${share * 100} % (ms)`, side, pct(below.accepted, 99));
        });
    }
    console.log(
      `round ${round}: ` +
        [...figures]
          .filter(([name]) => name.includes('saturation'))
          .map(
            ([name, f]) =>
              `${name.split(',')[0]} B ÷ A ${((f.B.at(-1) ?? NaN) / (f.A.at(-1) ?? NaN)).toFixed(2)}`,
          )
          .join('; '),
    );
  }
  for (const [name, f] of figures) {
    const ratios = f.A.map((a, i) => (f.B[i] ?? NaN) / a);
    console.log(
      `${name}: A ${median(f.A).toFixed(1)}, B ${median(f.B).toFixed(1)} (medians); B ÷ A per round ` +
        `${ratios.map((r) => r.toFixed(2)).join(' ')}, median ${median(ratios).toFixed(2)}`,
    );
  }
  for (const c of Object.values(clients)) c.close();
} finally {
  await Promise.all([...new Set(Object.values(benches))].map((b) => b.drop()));
}
