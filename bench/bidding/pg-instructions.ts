/**
 * PostgreSQL's instructions per accepted bid, counted by callgrind: a measure of the database's work
 * that the machine's speed and load do not move, for changes too small for `bench/bidding`'s
 * throughput rounds to tell apart (their A/A spread is ±15 %; docs/scaling.md).
 *
 * The engine runs in this process (the bid service, as the server wires it) against a PostgreSQL
 * server started under `valgrind --tool=callgrind --trace-children=yes`, in batches of a fixed shape
 * (every bid of a batch submitted in one turn of the event loop forms one batch: decision 029):
 *
 * - one lot: batches of 64 bids, 64 different bidders each, as a hot lot's batches are at saturation;
 * - N lots: batches of 40 bids on 40 different lots, each lot's bids from eight bidders in turn, as
 *   `bench/bidding`'s 100-lot batches are (about 40 bids over 36 lots), every outbid updating the
 *   displaced bidder's unread notice of the lot in the batch's statement;
 * - `--size N`: batches of N bids for every lot count (`--size 1`: a statement's fixed cost, as
 *   below saturation, where a batch holds a bid or two).
 *
 * Callgrind writes a process's count when it exits, so each measurement runs a fresh engine on
 * connections of its own (pool, pipelined connection, listener) and closes them: once with its
 * warm-up only (every lot's first batch takes the locked path and fills the engine's cache), once
 * with the warm-up and `--batches` batches, once more with the warm-up only; the full run less the
 * mean of the two others, over the bids accepted, is a bid's count (the two baselines' difference is
 * printed as its spread). The WAL writer and the other background processes are not counted. Outbid
 * notices of one lot: the window (decision 046) is held open for the run and drained at its end, so a
 * pair's later outbids are written once, as a one-second window writes them at a hot lot's rate. The
 * `select 1` line is the pool's round trip, the health route's query, for scale: it counts the
 * backend's user-space instructions only, so it is not the share of the CPU it takes (the kernel's
 * part of a round trip is large). Counters are not zeroed in running processes with
 * `callgrind_control`: that stops a process blocked in a system call, and PostgreSQL's background
 * processes exited on it.
 *
 *   # a throwaway cluster (postgres refuses to run as root):
 *   su postgres -c "initdb -D /tmp/pgcg/data -A trust -U postgres"
 *   su postgres -c "valgrind --tool=callgrind --trace-children=yes --callgrind-out-file=/tmp/pgcg/cg.%p \
 *     postgres -D /tmp/pgcg/data -p 5499 -k /tmp/pgcg -c autovacuum=off -c fsync=off &"
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5499/postgres BENCH_CALLGRIND_DIR=/tmp/pgcg \
 *     npx tsx bench/bidding/pg-instructions.ts [--lots 1,100] [--batches 20] [--size 1]
 *
 * BENCH_DATABASE_URL must name the server run under callgrind (a run that finds no dump refuses to
 * print figures); one run at a time, since every backend that exits there is counted. BENCH_B_SETUP_SQL: SQL run on the database before the lots are made (a schema
 * variant to compare). Where the instructions go: `callgrind_annotate --inclusive=yes <file>` on the
 * largest `cg.<pid>` of a full run (the pipelined connection, which sends the batch statements).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pino from 'pino';
import type { AppContext } from '../../apps/server/src/context';
import { openDb } from '../../apps/server/src/db/client';
import { biddingService } from '../../apps/server/src/modules/bidding/bidding.service';
import { listingKeys } from '../../apps/server/src/modules/bidding/listing-keys';
import type { BusEvent } from '../../apps/server/src/modules/bidding/live-events';
import { createDbLiveBus } from '../../apps/server/src/platform/live/live-bus';
import { paymentsFor } from '../../apps/server/src/platform/payments/payments';
import { testEnv } from '../../apps/server/src/test/test-app';
import { benchDatabase } from '../support/bench-db';
import { LADDER_LOT } from '../support/bid-load';

const { values: args } = parseArgs({
  options: {
    lots: { type: 'string', default: '1,100' },
    batches: { type: 'string', default: '20' },
    size: { type: 'string' },
  },
});
const DUMPS = process.env.BENCH_CALLGRIND_DIR ?? '/tmp/pgcg';
const BIDDERS = 200;
const BATCHES = Number(args.batches);
const lotCounts = args.lots.split(',').map(Number);
/** A batch's bids: a hot lot's batch at saturation, and `bench/bidding`'s 100-lot batch. */
const batchSize = (lots: number) => (args.size ? Number(args.size) : lots === 1 ? 64 : 40);

/**
 * The instructions of the PostgreSQL backends that exited since `mark` (callgrind writes a process's
 * counts when it exits). Counters are not zeroed or dumped in running processes: `callgrind_control`
 * stops a process blocked in a system call, and PostgreSQL's background processes exited on it.
 */
async function exitedSince(mark: number, expected = true) {
  // A backend exits, and is written, shortly after its connection closes.
  await new Promise((r) => setTimeout(r, 3000));
  let total = 0;
  let dumps = 0;
  for (const name of fs.readdirSync(DUMPS)) {
    const file = path.join(DUMPS, name);
    if (!/^cg\.\d+$/.test(name) || fs.statSync(file).mtimeMs < mark) continue;
    const m = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(file, 'utf8'));
    if (!m) continue;
    total += Number(m[1]);
    dumps++;
  }
  if (!dumps && expected)
    throw new Error(
      `no callgrind dump in ${DUMPS} since the run began: is BENCH_DATABASE_URL the server run under callgrind?`,
    );
  return total;
}

const bench = await benchDatabase('pg', 'chepai_bench_instr', 4);
const url = bench.url as string;
const log = pino({ level: 'silent' });

/**
 * The engine as a server process wires it, on connections of its own (pool, pipelined connection,
 * listener), closed at the end so that their backends exit and are counted. The set-up's connections
 * stay open until the end: their backends are never counted.
 */
async function engine(outbidWindowMs: number) {
  const dbh = await openDb({ databaseUrl: url, poolSize: 4 });
  const env = testEnv({ OUTBID_NOTICE_WINDOW_MS: String(outbidWindowMs) });
  const ctx: AppContext = { env, dbh, log, now: () => new Date() };
  const bus = createDbLiveBus<BusEvent>(dbh, { load: async () => [] });
  await bus.start();
  const service = biddingService(ctx, paymentsFor(ctx), bus, listingKeys(dbh.db));
  return {
    service,
    async close() {
      await service.drainOutbids();
      await bus.stop();
      await dbh.close();
    },
  };
}

try {
  if (process.env.BENCH_B_SETUP_SQL) await sql.raw(process.env.BENCH_B_SETUP_SQL).execute(bench.db());
  const allLots = await bench.lots(Math.max(...lotCounts), {
    ...LADDER_LOT,
    end_time: new Date(Date.now() + 6 * 3600_000),
  });
  const buyers = (await bench.buyers(BIDDERS, allLots)).map((b) => b.id);

  const rung = new Map<string, number>();
  const visits = new Map<string, number>();
  type Service = Awaited<ReturnType<typeof engine>>['service'];
  /**
   * One batch: `size` bids, bid `k` on lot `37 (first + k) mod lots`, each lot's bidders in turn. The
   * stride spreads a batch's lots over the table as `bench/bidding`'s clients do: lots made one after
   * another share a heap page (about three to a page), and a page has room for only two new versions
   * of its lots between prunes, so a batch of neighbours made a third of its lot updates non-HOT, each
   * inserting into all of the table's indexes, its two GIN among them — about 40 % of PostgreSQL's
   * work a bid, where `bench/bidding`'s storms write 99 % of theirs HOT (docs/scaling.md,
   * twenty-seventh session). The share is printed.
   */
  async function batch(service: Service, lots: string[], first: number, size: number) {
    const calls = Array.from({ length: size }, (_, k) => {
      const index = ((first + k) * 37) % lots.length;
      const orderId = lots[index] as string;
      const v = visits.get(orderId) ?? 0;
      visits.set(orderId, v + 1);
      const r = rung.get(orderId) ?? 0;
      rung.set(orderId, r + 1);
      // One lot: 64 different bidders a batch, all 200 in turn. Several lots: eight bidders a lot in
      // turn, so that a pair's outbid notice exists (unread) after the first run and later outbids
      // update it, as in `bench/bidding`'s 100-lot phases, where every pair is outbid again and again.
      const buyerId = buyers[
        lots.length === 1 ? (v * 37 + index) % BIDDERS : ((v % 8) * 25 + index) % BIDDERS
      ] as string;
      return service.placeBid({
        buyerId,
        orderId,
        amount: LADDER_LOT.start_price + r * LADDER_LOT.increment,
      });
    });
    const settled = await Promise.allSettled(calls);
    return settled.filter((x) => x.status === 'fulfilled' && x.value.result === 'accepted').length;
  }

  /**
   * The instructions of a fresh engine's connections over `n` batches after its warm-up (every lot's
   * first batch takes the locked path and fills the engine's cache): measured with `n` = 0 and with
   * `BATCHES`, the difference is the batches'.
   */
  async function run(lots: string[], n: number) {
    const mark = Date.now();
    const size = batchSize(lots.length);
    // One lot: a pair's later outbids held and written once (a one-second window at a hot lot's rate);
    // several lots: every outbid written by its batch (`bench/bidding` outbids a pair of its 100 lots
    // once in 6–7 s, past the window).
    const e = await engine(lots.length === 1 ? 3600_000 : 0);
    const warm = Math.max(3, Math.ceil(lots.length / size) * 2);
    let first = 0;
    for (let i = 0; i < warm; i++, first += size) await batch(e.service, lots, first, size);
    let accepted = 0;
    for (let i = 0; i < n; i++, first += size) accepted += await batch(e.service, lots, first, size);
    await e.close();
    return { accepted, instructions: await exitedSince(mark) };
  }

  const lotUpdates = async () => (await bench.updateCounts('lot_live')).get('lot_live') ?? { all: 0, hot: 0 };

  async function shape(count: number) {
    const lots = allLots.slice(0, count);
    const before = await lotUpdates();
    // Once unmeasured, so that every pair's notice exists and the lots are past their first bids.
    await run(lots, BATCHES);
    const base = await run(lots, 0);
    const full = await run(lots, BATCHES);
    const base2 = await run(lots, 0);
    const perBid = (full.instructions - (base.instructions + base2.instructions) / 2) / full.accepted;
    const after = await lotUpdates();
    return {
      accepted: full.accepted,
      perBid,
      hot: (after.hot - before.hot) / Math.max(1, after.all - before.all),
      spread: Math.abs(base.instructions - base2.instructions) / full.accepted,
    };
  }

  const ROUND_TRIPS = 500;
  async function selects(n: number) {
    const mark = Date.now();
    const dbh = await openDb({ databaseUrl: url, poolSize: 1 });
    for (let i = 0; i < n; i++) await sql`select 1`.execute(dbh.db);
    await dbh.close();
    // With no query the pool opens no connection: nothing to count.
    return exitedSince(mark, n > 0);
  }
  const perSelect = ((await selects(ROUND_TRIPS)) - (await selects(0))) / ROUND_TRIPS;
  console.log(`select 1 through the pool: ${(perSelect / 1000).toFixed(1)} k instructions a round trip`);
  for (const count of lotCounts) {
    const r = await shape(count);
    console.log(
      `${count} lot(s), ${BATCHES} batches of ${batchSize(count)}: ${r.accepted} accepted, ` +
        `${(r.perBid / 1000).toFixed(1)} k instructions a bid (± ${(r.spread / 1000).toFixed(1)} k between the baselines) ` +
        `= ${(r.perBid / perSelect).toFixed(2)} × select 1; ${(r.hot * 100).toFixed(1)} % of its lot updates HOT`,
    );
  }
} finally {
  await bench.drop();
}
