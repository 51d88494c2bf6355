/**
 * Bidding benchmark: N concurrent bidders over HTTP against a real server process, bidding on one
 * lot or spread over many. The headline puts the engine beside two ceilings measured with the same
 * client in the same run: a route that touches no database, and one `select 1` per request.
 *
 *   npx tsx bench/bidding/run.ts [--lots 1,10,100] [--db pg|pglite]
 *   (BENCH_DATABASE_URL, BENCH_BIDDERS=200, BENCH_SECONDS=10 (a phase below saturation),
 *   BENCH_ROUNDS=4 and BENCH_ROUND_SECONDS=4 (saturation; every second round in reverse order),
 *   BENCH_WARM_SECONDS=3 (each lot set's bidding before the rounds), BENCH_FLUSH_WATCH=1 (watch the
 *   WAL flush waits below saturation: costly, off by default), BENCH_SETUP_SQL (an experiment's
 *   schema change, run on the bench database before the server starts); BENCH_NODE_ARGS (flags for
 *   the server's node, e.g. `--max-semi-space-size=32`); BENCH_CPU_PROF=<dir> writes the server's V8
 *   CPU profile there, summed up by `npx tsx bench/support/profile-summary.ts <file>`)
 *
 * Saturation (no think time) in rounds: each round measures both ceilings and every lot count one
 * after another (every second round in reverse order), and the ratios are taken over the rounds and
 * per round. Then, for each lot count, half and a quarter of its saturated request rate (p50 / p99
 * below saturation); for the first lot count also a bidding war at the minimum. On PostgreSQL, the
 * phases below saturation can watch the WAL flush waits (`flush-stalls.ts`, BENCH_FLUSH_WATCH=1)
 * and say how many accepts one held. Every phase below saturation prints its CPU per request (the
 * bids' without the watcher's own). pgbench then runs the bare SQL of one bid: a secondary figure.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import {
  acceptedPerSecond,
  bidStorm,
  getCeiling,
  LADDER_LOT,
  mergePhases,
  type Phase,
  report,
  requestsPerSecond,
  slowWindows,
} from '../support/bid-load';
import { BENCH_NODE_ARGS, benchDatabase, SERVER_APP } from '../support/bench-db';
import { cpuMeter, formatShare, peakResidentMiB, type CpuShare } from '../support/cpu-meter';
import { stallShare, watchFlushStalls } from '../support/flush-stalls';
import { jsonClient } from '../support/http-client';
import { loadAverage, pct, sleep } from '../support/stats';

const { values: args } = parseArgs({
  options: { lots: { type: 'string', default: '1' }, db: { type: 'string', default: 'pg' } },
});
const LOT_COUNTS = (args.lots ?? '1').split(',').map(Number);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ROUND_SECONDS = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const WARM_SECONDS = Number(process.env.BENCH_WARM_SECONDS ?? 3);
/**
 * The WAL-flush watcher, on request only: its 100 reads of pg_stat_activity a second took about a
 * fifth of a core (docs/scaling.md, twenty-second session), in the very phases whose tail it explains.
 */
const FLUSH_WATCH = process.env.BENCH_FLUSH_WATCH === '1';
/**
 * A pause after each saturated bid phase: the scheduler catches up the listing copies of its lots
 * once they are quiet (500 ms, then at most 250 ms of catch-ups a 1-s tick), ~3 ms each; with 100
 * lots that ran into the next phase, and into its WAL.
 */
const SETTLE_MS = 3_000;

/** CPU per request in a phase below saturation: the bids', and the control's and floor's at its rate. */
interface BelowCpu {
  bid: CpuShare;
  control: CpuShare;
  floor: CpuShare;
}
/** All three processes' CPU per request, µs. */
const cpuOf = (s: CpuShare) => s.server + s.client + s.postgres;
/** The mean of phases' CPU shares, key by key. */
const meanShare = (shares: CpuShare[]): CpuShare => {
  const mean = (k: keyof CpuShare) => shares.reduce((a, x) => a + x[k], 0) / shares.length;
  return { server: mean('server'), client: mean('client'), postgres: mean('postgres'), busy: mean('busy') };
};
/** How long the WAL-flush watcher runs alone to measure its own CPU. */
const WATCHER_ALONE_MS = 3_000;

function pgbenchCeiling(url: string, lot: string, clients: number, seconds: number): number {
  const script = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bid-pgbench-')), 'bid.sql');
  fs.writeFileSync(
    script,
    `BEGIN;
SELECT lot_id FROM lot_live WHERE lot_id = ${lot} FOR UPDATE;
UPDATE lot_live SET current_price = current_price + 50000, bid_count = bid_count + 1, written_at = now() WHERE lot_id = ${lot} RETURNING bid_count AS seq, current_price AS amount \\gset
INSERT INTO bid (lot_id, seq, bidder_id, bidder_no, amount, created_at) VALUES (${lot}, :seq, NULL, '000000', :amount, now());
COMMIT;
`,
  );
  const out = execFileSync(
    'pgbench',
    ['-n', '-f', script, '-c', String(clients), '-j', '2', '-T', String(seconds), url],
    { encoding: 'utf8' },
  );
  return Number(/tps = ([\d.]+)/.exec(out)?.[1]);
}

async function main() {
  const bench = await benchDatabase(args.db === 'pglite' ? 'pglite' : 'pg', 'chepai_bench_bid');
  try {
    const lotSets: string[][] = [];
    for (const n of LOT_COUNTS)
      lotSets.push(await bench.lots(n, { ...LADDER_LOT, end_time: new Date(Date.now() + 3600_000) }));
    // An experiment's schema change (a dropped constraint, an index), applied before the server starts.
    if (process.env.BENCH_SETUP_SQL) await sql.raw(process.env.BENCH_SETUP_SQL).execute(bench.db());
    const ceilingLot = (
      await bench.lots(1, { ...LADDER_LOT, end_time: new Date(Date.now() + 3600_000) })
    )[0] as string;
    const tokens = (await bench.buyers(BIDDERS, [...lotSets.flat(), ceilingLot])).map((b) => b.token);
    const profDir = process.env.BENCH_CPU_PROF;
    const nodeArgs = [...BENCH_NODE_ARGS];
    if (profDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profDir}`);
    const server = await bench.start({}, nodeArgs);
    console.log(
      `${BIDDERS} bidders with deposits on every lot, lot counts ${LOT_COUNTS.join(', ')}, one server process on ${bench.label}, ${os.cpus().length} CPUs, load average ${loadAverage()}`,
    );
    const client = jsonClient(server.url);
    const meter = cpuMeter(server.pid);
    const cpu: Record<string, CpuShare[]> = {};
    /**
     * A phase's result and the CPU its requests cost. The meter starts once the phase has begun: a
     * phase first collects the client's garbage, synchronously, and that is not its requests' cost.
     */
    const measured = async <T>(phase: () => Promise<T>, count: (r: T) => number) => {
      const running = phase();
      const end = meter();
      const r = await running;
      return { r, share: end(count(r)) };
    };
    const metered = async <T>(name: string, phase: () => Promise<T>, count: (r: T) => number) => {
      const { r, share } = await measured(phase, count);
      (cpu[name] ??= []).push(share);
      return r;
    };
    const ceiling = (path: string) =>
      metered(
        path,
        () => getCeiling(client, path, BIDDERS, ROUND_SECONDS),
        (r) => r.requests,
      );
    // Warm-up, not measured: JIT, pool connections and session cache, and for every lot set what its
    // first seconds of bidding do once: the engine learns each lot under its lock (decision 035) and
    // each bidder's first outbid on a lot writes their notice, which later outbids update (decision
    // 044) — with 100 lots that is 20,000 new notices, most of a first 5-s round's work.
    await getCeiling(client, '/api/health', BIDDERS, 2);
    for (const lots of lotSets) await bidStorm(client, lots, tokens, WARM_SECONDS, 0, 'ascending');
    // WAL written by PostgreSQL over a stretch (its statistics lag up to a second: read after a pause).
    const walBytes = async () => {
      if (!bench.url) return NaN;
      await sleep(1100);
      const { rows } = await sql<{ b: string }>`select wal_bytes::text as b from pg_stat_wal`.execute(
        bench.db(),
      );
      return Number(rows[0]?.b);
    };
    // The server's connections to PostgreSQL opened since a phase began (a new backend is slow at first;
    // bench-db.ts names the server's connections).
    const connectionsOpened = async (since: Date) => {
      const { rows } = await sql<{ n: number; age: number | null }>`
        select count(*)::int as n, round(extract(epoch from min(backend_start) - ${since}) * 1000)::int as age
        from pg_stat_activity where application_name = ${SERVER_APP} and backend_start >= ${since}`.execute(
        bench.db(),
      );
      const { n = 0, age = null } = rows[0] ?? {};
      return `PostgreSQL connections opened during the phase: ${n}${n ? ` (the first ${age} ms after its start)` : ''}`;
    };
    const names = lotSets.map((lots) => `${lots.length} lot${lots.length > 1 ? 's' : ''}`);
    // The WAL-flush watcher reads pg_stat_activity 100 times a second during the bid phases below
    // saturation; its CPU (this process and PostgreSQL), measured alone, is taken out of a bid's there.
    const watcher =
      bench.url && FLUSH_WATCH
        ? await (async () => {
            const { share } = await measured(
              async () => {
                const watch = watchFlushStalls(bench.db());
                await sleep(WATCHER_ALONE_MS);
                await watch.stop();
              },
              () => WATCHER_ALONE_MS / 1000,
            );
            return { client: share.client, postgres: share.postgres };
          })()
        : null;
    if (watcher)
      console.log(
        `the flush watcher alone: client ${(watcher.client / 1000).toFixed(1)} ms, PostgreSQL ${(watcher.postgres / 1000).toFixed(1)} ms of CPU a second`,
      );
    const withoutWatcher = (s: CpuShare, requests: number, seconds: number): CpuShare => {
      if (!watcher) return s;
      const client = s.client - (watcher.client * seconds) / Math.max(1, requests);
      const postgres = s.postgres - (watcher.postgres * seconds) / Math.max(1, requests);
      const cores = os.cpus().length;
      const busy = s.busy - ((watcher.client + watcher.postgres) * 1e-6) / cores;
      return { ...s, client, postgres, busy };
    };

    // Saturation in rounds, each of the ceilings and every lot count one after another: the machine's
    // speed drifts over minutes on a shared host (the ceiling moved by up to 17 % between the start
    // and the end of one run), and in rounds that drift falls on every figure of a ratio alike.
    const live: Array<{ perSecond: number; requests: number }> = [];
    const health: Array<{ perSecond: number; requests: number }> = [];
    const saturated = names.map(() => [] as Phase[]);
    const wal = names.map(() => 0);
    const lotPhase = async (k: number) => {
      const walBefore = await walBytes();
      const phase = await metered(
        names[k] as string,
        () => bidStorm(client, lotSets[k] as string[], tokens, ROUND_SECONDS, 0, 'ascending'),
        (r) => r.accepted.length + r.refused.length,
      );
      (saturated[k] as Phase[]).push(phase);
      // What the phase left to do (the listing catch-ups of its lots, decision 006; held outbid
      // notices) is done before the next phase starts, and its WAL counted with this one.
      await sleep(SETTLE_MS);
      wal[k] = (wal[k] as number) + (await walBytes()) - walBefore;
    };
    const phasesOfRound = [
      async () => live.push(await ceiling('/api/health/live')),
      async () => health.push(await ceiling('/api/health')),
      ...lotSets.map((_, k) => () => lotPhase(k)),
    ];
    for (let round = 1; round <= ROUNDS; round++) {
      // Every second round runs its phases in reverse order (A B, B A, …): a drift of the machine's
      // speed over a round then favours each figure in one round as much as it costs it in the next.
      for (const phase of round % 2 ? phasesOfRound : [...phasesOfRound].reverse()) await phase();
      const h = health.at(-1)?.perSecond ?? NaN;
      const rates = saturated.map((phases) => acceptedPerSecond(phases.at(-1) as Phase));
      const first = rates[0] ?? NaN;
      console.log(
        `round ${round}: select 1 ${h.toFixed(0)} req/s; ` +
          names
            .map((name, k) => {
              const rate = rates[k] ?? NaN;
              return `${name} ${rate.toFixed(0)} bids/s = ${(rate / h).toFixed(2)} × select 1${k ? `, ${(rate / first).toFixed(2)} × ${names[0]}` : ''}`;
            })
            .join('; '),
      );
    }

    const results = [];
    for (const [k, lots] of lotSets.entries()) {
      const name = names[k] as string;
      const sat = mergePhases(saturated[k] as Phase[]);
      report(
        `${name}, saturation, ascending new highs (${BIDDERS} clients, no think time, ${ROUNDS} rounds)`,
        sat,
      );
      if (bench.url)
        console.log(
          `  WAL: ${((wal[k] as number) / sat.accepted.length / 1024).toFixed(2)} KiB per accepted bid`,
        );
      // p99 below saturation: the bids', and the control's at the same rate.
      const below: Record<
        number,
        { bids: number; control: number; floor: number; clear: number | null; cpu: BelowCpu }
      > = {};
      for (const share of [0.5, 0.25]) {
        const offered = requestsPerSecond(sat) * share;
        const thinkMs = (BIDDERS / offered) * 1000;
        // On PostgreSQL, which of the slow accepts waited on the disk's WAL flush (flush-stalls.ts).
        const watch = watcher ? watchFlushStalls(bench.db()) : null;
        const { r: phase, share: measuredCpu } = await measured(
          () => bidStorm(client, lots, tokens, SECONDS, thinkMs, 'ascending'),
          (r) => r.accepted.length + r.refused.length,
        );
        const bidCpu = withoutWatcher(
          measuredCpu,
          phase.accepted.length + phase.refused.length,
          phase.seconds,
        );
        const stalls = watch ? stallShare(phase, await watch.stop()) : null;
        report(
          `${name}, below saturation at ${share * 100}% (~${offered.toFixed(0)} requests/s offered)`,
          phase,
        );
        console.log(`  tail: ${slowWindows(phase)}`);
        if (stalls) console.log(`  ${stalls.text}`);
        if (bench.url) console.log(`  ${await connectionsOpened(phase.startedAt)}`);
        // At the same offered rate, with the same clients and pacing: the control, one `select 1` per
        // request, and the floor, a route that touches no database (the HTTP stack, the client, the
        // machine's pauses): a bid's p99 cannot be expected under it.
        const paced = async (label: string, path: string) => {
          const { r, share: cpuShare } = await measured(
            () => getCeiling(client, path, BIDDERS, SECONDS, thinkMs),
            (x) => x.requests,
          );
          console.log(
            `  ${label}, GET ${path} at the same offered rate: ${r.perSecond.toFixed(0)} requests/s, p99 ${r.p99.toFixed(1)} ms; ${formatShare(cpuShare)}`,
          );
          return { p99: r.p99, cpu: cpuShare };
        };
        console.log(`  bids: ${formatShare(bidCpu)}${watcher ? ", the flush watcher's own taken out" : ''}`);
        const control = await paced('control', '/api/health');
        const floor = await paced('floor', '/api/health/live');
        below[share] = {
          bids: pct(phase.accepted, 99),
          control: control.p99,
          floor: floor.p99,
          clear: stalls?.clearP99 ?? null,
          cpu: { bid: bidCpu, control: control.cpu, floor: floor.cpu },
        };
      }
      if (k === 0) {
        const war = await bidStorm(client, lots, tokens, SECONDS, 0, 'minimum');
        report(`${name}, saturation, bidding war at the minimum (${BIDDERS} clients)`, war);
      }
      results.push({
        name,
        rate: acceptedPerSecond(sat),
        rounds: (saturated[k] as Phase[]).map(acceptedPerSecond),
        at50: below[0.5],
        at25: below[0.25],
      });
    }
    client.close();
    // Read before it stops: the most it held at once over the whole run (decision 063).
    const peakMiB = peakResidentMiB(server.pid);
    await server.stop();
    // Over all rounds (requests ÷ seconds), and the range of the rounds' own ratios beside it.
    const rateOf = (xs: Array<{ perSecond: number; requests: number }>) =>
      xs.reduce((a, x) => a + x.requests, 0) / xs.reduce((a, x) => a + x.requests / x.perSecond, 0);
    const span = (xs: number[]) => `${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)}`;
    const healthRate = rateOf(health);
    // The p99 of the accepts that no WAL flush wait held, in the phases where one did.
    const clearOf = (...xs: Array<{ clear: number | null } | undefined>) =>
      xs.some((x) => x?.clear != null)
        ? `; without the accepts caught in a commit-flush wait: ${xs.map((x) => x?.clear?.toFixed(1) ?? 'none caught').join(' / ')} ms`
        : '';
    const first = results[0];
    console.log(
      `\nheadline (same server, same client, ${BIDDERS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s phases):`,
    );
    console.log(
      `  no-database ceiling (GET /api/health/live): ${rateOf(live).toFixed(0)} req/s (rounds ${live.map((x) => x.perSecond.toFixed(0)).join(', ')})`,
    );
    console.log(
      `  select 1 ceiling (GET /api/health): ${healthRate.toFixed(0)} req/s (rounds ${health.map((x) => x.perSecond.toFixed(0)).join(', ')})`,
    );
    for (const r of results) {
      const perRound = r.rounds.map((x, i) => x / (health[i]?.perSecond ?? NaN));
      const perFirst = r.rounds.map((x, i) => x / (first?.rounds[i] ?? NaN));
      console.log(
        `  ${r.name}: ${r.rate.toFixed(0)} accepted bids/s = ${(r.rate / healthRate).toFixed(2)} × select 1 (rounds ${span(perRound)}), ${(r.rate / rateOf(live)).toFixed(2)} × no database, ${(r.rate / (first?.rate ?? NaN)).toFixed(2)} × ${first?.name} (rounds ${span(perFirst)}); accept p99 ${r.at50?.bids.toFixed(1)} ms at 50 %, ${r.at25?.bids.toFixed(1)} ms at 25 % (select 1 at the same rates: ${r.at50?.control.toFixed(1)} / ${r.at25?.control.toFixed(1)} ms, no database ${r.at50?.floor.toFixed(1)} / ${r.at25?.floor.toFixed(1)} ms${clearOf(r.at50, r.at25)})`,
      );
    }
    // Below saturation a bid shares its transaction with few others (docs/scaling.md, twenty-second
    // session): what it then costs all three processes, beside a `select 1` at the same rate and a bid
    // at saturation.
    const saturatedCpu = (name: string) => cpuOf(meanShare(cpu[name] ?? []));
    for (const r of results) {
      const at = [r.at50?.cpu, r.at25?.cpu];
      const pair = (f: (c: BelowCpu) => number, digits = 0) =>
        at.map((c) => (c ? f(c).toFixed(digits) : '–')).join(' / ');
      console.log(
        `  ${r.name} below saturation, CPU per request at 50 % / 25 %: bid ${pair((c) => cpuOf(c.bid))} µs = ${pair((c) => cpuOf(c.bid) / cpuOf(c.control), 2)} × select 1 at the same rate, ${pair((c) => cpuOf(c.bid) / saturatedCpu(r.name), 2)} × a bid at saturation; all cores ${pair((c) => c.bid.busy * 100)} % busy (select 1 ${pair((c) => c.control.busy * 100)} %, no database ${pair((c) => c.floor.busy * 100)} %)`,
      );
    }
    for (const [name, shares] of Object.entries(cpu))
      console.log(`  ${name} at saturation, mean of ${shares.length}: ${formatShare(meanShare(shares))}`);
    console.log(
      '  targets: 1 lot ≥ 0.9 × select 1; 100 lots ≥ 0.8 × 1 lot; p99 ≤ 30 ms at 50 %, ≤ 15 ms at 25 %',
    );
    if (bench.url) {
      await sleep(500);
      // A bid updates its lot's live row (decision 065), and an outbid the displaced user's unread
      // notice (decision 044): both meant to be heap-only.
      const counts = await bench.updateCounts('lot_live', 'notice');
      for (const rel of ['lot_live', 'notice']) {
        const { all, hot } = counts.get(rel) ?? { all: 0, hot: 0 };
        console.log(
          `${rel} row updates: ${all}, of which HOT: ${hot} (${((hot / Math.max(1, all)) * 100).toFixed(1)} %)`,
        );
      }
      const ceiling = pgbenchCeiling(bench.url, ceilingLot, 50, SECONDS);
      console.log(
        `secondary: pgbench, bare SQL of one bid (50 clients, one lot): ${ceiling.toFixed(0)} tps; 1 lot ÷ pgbench ${((first?.rate ?? NaN) / ceiling).toFixed(2)}`,
      );
    }
    console.log(`server peak resident memory (VmHWM): ${peakMiB.toFixed(0)} MiB`);
    console.log(`load average after: ${loadAverage()}`);
  } finally {
    await bench.drop();
  }
}

await main();
