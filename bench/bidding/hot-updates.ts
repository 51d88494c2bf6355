/**
 * Whether a 100-lot storm's updates of the lots' live rows (`lot_live`, decision 065) stay HOT, and
 * what those that do not cost PostgreSQL: one server, two sets of lots in one table — set A made
 * with the table's storage as the migrations leave it, set B after `BENCH_B_SETUP_SQL` (a storage
 * change: `alter table lot_live set (fillfactor = 40)` reaches the pages that rows made after it
 * fill) — stormed in turn, rounds alternating. Each storm prints accepted bids/s, the share of its
 * live-row updates that were HOT (`pg_stat_user_tables`) and the CPU a bid of the server, the client
 * and PostgreSQL. Before decision 065 the batch wrote the wide `lot` row, and an update of it that
 * was not HOT inserted into all 31 of its indexes, two GIN over the search text among them (callgrind
 * counted one at about 14 M instructions: docs/scaling.md, twenty-seventh session).
 *
 *   BENCH_B_SETUP_SQL='alter table lot_live set (fillfactor = 40)' npx tsx bench/bidding/hot-updates.ts
 *   (BENCH_LOTS=100, BENCH_ROUNDS=3, BENCH_ROUND_SECONDS=6, BENCH_BIDDERS=200)
 */
import { sql } from 'kysely';
import { acceptedPerSecond, bidStorm, LADDER_LOT } from '../support/bid-load';
import { benchDatabase } from '../support/bench-db';
import { cpuMeter, formatShare } from '../support/cpu-meter';
import { jsonClient } from '../support/http-client';
import { loadAverage, sleep } from '../support/stats';

const LOTS = Number(process.env.BENCH_LOTS ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 6);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SETUP = process.env.BENCH_B_SETUP_SQL ?? '';

const bench = await benchDatabase('pg', 'chepai_bench_hot');
try {
  const lot = { ...LADDER_LOT, end_time: new Date(Date.now() + 3600_000) };
  const a = await bench.lots(LOTS, lot);
  if (SETUP) await sql.raw(SETUP).execute(bench.db());
  const b = await bench.lots(LOTS, lot);
  const tokens = (await bench.buyers(BIDDERS, [...a, ...b])).map((x) => x.token);
  const pages = async (ids: string[]) => {
    const { rows } = await sql<{ n: number }>`
      select count(distinct (ctid::text::point)[0])::int as n from lot_live where lot_id = any(${ids}::bigint[])`.execute(
      bench.db(),
    );
    return rows[0]?.n ?? 0;
  };
  console.log(
    `${LOTS} lots a set: A on ${await pages(a)} heap pages, B (${SETUP || 'no change'}) on ${await pages(b)}`,
  );
  const server = await bench.start();
  const meter = cpuMeter(server.pid);
  const client = jsonClient(server.url);
  const updates = async () => {
    // A backend reports its counts at most once a second.
    await sleep(1500);
    return (await bench.updateCounts('lot_live')).get('lot_live') ?? { all: 0, hot: 0 };
  };
  await bidStorm(client, a, tokens, 3, 0, 'ascending');
  await bidStorm(client, b, tokens, 3, 0, 'ascending');
  console.log(`load average ${loadAverage()}`);
  for (let round = 1; round <= ROUNDS; round++)
    for (const [name, lots] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const before = await updates();
      const end = meter();
      const phase = await bidStorm(client, lots, tokens, SECONDS, 0, 'ascending');
      const cpu = end(phase.accepted.length + phase.refused.length);
      const after = await updates();
      const all = after.all - before.all;
      console.log(
        `round ${round} ${name}: ${acceptedPerSecond(phase).toFixed(0)} accepted bids/s, ` +
          `${all} lot updates, ${(((after.hot - before.hot) / Math.max(1, all)) * 100).toFixed(1)} % HOT; ${formatShare(cpu)}`,
      );
    }
  client.close();
} finally {
  await bench.drop();
}
