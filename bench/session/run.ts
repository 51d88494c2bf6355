/**
 * A closing auction session: 100 lots whose ends fall within 2 minutes, 200 bidders sniping in each
 * lot's last minute (anti-sniping extensions included), 2,000 WebSocket watchers (in two client
 * processes of their own, watchers.ts, apart from the bidders'), two server processes on one
 * PostgreSQL database. Prints accepted bids/s, accept p99, bid → watcher p99, the close → deposits
 * settled times, and the number of invariant violations (must be 0).
 *
 *   npx tsx bench/session/run.ts   (BENCH_DATABASE_URL, BENCH_LOTS=100, BENCH_BIDDERS=200,
 *                                   BENCH_WATCHERS=2000, BENCH_SPREAD_S=120, BENCH_ROUTE=lot)
 *
 * BENCH_ROUTE: `lot` (every bid on a lot goes to one process, as the proxy of docs/deploy.md routes
 * it by the lot in the bid's address) or `bidder` (each bidder talks to one process, as a
 * round-robin proxy with keep-alive would have it: both processes bid on every lot).
 */
import os from 'node:os';
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { setLotEnd } from '../../apps/server/src/test/bidding-fixture';
import { benchDatabase } from '../support/bench-db';
import { peakResidentMiB } from '../support/cpu-meter';
import { jsonClient } from '../support/http-client';
import { checkSession } from './invariants';
import { sniper, type Acked, type Known } from './sniper';
import { pct, sleep } from '../support/stats';

const LOTS = Number(process.env.BENCH_LOTS ?? 100);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2000);
const SPREAD_MS = Number(process.env.BENCH_SPREAD_S ?? 120) * 1000;
/** Once everyone is connected, the first lot ends after this: a full last minute for it too. */
const LEAD_MS = 65_000;
const WINDOW_S = 20;
const ROUTE = process.env.BENCH_ROUTE === 'bidder' ? 'bidder' : 'lot';

const avg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const children: ChildProcess[] = [];

/** A process of watchers (watchers.ts): `ready` once each has its snapshot; `report()` ends it with what they saw. */
function watcherProcess(watch: { lots: string[]; bases: string[]; from: number; count: number }) {
  const child = fork(fileURLToPath(new URL('./watchers.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
  });
  children.push(child);
  // The answers awaited, by the field that marks them; a watcher's error is printed whenever it comes.
  const waiting = new Map<string, { resolve: (msg: unknown) => void; reject: (err: Error) => void }>();
  child.on('message', (msg: Record<string, unknown>) => {
    if (typeof msg.error === 'string') console.log(msg.error);
    for (const [field, wait] of waiting)
      if (field in msg) {
        waiting.delete(field);
        wait.resolve(msg);
      }
  });
  child.on('exit', (code) => {
    for (const wait of waiting.values())
      wait.reject(new Error(`a watcher process ended early (exit ${code})`));
    waiting.clear();
  });
  const answer = <T>(field: string) =>
    new Promise<T>((resolve, reject) => waiting.set(field, { resolve: (msg) => resolve(msg as T), reject }));
  const ready = answer<{ ready: number }>('ready');
  child.send({ watch });
  return {
    ready,
    report() {
      const seen = answer<{ delivery: number[]; closedSeen: Record<string, number> }>('delivery');
      child.send('report');
      return seen;
    },
  };
}

async function main() {
  const bench = await benchDatabase('pg', 'chepai_bench_session', 10);
  try {
    const lots = await bench.lots(LOTS, {
      end_time: new Date(Date.now() + 3600_000),
      extend_window_sec: WINDOW_S,
      extend_step_sec: WINDOW_S,
    });
    const buyers = await bench.buyers(BIDDERS, lots);
    // Warnings on: a scheduler job that held its round over a second says so (the close waits behind it).
    // The sandbox payment company, stated as production requires, takes the deposit refunds.
    const env = { LOG_LEVEL: 'warn', PAYMENT_PROVIDER: 'sandbox' };
    const [a, b] = await Promise.all([bench.start(env), bench.start(env)]);
    const bases = [a.url, b.url];
    console.log(
      `${LOTS} lots ending over ${SPREAD_MS / 1000} s (anti-sniping ${WINDOW_S} s / ${WINDOW_S} s), ${BIDDERS} bidders with deposits on every lot, ${WATCHERS} watchers, 2 server processes, bids routed by ${ROUTE}; load average ${avg()}`,
    );

    // Watchers: 20 per lot, alternating server processes, in two client processes of their own
    // (watchers.ts). Latency = arrival − the bid's server time.
    const half = Math.ceil(WATCHERS / 2);
    const watcherProcs = [0, 1].map((k) =>
      watcherProcess({ lots, bases, from: k * half, count: k ? WATCHERS - half : half }),
    );
    await Promise.all(watcherProcs.map((w) => w.ready));
    // The session's schedule starts now that everyone is in: ends spread evenly over SPREAD_MS.
    const t0 = Date.now() + LEAD_MS;
    const initialEnds = new Map<string, number>();
    for (const [i, lot] of lots.entries()) {
      const end = new Date(t0 + Math.round((i * SPREAD_MS) / Math.max(1, LOTS - 1)));
      await setLotEnd(bench.db(), lot, end);
      initialEnds.set(lot, end.getTime());
    }
    console.log(
      `${WATCHERS} watchers have their snapshots; first end in ${((t0 - Date.now()) / 1000).toFixed(0)} s`,
    );

    const known = new Map<string, Known>(
      lots.map((id) => [id, { end: initialEnds.get(id) ?? 0, min: 1_000_000, closed: false, leader: null }]),
    );
    const acked: Acked[] = [];
    const accepted: number[] = [];
    const acceptedSentAt: number[] = [];
    let refused = 0;
    const clients = bases.map((base) => jsonClient(base));
    // Bidding stops here even if extensions keep lots open (the bench must end): 8 minutes after the first end.
    const deadline = t0 + SPREAD_MS + 360_000;
    const started = Date.now();
    let firstBid = 0;
    let lastBid = 0;
    await Promise.all(
      buyers.map((buyer, n) =>
        sniper({
          client: (lot) =>
            clients[ROUTE === 'lot' ? lots.indexOf(lot) % 2 : n % 2] as ReturnType<typeof jsonClient>,
          token: buyer.token,
          buyerId: buyer.id,
          known,
          deadline,
          onAnswer: (ok, took, ack) => {
            lastBid = Date.now();
            firstBid ||= lastBid;
            if (ok && ack) {
              accepted.push(took);
              acceptedSentAt.push(lastBid - took);
              acked.push(ack);
            } else refused++;
          },
        }),
      ),
    );
    const bidSeconds = Math.max(1, (lastBid - firstBid) / 1000);
    // Every lot closes once (the scheduler of either process), settling its deposits in the same transaction.
    // The last bid can still extend its lot by one step; then the close has a minute to settle everything.
    const settled = await waitSettled(bench.db(), lots, Date.now() + WINDOW_S * 1000 + 60_000);
    // The losers' deposits leave through the payment company: sent by the settlement-transfers job
    // of either process, confirmed by the company's notice. Waited for up to 5 minutes.
    const refunds = await waitRefunded(bench.db(), lots, Date.now() + 300_000);
    await sleep(2000);
    for (const c of clients) c.close();
    const delivery: number[] = [];
    const closedSeen = new Map<string, number>();
    for (const seen of await Promise.all(watcherProcs.map((w) => w.report()))) {
      for (const ms of seen.delivery) delivery.push(ms);
      for (const [lot, n] of Object.entries(seen.closedSeen))
        closedSeen.set(lot, (closedSeen.get(lot) ?? 0) + n);
    }
    const report = await checkSession(bench.db(), initialEnds, acked, closedSeen, WATCHERS / LOTS);
    console.log(
      `bidding from ${((firstBid - started) / 1000).toFixed(0)} s to ${((lastBid - started) / 1000).toFixed(0)} s: ${acked.length} accepted bids, ${refused} refused; ${(acked.length / bidSeconds).toFixed(0)} accepted bids/s on average over ${bidSeconds.toFixed(0)} s, peak ${report.peakPerSecond} in one second`,
    );
    console.log(
      `accept latency p50 ${pct(accepted, 50).toFixed(1)} ms, p99 ${pct(accepted, 99).toFixed(1)} ms`,
    );
    console.log(await slowSeconds(bench.db(), lots, accepted, acceptedSentAt));
    console.log(
      `bid (server time) → watcher: ${delivery.length} deliveries, p50 ${pct(delivery, 50).toFixed(0)} ms, p99 ${pct(delivery, 99).toFixed(0)} ms, max ${pct(delivery, 100).toFixed(0)} ms`,
    );
    console.log(
      `extensions: ${report.extensions}; lots sold ${report.sold}, unsold ${report.unsold}; close after the end in force: p50 ${pct(report.closeLag, 50).toFixed(0)} ms, p99 ${pct(report.closeLag, 99).toFixed(0)} ms, max ${pct(report.closeLag, 100).toFixed(0)} ms`,
    );
    console.log(
      `close → all deposits settled: every deposit of the session settled ${settled === null ? 'NOT by the deadline' : `${((settled - report.lastEnd) / 1000).toFixed(1)} s after the last end in force`} (${report.movements} deposit movements)`,
    );
    console.log(
      `deposit refunds confirmed by the company: ${refunds.done} of ${refunds.total}${refunds.at === null ? ' (NOT all within 5 minutes)' : `, the last ${((refunds.at - report.lastEnd) / 1000).toFixed(1)} s after the last end in force`}`,
    );
    console.log(
      `invariant violations: ${report.violations.length}${report.violations.length ? `\n  ${report.violations.slice(0, 20).join('\n  ')}` : ''}`,
    );
    const slow = [a, b].flatMap((s, i) => slowJobs(s.output()).map((j) => `process ${i + 1}: ${j}`));
    console.log(`scheduler jobs over 1 s: ${slow.length ? `\n  ${slow.join('\n  ')}` : 'none'}`);
    console.log(
      `server peak resident memory (VmHWM): ${[a, b].map((s) => `${peakResidentMiB(s.pid).toFixed(0)} MiB`).join(', ')}`,
    );
    console.log(`load average after: ${avg()}`);
  } finally {
    for (const child of children) child.kill();
    await bench.drop();
  }
}

/**
 * Where the slowest 1 % of accepts were sent: the seconds holding most of them, each with the
 * accepts sent in it and the lots whose close committed within a second of it (a close holds its
 * lot's row; the question is whether the tail follows the closes).
 */
async function slowSeconds(
  db: ReturnType<Awaited<ReturnType<typeof benchDatabase>>['db']>,
  lots: string[],
  took: number[],
  sentAt: number[],
) {
  const p99 = pct(took, 99);
  const slow = new Map<number, number>();
  const all = new Map<number, number>();
  took.forEach((ms, i) => {
    const second = Math.floor((sentAt[i] ?? 0) / 1000);
    all.set(second, (all.get(second) ?? 0) + 1);
    if (ms > p99) slow.set(second, (slow.get(second) ?? 0) + 1);
  });
  const closes = (
    await db
      .selectFrom('lot')
      .select('closed_at')
      .where('id', 'in', lots)
      .where('closed_at', 'is not', null)
      .execute()
  ).map((r) => Math.floor(new Date(r.closed_at as Date).getTime() / 1000));
  const worst = [...slow].sort((a, b) => b[1] - a[1]).slice(0, 5);
  const lines = worst.map(([second, n]) => {
    const near = closes.filter((c) => Math.abs(c - second) <= 1).length;
    return `${new Date(second * 1000).toISOString().slice(11, 19)} UTC: ${n} of ${all.get(second) ?? 0} accepts over the p99, ${near} closes within 1 s`;
  });
  return `slowest 1 % of accepts (over ${p99.toFixed(0)} ms) in ${slow.size} seconds; the fullest:\n  ${lines.join('\n  ')}`;
}

/** The server's 'scheduled job slow' warnings (pino JSON lines), as `job ms (handled)`. */
function slowJobs(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('scheduled job slow'))
    .map((line) => {
      const { job, ms, handled } = JSON.parse(line) as { job: string; ms: number; handled: number };
      return `${job} ${ms} ms (${handled} handled)`;
    });
}

/** Polls until no deposit of the session's lots is frozen; the time it happened, or null. */
async function waitSettled(
  db: ReturnType<Awaited<ReturnType<typeof benchDatabase>>['db']>,
  lots: string[],
  deadline: number,
) {
  while (Date.now() < deadline) {
    const row = await db
      .selectFrom('deposit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('lot_id', 'in', lots)
      .where('state', '=', 'frozen')
      .executeTakeFirstOrThrow();
    if (Number(row.n) === 0) return Date.now();
    await sleep(100);
  }
  return null;
}

/** Polls until every refund of the session's lots is done; how many are, and when the last was (or null). */
async function waitRefunded(
  db: ReturnType<Awaited<ReturnType<typeof benchDatabase>>['db']>,
  lots: string[],
  deadline: number,
) {
  for (;;) {
    const row = await db
      .selectFrom('refund')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.count<string>('refund_no').filterWhere('status', '=', 'done').as('done'),
      ])
      .where('lot_id', 'in', lots)
      .executeTakeFirstOrThrow();
    const [total, done] = [Number(row.total), Number(row.done)];
    if (done === total) return { total, done, at: Date.now() as number | null };
    if (Date.now() > deadline) return { total, done, at: null };
    await sleep(500);
  }
}

await main();
