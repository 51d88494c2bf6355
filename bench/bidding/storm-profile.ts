/**
 * One saturated bid storm on one lot (or on `--lots N`, spread as `bench/bidding` spreads them),
 * nothing else, with the server's CPU profile written to BENCH_CPU_PROF (default /tmp/chepai-prof):
 * where a bid's time goes. Sum it up with `npx tsx bench/support/profile-summary.ts <file>`.
 *
 *   npx tsx bench/bidding/storm-profile.ts [--db pg|pglite] [--lots N]
 *   (BENCH_BIDDERS=200, BENCH_SECONDS=10; BENCH_NODE_ARGS and BENCH_SERVER_LOG as in run.ts)
 */
import { parseArgs } from 'node:util';
import { bidStorm, LADDER_LOT, report } from '../support/bid-load';
import { BENCH_NODE_ARGS, benchDatabase } from '../support/bench-db';
import { jsonClient } from '../support/http-client';
import { loadAverage } from '../support/stats';

const { values: args } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, lots: { type: 'string', default: '1' } },
});
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const dir = process.env.BENCH_CPU_PROF ?? '/tmp/chepai-prof';

const bench = await benchDatabase(args.db === 'pg' ? 'pg' : 'pglite', 'chepai_bench_prof');
try {
  const lots = await bench.lots(Number(args.lots), {
    ...LADDER_LOT,
    end_time: new Date(Date.now() + 3600_000),
  });
  const tokens = (await bench.buyers(BIDDERS, lots)).map((b) => b.token);
  const server = await bench.start({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...BENCH_NODE_ARGS]);
  const client = jsonClient(server.url);
  await bidStorm(client, lots, tokens, lots.length > 1 ? 6 : 2, 0, 'ascending'); // warm-up
  console.log(`load average ${loadAverage()}`);
  report(
    `${bench.label}, ${lots.length} lot(s), ${BIDDERS} clients`,
    await bidStorm(client, lots, tokens, SECONDS, 0, 'ascending'),
  );
  client.close();
  await server.stop();
  console.log(`profile in ${dir}`);
} finally {
  await bench.drop();
}
