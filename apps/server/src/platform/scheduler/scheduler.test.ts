import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '../../db/client';
import { createTestDb } from '../../test/test-app';
import { createScheduler, type ScheduledJob } from './scheduler';

let a: DbHandle;
let b: DbHandle;
let drop: () => Promise<void>;
let now = new Date('2026-11-22T02:00:00Z');

beforeAll(async () => {
  const t = await createTestDb();
  ({ drop } = t);
  a = t.dbh;
  // On PostgreSQL the second scheduler gets its own pool, as a second server process would.
  b = t.url ? await openDb({ databaseUrl: t.url, poolSize: 4 }) : a;
  await sql`create table sched_item (id serial primary key, kind text not null, due_at timestamptz not null, done_at timestamptz)`.execute(
    a.db,
  );
  // No unique constraint: a double execution would show up as a second row.
  await sql`create table sched_log (item_id int not null, worker text not null)`.execute(a.db);
});
afterAll(async () => {
  if (b !== a) await b.close();
  await drop();
});

/** Claims with SELECT … FOR UPDATE SKIP LOCKED, then works inside the same transaction. */
const skipLockedJob = (dbh: DbHandle, worker: string): ScheduledJob => ({
  name: 'skip-locked',
  tick: (at) =>
    dbh.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        select id from sched_item where kind = 'skip' and done_at is null and due_at <= ${at}
        order by due_at, id limit 7 for update skip locked`.execute(trx);
      for (const { id } of rows) {
        await sql`insert into sched_log (item_id, worker) values (${id}, ${worker})`.execute(trx);
        await sql`update sched_item set done_at = ${at} where id = ${id}`.execute(trx);
      }
      return rows.length;
    }),
});

/** Claims with a conditional UPDATE … RETURNING, the style of lot status transitions. */
const conditionalJob = (dbh: DbHandle, worker: string): ScheduledJob => ({
  name: 'conditional',
  tick: async (at) => {
    const { rows } = await sql<{ item_id: number }>`
      with claimed as (
        update sched_item set done_at = ${at}
        where id in (select id from sched_item where kind = 'cond' and done_at is null and due_at <= ${at} order by id limit 5)
          and done_at is null
        returning id)
      insert into sched_log (item_id, worker) select id, ${worker} from claimed returning item_id`.execute(
      dbh.db,
    );
    return rows.length;
  },
});

async function seed(kind: string, count: number, dueAt: Date) {
  await sql`insert into sched_item (kind, due_at) select ${kind}, ${dueAt} from generate_series(1, ${count})`.execute(
    a.db,
  );
}

async function logFor(kind: string) {
  const { rows } = await sql<{ item_id: number; n: string }>`
    select l.item_id, count(*) as n from sched_log l join sched_item i on i.id = l.item_id where i.kind = ${kind} group by l.item_id`.execute(
    a.db,
  );
  return rows;
}

describe('scheduler', () => {
  it('two schedulers racing over 200 due items process each exactly once, and nothing early', async () => {
    await seed('skip', 200, new Date(now.getTime() - 1000));
    await seed('cond', 200, new Date(now.getTime() - 1000));
    await seed('skip', 10, new Date(now.getTime() + 3_600_000));
    const clock = () => now;
    const s1 = createScheduler({
      jobs: [skipLockedJob(a, 'A'), conditionalJob(a, 'A')],
      intervalMs: 5,
      now: clock,
    });
    const s2 = createScheduler({
      jobs: [skipLockedJob(b, 'B'), conditionalJob(b, 'B')],
      intervalMs: 5,
      now: clock,
    });
    s1.start();
    s2.start();
    await vi.waitFor(
      async () => {
        expect((await logFor('skip')).length).toBe(200);
        expect((await logFor('cond')).length).toBe(200);
      },
      { timeout: 20_000, interval: 50 },
    );
    // Both keep running a little longer: still no second execution, and the future items wait.
    await Promise.all([s1.runOnce(), s2.runOnce()]);
    for (const kind of ['skip', 'cond']) {
      const rows = await logFor(kind);
      expect(rows).toHaveLength(200);
      expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    }
    const { rows: waiting } = await sql<{
      n: string;
    }>`select count(*) as n from sched_item where done_at is null`.execute(a.db);
    expect(Number(waiting[0]?.n)).toBe(10);

    now = new Date(now.getTime() + 3_600_000);
    await vi.waitFor(async () => expect((await logFor('skip')).length).toBe(210), {
      timeout: 20_000,
      interval: 50,
    });
    await Promise.all([s1.stop(), s2.stop()]);
    expect((await logFor('skip')).every((r) => Number(r.n) === 1)).toBe(true);
  });

  it('keeps running the other jobs when one throws, and logs it', async () => {
    const errors: string[] = [];
    let calls = 0;
    const s = createScheduler({
      jobs: [
        { name: 'broken', tick: () => Promise.reject(new Error('boom')) },
        { name: 'counter', tick: async () => (calls++, 0) },
      ],
      intervalMs: 1,
      now: () => now,
      log: { error: (_o, msg) => errors.push(msg), warn: () => undefined },
    });
    s.start();
    await vi.waitFor(() => expect(calls).toBeGreaterThanOrEqual(3));
    await s.stop();
    const after = calls;
    expect(errors.length).toBeGreaterThanOrEqual(3);
    expect(await s.runOnce()).toEqual({ broken: 0, counter: 0 });
    expect(calls).toBe(after + 1);
  });

  it('warns of a job that held its round longer than slowMs, naming it', async () => {
    const warned: object[] = [];
    const s = createScheduler({
      jobs: [
        { name: 'quick', tick: async () => 0 },
        { name: 'sluggish', tick: () => new Promise((r) => setTimeout(() => r(3), 60)) },
      ],
      intervalMs: 60_000,
      now: () => now,
      slowMs: 30,
      log: { error: () => undefined, warn: (o) => warned.push(o) },
    });
    expect(await s.runOnce()).toEqual({ quick: 0, sluggish: 3 });
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({ job: 'sluggish', handled: 3 });
  });

  it('a round asked for while the timer’s round runs waits for it, so what was due is done when it returns', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let claimed = 0;
    let done = 0;
    const s = createScheduler({
      jobs: [
        {
          name: 'slow',
          // The first round claims the one item and finishes it only when the gate opens.
          tick: async () => {
            if (claimed++ > 0) return 0;
            await gate;
            done++;
            return 1;
          },
        },
      ],
      intervalMs: 60_000,
      now: () => now,
    });
    s.start();
    await vi.waitFor(() => expect(claimed).toBe(1));
    const asked = s.runOnce();
    setTimeout(release, 20);
    expect(await asked).toEqual({ slow: 0 });
    expect(done).toBe(1);
    await s.stop();
  });

  it('asks an idle job with idleRounds n every n-th timer round, and every round while it finds work', async () => {
    let rounds = 0;
    let rare = 0;
    let busy = 0;
    const s = createScheduler({
      jobs: [
        { name: 'rare', tick: async () => (rare++, 0), idleRounds: 4 },
        // Work for its first five asks, then nothing: after that it rests a thousand rounds.
        { name: 'busy', tick: async () => (busy++ < 5 ? 1 : 0), idleRounds: 1000 },
        { name: 'every', tick: async () => (rounds++, 0) },
      ],
      intervalMs: 1,
      now: () => now,
    });
    s.start();
    await vi.waitFor(() => expect(rounds).toBeGreaterThanOrEqual(30), { timeout: 10_000 });
    await s.stop();
    // Rounds 1, 5, 9, …: a stopped scheduler has finished its last round, so the count is exact.
    expect(rare).toBe(Math.floor((rounds - 1) / 4) + 1);
    expect(busy).toBe(6);
    // A round asked for from outside asks every job, resting or not.
    expect(await s.runOnce()).toEqual({ rare: 0, busy: 0, every: 0 });
    expect(await s.runOnce()).toEqual({ rare: 0, busy: 0, every: 0 });
    expect([rare, busy]).toEqual([Math.floor((rounds - 3) / 4) + 3, 8]);
  });

  it('lets the event loop run between jobs, even when every query resolves as a microtask', async () => {
    // On the embedded database a query never waits for I/O: a round of them used to run start to
    // end in microtasks, holding off HTTP requests (a 500 ms stall every second under a bid storm).
    const order: string[] = [];
    const microtaskJob = (name: string): ScheduledJob => ({
      name,
      tick: async () => {
        for (let i = 0; i < 100; i++) await Promise.resolve();
        order.push(name);
        return 0;
      },
    });
    const s = createScheduler({
      jobs: [microtaskJob('a'), microtaskJob('b'), microtaskJob('c')],
      intervalMs: 60_000,
      now: () => now,
    });
    const round = s.runOnce();
    setImmediate(() => order.push('request'));
    await round;
    // The request queued while the round started ran before the round's last job.
    expect(order.slice(0, order.indexOf('c'))).toContain('request');
  });
});
