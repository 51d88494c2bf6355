/**
 * One saturated bid storm on one lot, nothing else, with the server's CPU profile written to
 * BENCH_CPU_PROF (default /tmp/chepai-prof): where a bid's time goes. Sum it up with
 * `npx tsx bench/support/profile-summary.ts <file>`.
 *
 *   npx tsx bench/bidding/storm-profile.ts [--db pg|pglite]   (BENCH_BIDDERS=200, BENCH_SECONDS=10)
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { bidStorm, LADDER_LOT, report } from '../support/bid-load';
import { benchDatabase } from '../support/bench-db';
import { jsonClient } from '../support/http-client';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'pglite' } } });
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const dir = process.env.BENCH_CPU_PROF ?? '/tmp/chepai-prof';

const bench = await benchDatabase(args.db === 'pg' ? 'pg' : 'pglite', 'chepai_bench_prof');
try {
  const [lot] = await bench.lots(1, { ...LADDER_LOT, end_time: new Date(Date.now() + 3600_000) });
  const tokens = (await bench.buyers(BIDDERS, [lot as string])).map((b) => b.token);
  const server = await bench.start({}, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const client = jsonClient(server.url);
  await bidStorm(client, [lot as string], tokens, 2, 0, 'ascending'); // warm-up
  console.log(
    `load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  report(
    `${bench.label}, 1 lot, ${BIDDERS} clients`,
    await bidStorm(client, [lot as string], tokens, SECONDS, 0, 'ascending'),
  );
  client.close();
  await server.stop();
  console.log(`profile in ${dir}`);
} finally {
  await bench.drop();
}
