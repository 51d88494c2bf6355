/**
 * Bidding benchmark: one hot lot, N concurrent bidders over HTTP against a real server process on
 * the PostgreSQL server. Phase 1 saturates (no think time): accepted bids/s and accept latency.
 * Phases 2 and 3 offer half and a quarter of that rate: p50 / p99 below saturation. Then pgbench runs the bare SQL
 * of one bid (lock + update the lot, insert the bid) on the same server: the database's ceiling.
 *
 *   npx tsx bench/bidding/run.ts    (BENCH_DATABASE_URL, BENCH_BIDDERS=200, BENCH_SECONDS=10)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pino from 'pino';
import { createScratchDb, testEnv } from '../../apps/server/src/test/test-app';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../apps/server/src/test/bidding-fixture';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { jsonClient } from '../support/http-client';
import { pct, sleep } from '../support/stats';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

interface Phase {
  accepted: number[];
  refused: number[];
  seconds: number;
}

/**
 * `ascending`: every request carries a new, globally increasing amount (each is meant to be the new
 * high bid; refusals come only from requests overtaking each other) — the engine's accept ceiling.
 * `minimum`: every client bids the minimum it last heard of — a bidding war, nearly all refused.
 */
type Workload = 'ascending' | 'minimum';
let ladder = 0;

async function storm(
  client: ReturnType<typeof jsonClient>,
  lot: string,
  tokens: string[],
  seconds: number,
  thinkMs: number,
  workload: Workload,
): Promise<Phase> {
  const accepted: number[] = [];
  const refused: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    tokens.map(async (token, n) => {
      let next = 10_000 * 100;
      for (let i = 0; performance.now() < until; i++) {
        if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
        const amount =
          workload === 'ascending' ? 10_000 * 100 + ladder++ * 500 * 100 : next + ((n + i) % 3) * 500 * 100;
        const t0 = performance.now();
        const { body } = await client.post<{
          code: number;
          data: { minNextBid?: string; state?: { minNextBid: string } };
        }>(
          '/api/mall-auction/buyer/auc_order/bid',
          { orderId: lot, amount: (amount / 100).toFixed(2) },
          { authorization: token },
        );
        const took = performance.now() - t0;
        const min = body.data.state?.minNextBid ?? body.data.minNextBid;
        if (min) next = Math.round(Number(min) * 100);
        (body.code === 200 ? accepted : refused).push(took);
      }
    }),
  );
  return { accepted, refused, seconds: (performance.now() - started) / 1000 };
}

function pgbenchCeiling(url: string, lot: string, clients: number, seconds: number): number {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bid-pgbench-')), 'bid.sql');
  fs.writeFileSync(
    script,
    `BEGIN;
SELECT id FROM lot WHERE id = ${lot} FOR UPDATE;
UPDATE lot SET current_price = current_price + 50000, bid_count = bid_count + 1, updated_at = now() WHERE id = ${lot} RETURNING bid_count AS seq, current_price AS amount \\gset
INSERT INTO bid (lot_id, seq, bidder_id, bidder_no, amount, created_at) VALUES (${lot}, :seq, NULL, '000000', :amount, now());
COMMIT;
`,
  );
  const out = execFileSync(
    'pgbench',
    ['-n', '-f', script, '-c', String(clients), '-j', '2', '-T', String(seconds), url],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  return Number(tps);
}

function report(label: string, p: Phase) {
  const all = [...p.accepted, ...p.refused];
  console.log(
    `${label}: ${(p.accepted.length / p.seconds).toFixed(0)} accepted bids/s, ${(all.length / p.seconds).toFixed(0)} bid requests/s ` +
      `(${p.refused.length} refused as outbid/stale); accept latency p50 ${pct(p.accepted, 50).toFixed(1)} ms, p99 ${pct(p.accepted, 99).toFixed(1)} ms; ` +
      `all requests p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms`,
  );
}

async function main() {
  const { dbh, url, drop } = await createScratchDb(SERVER, 'chepai_bench_bid', 10);
  const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  let server: Awaited<ReturnType<typeof startServerProcess>> | null = null;
  try {
    const lot = await makeLot(
      { ctx },
      { end_time: new Date(Date.now() + 3600_000), extend_window_sec: 60, extend_step_sec: 60 },
    );
    const ceilingLot = await makeLot({ ctx }, { end_time: new Date(Date.now() + 3600_000) });
    server = await startServerProcess(url, { NODE_ENV: 'production', LOG_LEVEL: 'error' });
    const tokens: string[] = [];
    for (let i = 0; i < BIDDERS; i++) {
      const b = await makeBuyer({ ctx });
      tokens.push(b.token);
    }
    // Deposits straight into the ledger (the payment flow is not what is measured here).
    const users = await dbh.db.selectFrom('app_user').select('id').execute();
    await freezeDepositsDirectly(
      { ctx },
      lot,
      users.map((u) => u.id),
      'BENCH',
      100_000,
    );
    console.log(
      `hot lot ${lot}, ${BIDDERS} bidders with deposits, server process on PostgreSQL ${new URL(url).pathname.slice(1)}, ${os.cpus().length} CPUs`,
    );

    const client = jsonClient(server.url);
    const saturated = await storm(client, lot, tokens, SECONDS, 0, 'ascending');
    report(`saturation, ascending new highs (${BIDDERS} clients, no think time)`, saturated);
    // Below saturation: the same clients with think time, offering half and a quarter of the saturated request rate.
    for (const share of [0.5, 0.25]) {
      const offered = ((saturated.accepted.length + saturated.refused.length) / saturated.seconds) * share;
      const below = await storm(client, lot, tokens, SECONDS, (BIDDERS / offered) * 1000, 'ascending');
      report(
        `below saturation at ${share * 100}%, ascending (~${offered.toFixed(0)} requests/s offered)`,
        below,
      );
    }
    const war = await storm(client, lot, tokens, SECONDS, 0, 'minimum');
    report(`saturation, bidding war at the minimum (${BIDDERS} clients)`, war);
    client.close();
    // The server's backends report their table statistics when they exit.
    await server.stop();
    server = null;
    await sleep(500);
    const stats = await sql<{
      upd: string;
      hot: string;
    }>`select n_tup_upd as upd, n_tup_hot_upd as hot from pg_stat_user_tables where relname = 'lot'`.execute(
      dbh.db,
    );
    const { upd, hot } = stats.rows[0] ?? { upd: '0', hot: '0' };
    console.log(
      `lot row updates: ${upd}, of which HOT (no index touched): ${hot} (${((Number(hot) / Math.max(1, Number(upd))) * 100).toFixed(1)} %)`,
    );

    const ceiling = pgbenchCeiling(url, ceilingLot, 50, SECONDS);
    const ours = saturated.accepted.length / saturated.seconds;
    const txs = (saturated.accepted.length + saturated.refused.length) / saturated.seconds;
    console.log(`pgbench ceiling (bare SQL of one bid, 50 clients, one lot): ${ceiling.toFixed(0)} tps`);
    console.log(
      `ours ÷ ceiling: accepted bids ${(ours / ceiling).toFixed(2)}, bid transactions ${(txs / ceiling).toFixed(2)} (target ≥ 0.5)`,
    );
    const bids = await dbh.db
      .selectFrom('bid')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    console.log(`bids stored on the hot lot: ${bids.n}`);
  } finally {
    await server?.stop();
    await drop();
  }
}

await main();
