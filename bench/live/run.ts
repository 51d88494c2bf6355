/**
 * Live fan-out benchmark: N WebSocket watchers (default 2,000) split over two server processes on
 * the PostgreSQL server watch one lot; bids are placed through process A at a steady rate. For
 * every bid and every watcher: time from the bid request leaving the client to the bid.placed
 * message arriving at the watcher. Prints p50 / p99 / max.
 *
 *   npx tsx bench/live/run.ts    (BENCH_DATABASE_URL, BENCH_WATCHERS=2000, BENCH_BIDS=40, BENCH_BID_INTERVAL_MS=250)
 */
import pino from 'pino';
import WebSocket from 'ws';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../apps/server/src/test/bidding-fixture';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { createScratchDb, testEnv } from '../../apps/server/src/test/test-app';
import { pct, sleep } from '../support/stats';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 2000);
const BIDS = Number(process.env.BENCH_BIDS ?? 40);
const INTERVAL = Number(process.env.BENCH_BID_INTERVAL_MS ?? 250);

async function main() {
  const { dbh, url, drop } = await createScratchDb(SERVER, 'chepai_bench_live', 4);
  const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  const servers: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  const sockets: WebSocket[] = [];
  try {
    const lot = await makeLot({ ctx }, { end_time: new Date(Date.now() + 3600_000) });
    const bidders = [await makeBuyer({ ctx }), await makeBuyer({ ctx })];
    await freezeDepositsDirectly(
      { ctx },
      lot,
      bidders.map((b) => b.id),
      'LIVE',
      200_000,
    );
    servers.push(
      ...(await Promise.all([
        startServerProcess(url, { NODE_ENV: 'production', LOG_LEVEL: 'error' }),
        startServerProcess(url, { NODE_ENV: 'production', LOG_LEVEL: 'error' }),
      ])),
    );
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];

    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let received = 0;
    let watching = 0;
    for (let i = 0; i < WATCHERS; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live/lots/${lot}`);
      ws.on('message', (data: Buffer) => {
        const e = JSON.parse(data.toString()) as { type: string; seq: number };
        if (e.type === 'lot.snapshot') watching++;
        if (e.type !== 'bid.placed') return;
        const t0 = sentAt.get(e.seq);
        if (t0 !== undefined) latencies.push(performance.now() - t0);
        received++;
      });
      sockets.push(ws);
      if (i % 200 === 199) await sleep(50);
    }
    // A watcher is watching once its snapshot has arrived (the server has subscribed it and read the lot).
    while (watching < WATCHERS) await sleep(20);
    console.log(
      `${WATCHERS} watchers connected (${WATCHERS / 2} on each of 2 processes); placing ${BIDS} bids through process A, one every ${INTERVAL} ms`,
    );

    let amount = 10_000;
    for (let i = 0; i < BIDS; i++) {
      const bidder = bidders[i % 2] as { token: string };
      const seq = i + 1;
      sentAt.set(seq, performance.now());
      const res = await fetch(`${a.url}/api/mall-auction/buyer/auc_order/bid`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: bidder.token },
        body: JSON.stringify({ orderId: lot, amount: `${amount}.00` }),
      });
      if (res.status !== 200) throw new Error(`bid ${seq} refused: ${await res.text()}`);
      amount += 500;
      await sleep(INTERVAL);
    }
    await sleep(2000);
    console.log(`deliveries: ${received} of ${BIDS * WATCHERS} expected`);
    console.log(
      `bid → watcher latency: p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, max ${Math.max(...latencies).toFixed(1)} ms (target p99 ≤ 100 ms)`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    await drop();
  }
}

await main();
