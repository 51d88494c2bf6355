import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { LIVE_PROTOCOL } from '@chepai/shared';
import type { AppContext } from '../../context';
import type { DbHandle } from '../../db/client';
import { makeBuyer, makeLot, setLotEnd } from '../../test/bidding-fixture';
import { watch } from '../../test/live-client';
import { startServerProcess } from '../../test/server-process';
import { bidOverHttp } from '../../test/storm';
import { startAppendingProxy } from '../../test/appending-proxy';
import { createTestDb, testEnv } from '../../test/test-app';

// Two real processes on one PostgreSQL behind a proxy of the test's own (skipped on PGlite).
const onServer = Boolean(process.env.TEST_DATABASE_URL);
const FLOOR = 100;
const WS_CAP = 6;
const backends = [
  ['PostgreSQL counters', {}],
  ['Redis counters', { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' }],
] as const;

describe.skipIf(!onServer).each(backends)('two processes behind a proxy, %s', (_name, extra) => {
  let dbh: DbHandle;
  let drop: () => Promise<void>;
  let ctx: AppContext;
  let procs: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  let proxy: Awaited<ReturnType<typeof startAppendingProxy>>;
  const via = (i?: number) => (i === undefined ? proxy.url : `${proxy.url}/__b${i}`);
  const spoofed = () => `203.0.113.${Math.floor(Math.random() * 250)}`;

  beforeAll(async () => {
    const test = await createTestDb();
    ({ dbh, drop } = test);
    ctx = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    const env = {
      TRUST_PROXY: '1',
      RATE_LIMIT_PER_MINUTE: String(FLOOR),
      WS_PER_ADDRESS: String(WS_CAP),
      WS_PER_USER: '3',
      // A prefix per run keeps Redis keys of different runs apart.
      ...extra,
    };
    procs = await Promise.all([0, 1].map(() => startServerProcess(test.url ?? '', env)));
    proxy = await startAppendingProxy(procs.map((p) => p.url));
    if ('REDIS_URL' in extra) {
      const { Redis } = await import('ioredis');
      const r = new Redis(extra.REDIS_URL);
      const keys = await r.keys('chepai:limit:*');
      if (keys.length) await r.del(...keys);
      await r.quit();
    }
  }, 180_000);
  afterAll(async () => {
    await proxy?.close();
    await Promise.all(procs.map((p) => p.stop()));
    await drop?.();
  });

  let lotId = '';
  const openWs = (base: string, headers: Record<string, string> = {}) =>
    new Promise<WebSocket | number>((resolve) => {
      const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/api/live/lots/${lotId}`, [LIVE_PROTOCOL], {
        headers,
      });
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });

  it('caps live connections per address across both processes, spoofed headers or not', async () => {
    lotId = await makeLot({ ctx });
    const results = [];
    for (let i = 0; i < 16; i++) results.push(await openWs(via(i % 2), { 'x-forwarded-for': spoofed() }));
    const open = results.filter((r): r is WebSocket => typeof r !== 'number');
    console.info(
      `live connections from one address: ${open.length} of ${results.length} opened (cap ${WS_CAP})`,
    );
    expect(open).toHaveLength(WS_CAP);
    expect(results.filter((r) => r === 429)).toHaveLength(16 - WS_CAP);
    for (const ws of open) ws.close();
    // Closed connections give their slots back.
    await vi.waitFor(async () => {
      const again = await openWs(via(1));
      expect(typeof again).not.toBe('number');
      (again as WebSocket).close();
    });
  });

  it('a bid through one process reaches a watcher on the other, and the scheduler closes the lot once', async () => {
    const lot = await makeLot({ ctx }, { extend_window_sec: 1, extend_step_sec: 1 });
    const buyers = [];
    for (let i = 0; i < 2; i++) {
      const buyer = await makeBuyer({ ctx });
      const res = await fetch(`${via(1)}/api/mall-auction/buyer/auc_order/deposit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: buyer.token },
        body: JSON.stringify({ orderId: lot }),
      });
      const { data } = (await res.json()) as { data: { paymentNo: string } };
      await fetch(`${via(1)}/api/dev/payments/${data.paymentNo}/succeed`, { method: 'POST' });
      buyers.push(buyer);
    }
    const watchers = await Promise.all([watch(via(0), lot), watch(via(1), lot)]);
    await Promise.all(watchers.map((w) => w.until(1)));
    const [x, y] = buyers;
    expect(
      (await bidOverHttp({ base: via(1), token: x?.token ?? '', buyerId: x?.id ?? '' }, lot, '10000.00'))
        ?.code,
    ).toBe(200);
    expect(
      (await bidOverHttp({ base: via(1), token: y?.token ?? '', buyerId: y?.id ?? '' }, lot, '10500.00'))
        ?.code,
    ).toBe(200);
    await watchers[0]?.until(3);
    expect(watchers[0]?.events.filter((e) => e.type === 'bid.placed').map((e) => e.seq)).toEqual([1, 2]);
    await setLotEnd(dbh.db, lot, new Date(Date.now() + 1500));
    for (const w of watchers)
      await vi.waitFor(() => expect(w.events.some((e) => e.type === 'lot.closed')).toBe(true), {
        timeout: 30_000,
      });
    await new Promise((r) => setTimeout(r, 1500));
    for (const w of watchers) expect(w.events.filter((e) => e.type === 'lot.closed')).toHaveLength(1);
    const movements = await dbh.db
      .selectFrom('deposit_movement')
      .select(['buyer_id', 'to_state'])
      .where('lot_id', '=', lot)
      .where('from_state', '=', 'frozen')
      .execute();
    // Each deposit leaves "frozen" exactly once: the close ran once.
    expect(movements.map((m) => m.buyer_id).sort()).toEqual(buyers.map((b) => b.id).sort());
    for (const w of watchers) w.close();
  });

  it('holds the SMS cap per client address however the client fills X-Forwarded-For', async () => {
    let sent = 0;
    for (let i = 0; i < 40; i++) {
      const res = await fetch(`${via()}/api/mall-auction/user/buyer/login/captcha`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': spoofed() },
        body: JSON.stringify({ tel: `1350000${String(1000 + i)}` }),
      });
      if (res.status === 200) sent++;
    }
    console.info(`SMS codes for one client via spoofed XFF: ${sent} of 40 (cap 30)`);
    expect(sent).toBeLessThanOrEqual(30);
  });

  it('holds the request floor once for both processes however the client fills X-Forwarded-For', async () => {
    let passed = 0;
    let refused = 0;
    for (let i = 0; i < 150; i++) {
      const res = await fetch(`${via()}/api/health`, { headers: { 'x-forwarded-for': spoofed() } });
      if (res.status === 200) passed++;
      if (res.status === 429) {
        refused++;
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
      }
    }
    console.info(`requests through the ${FLOOR}/min floor (both processes): ${passed} of 150 passed`);
    expect(passed).toBeLessThan(FLOOR);
    expect(refused).toBe(150 - passed);
  });
});
