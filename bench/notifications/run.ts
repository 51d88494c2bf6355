/**
 * Notice fan-out benchmark (docs/decisions/026-notice-delivery.md): a lot watched by N buyers
 * (default 5,000), each with the user channel (/api/live/me) open, split over two server processes
 * on one PostgreSQL database. The lot falls due; the scheduler closes it and, in the same
 * transaction, writes an inbox row for every watcher. Prints the time from the close's start to
 * the last inbox row written (its commit) and to the last live delivery.
 *
 *   npx tsx bench/notifications/run.ts    (BENCH_DATABASE_URL, BENCH_WATCHERS=5000)
 */
import os from 'node:os';
import pino from 'pino';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL } from '@chepai/shared';
import { makeLot } from '../../apps/server/src/test/bidding-fixture';
import { startServerProcess } from '../../apps/server/src/test/server-process';
import { createScratchDb, testEnv } from '../../apps/server/src/test/test-app';
import { sessions } from '../../apps/server/src/modules/accounts/sessions';
import { pct, sleep } from '../support/stats';

const SERVER = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 5000);

async function main() {
  const { dbh, url, drop } = await createScratchDb(SERVER, 'chepai_bench_notices', 4);
  const ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
  const servers: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  const sockets: WebSocket[] = [];
  try {
    const lot = await makeLot({ ctx }, { end_time: new Date(Date.now() + 3600_000) });
    // N buyers watching the lot, written in bulk (the watch endpoint is rate limited per user anyway).
    const { rows: users } = await sql<{ id: string }>`
      insert into app_user (role, tel, real_name, bidder_type, agreed_at)
      select 'buyer', '15' || lpad(g::text, 9, '0'), '关注者' || g, 'personal', now()
      from generate_series(1, ${WATCHERS}) g returning id::text`.execute(dbh.db);
    await sql`insert into lot_watch (user_id, lot_id, created_at) select id, ${lot}, now() from app_user where tel like '15%'`.execute(
      dbh.db,
    );
    await sql`update lot set watchers = ${WATCHERS} where id = ${lot}`.execute(dbh.db);
    const tokens = [];
    for (const u of users) tokens.push(await sessions(ctx).create(u.id, '127.0.0.1'));

    const env = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'error',
      SCHEDULER_INTERVAL_MS: '50',
      WS_PER_ADDRESS: '0',
      WS_PER_USER: '0',
    };
    servers.push(...(await Promise.all([startServerProcess(url, env), startServerProcess(url, env)])));
    const [a, b] = servers as [(typeof servers)[number], (typeof servers)[number]];

    const arrivals: number[] = [];
    let ready = 0;
    for (let i = 0; i < WATCHERS; i++) {
      const base = i % 2 === 0 ? a.url : b.url;
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/live/me`, [
        LIVE_PROTOCOL,
        LIVE_BEARER_PREFIX + tokens[i],
      ]);
      ws.on('message', (data: Buffer) => {
        const m = JSON.parse(data.toString()) as { type: string; notice?: { kind: string } };
        if (m.type === 'hello') ready++;
        if (m.type === 'notice' && m.notice?.kind === 'watch.closed') arrivals.push(performance.now());
      });
      sockets.push(ws);
      if (i % 250 === 249) await sleep(50);
    }
    while (ready < WATCHERS) await sleep(20);
    console.log(`${WATCHERS} watchers with the user channel open (${WATCHERS / 2} on each of 2 processes)`);

    // Due in one second; the epoch and the performance clocks are tied at this instant.
    const dueAt = Date.now() + 1000;
    const perfAtDue = performance.now() + (dueAt - Date.now());
    await sql`update lot set end_time = ${new Date(dueAt)}, list_end_time = ${new Date(dueAt)} where id = ${lot}`.execute(
      dbh.db,
    );
    const deadline = performance.now() + 60_000;
    while (arrivals.length < WATCHERS && performance.now() < deadline) await sleep(10);

    const { rows } = await sql<{ n: string; started: Date; closed: Date }>`
      select count(*)::text as n, min(n.created_at) as started, max(l.closed_at) as closed
      from notice n join lot l on l.id = ${lot} where n.event_key = ${`lot-closed:${lot}`}`.execute(dbh.db);
    const stat = rows[0]!;
    // The close's `now` is when the scheduler picked the lot up; every row carries it.
    const startPerf = perfAtDue + (stat.started.getTime() - dueAt);
    const sorted = [...arrivals].sort((x, y) => x - y);
    const first = (sorted[0] ?? NaN) - startPerf;
    const last = (sorted.at(-1) ?? NaN) - startPerf;
    console.log(
      `inbox rows for the close: ${stat.n} (watchers ${WATCHERS}); live deliveries: ${arrivals.length}`,
    );
    console.log(`close picked up ${(stat.started.getTime() - dueAt).toFixed(0)} ms after the lot fell due`);
    console.log(
      `close start → last inbox row committed (first live delivery, sent at commit): ${first.toFixed(0)} ms`,
    );
    console.log(
      `close start → last live delivery: ${last.toFixed(0)} ms (p50 ${(pct(arrivals, 50) - startPerf).toFixed(0)} ms; target ≤ 2000 ms)`,
    );
    console.log(
      `load average: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await Promise.all(servers.map((s) => s.stop()));
    await drop();
  }
}

await main();
