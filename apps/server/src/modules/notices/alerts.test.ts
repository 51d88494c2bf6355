import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import type { AppContext } from '../../context';
import { openDb, type DbHandle } from '../../db/client';
import { freezeDepositsDirectly, makeBuyer, makeLot, MIN, setLotEnd } from '../../test/bidding-fixture';
import { startServerProcess } from '../../test/server-process';
import { createTestDb, testEnv } from '../../test/test-app';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';

type App = Awaited<ReturnType<typeof buildApp>>;
let drop: () => Promise<void>;
let url: string | undefined;
let a: { app: App; ctx: AppContext };
let b: { app: App; ctx: AppContext };

/** An app on the database; on PostgreSQL with its own pool, as a second server process has. */
async function appOn(dbh: DbHandle) {
  const ctx: AppContext = {
    env: testEnv({ SCHEDULER_INTERVAL_MS: '0' }),
    dbh,
    log: pino({ level: 'silent' }),
    now: () => new Date(),
  };
  const app = await buildApp(ctx);
  await app.ready();
  return { app, ctx };
}

beforeAll(async () => {
  const test = await createTestDb();
  ({ drop, url } = test);
  a = await appOn(test.dbh);
  b = await appOn(url ? await openDb({ databaseUrl: url, poolSize: 4 }) : test.dbh);
});
afterAll(async () => {
  await b.app.close();
  await a.app.close();
  if (b.ctx.dbh !== a.ctx.dbh) await b.ctx.dbh.close();
  await drop();
});

const db = () => a.ctx.dbh.db;
const kindsOf = async (lotId: string, kind: string) =>
  db()
    .selectFrom('notice')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('kind', '=', kind)
    .where('link', 'like', `%${lotId}`)
    .groupBy('user_id')
    .execute();
const watchAll = async (lotId: string, tokens: string[]) => {
  for (const token of tokens) {
    const res = await a.app.inject({
      method: 'POST',
      url: '/api/mall-auction/user/watch',
      headers: { authorization: token },
      payload: { orderId: lotId, watch: true },
    });
    expect(res.statusCode).toBe(200);
  }
};
/** Both apps' schedulers, racing, a few rounds. */
const race = async (rounds = 3) => {
  for (let i = 0; i < rounds; i++)
    await Promise.all([schedulerFor(a.ctx).scheduler.runOnce(), schedulerFor(b.ctx).scheduler.runOnce()]);
};

describe('time-driven alerts with two schedulers', () => {
  it('"starts in 30 minutes" reaches each watcher and registered buyer exactly once', async () => {
    const now = Date.now();
    const lot = await makeLot(a, {
      status: 2,
      start_time: new Date(now + 20 * MIN),
      end_time: new Date(now + 80 * MIN),
    });
    const later = await makeLot(a, {
      status: 2,
      start_time: new Date(now + 45 * MIN),
      end_time: new Date(now + 90 * MIN),
    });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => makeBuyer(a)));
    // 0–3 watch, 3–5 registered: buyer 3 both, and still one alert.
    await watchAll(
      lot,
      buyers.slice(0, 4).map((u) => u.token),
    );
    await watchAll(
      later,
      buyers.slice(0, 4).map((u) => u.token),
    );
    await freezeDepositsDirectly(
      a,
      lot,
      buyers.slice(3).map((u) => u.id),
      `ss${lot}`,
      600001,
    );
    await race();
    const rows = await kindsOf(lot, 'lot.startingSoon');
    expect(rows.map((r) => r.user_id).sort()).toEqual(buyers.map((u) => u.id).sort());
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    // The lot starting in 45 minutes waits for its own time.
    expect(await kindsOf(later, 'lot.startingSoon')).toEqual([]);
    const body = await db()
      .selectFrom('notice')
      .select(['title', 'body'])
      .where('user_id', '=', buyers[5]!.id)
      .where('kind', '=', 'lot.startingSoon')
      .executeTakeFirstOrThrow();
    expect(body.title).toMatch(/^(19|20)分钟后开拍$/);
    expect(body.body).toContain('您已报名');
  });

  it('a close tells each watcher once, the parties once each, with nothing doubled', async () => {
    const lot = await makeLot(a);
    const watchers = await Promise.all(Array.from({ length: 8 }, () => makeBuyer(a)));
    const [x, y] = [await makeBuyer(a), await makeBuyer(a)];
    await freezeDepositsDirectly(a, lot, [x.id, y.id], `cl${lot}`, 610001);
    await watchAll(
      lot,
      [...watchers, x].map((u) => u.token),
    );
    await setLotEnd(db(), lot, new Date(Date.now() - 1000));
    await race();
    const told = await db()
      .selectFrom('notice')
      .select(['user_id', 'kind'])
      .where('event_key', '=', `lot-closed:${lot}`)
      .execute();
    expect(told).toHaveLength(10);
    expect(new Set(told.map((r) => r.user_id)).size).toBe(10);
    // x watched too, but as a party hears only the result meant for it.
    expect(
      told
        .filter((r) => r.kind === 'watch.closed')
        .map((r) => r.user_id)
        .sort(),
    ).toEqual(watchers.map((u) => u.id).sort());
    expect(told.filter((r) => r.kind === 'lot.lost')).toHaveLength(2);
  });
});

// Two real server processes on one PostgreSQL database (PGlite is one process only).
describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes running the scheduler', () => {
  let p: Array<Awaited<ReturnType<typeof startServerProcess>>> = [];
  beforeAll(async () => {
    p = await Promise.all([startServerProcess(url ?? ''), startServerProcess(url ?? '')]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all(p.map((s) => s.stop()));
  });

  it('write each alert and each close notice exactly once per recipient', async () => {
    const now = Date.now();
    const lots: string[] = [];
    for (let i = 0; i < 4; i++)
      lots.push(
        await makeLot(a, {
          status: 2,
          start_time: new Date(now + 50 * MIN),
          end_time: new Date(now + 70 * MIN),
        }),
      );
    const closing = await makeLot(a);
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeBuyer(a)));
    for (const lot of [...lots, closing])
      await watchAll(
        lot,
        buyers.map((u) => u.token),
      );
    // Watched first, then due: the processes see the lots come within 30 minutes and the close fall due.
    await db()
      .updateTable('lot')
      .set({ start_time: new Date(now + 10 * MIN) })
      .where('id', 'in', lots)
      .execute();
    await setLotEnd(db(), closing, new Date(Date.now() - 1000));
    await vi.waitFor(
      async () => {
        for (const lot of lots) expect(await kindsOf(lot, 'lot.startingSoon')).toHaveLength(12);
        expect(await kindsOf(closing, 'watch.closed')).toHaveLength(12);
      },
      { timeout: 60_000, interval: 250 },
    );
    // Both processes keep running a while longer: still exactly one row each.
    await new Promise((r) => setTimeout(r, 1000));
    for (const lot of lots)
      expect((await kindsOf(lot, 'lot.startingSoon')).every((r) => Number(r.n) === 1)).toBe(true);
    expect((await kindsOf(closing, 'watch.closed')).every((r) => Number(r.n) === 1)).toBe(true);
  }, 90_000);
});
