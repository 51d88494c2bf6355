import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDb, type DbHandle } from '../../db/client';
import { createTestDb } from '../../test/test-app';
import { createDbLiveBus, MAX_INLINE_BYTES, type LiveBus } from './live-bus';

interface TestEvent {
  seq: number;
  type: string;
  note: string;
}

let a: DbHandle;
let b: DbHandle;
let url: string | undefined;
let drop: () => Promise<void>;

// Oversized events are stored here; the bus loads them by (lot, seq).
const loadFrom = (dbh: DbHandle) => async (lotId: string, seq: number) => {
  const { rows } = await sql<{
    body: TestEvent;
  }>`select body from live_test_event where lot_id = ${lotId} and seq = ${seq} order by n`.execute(dbh.db);
  return rows.map((r) => r.body);
};

beforeAll(async () => {
  ({ dbh: a, url, drop } = await createTestDb());
  // With PostgreSQL, a second handle is a second "process": its own pool and its own LISTEN connection.
  b = url ? await openDb({ databaseUrl: url, poolSize: 4 }) : a;
  await sql`create table live_test_event (n serial, lot_id text, seq int, body jsonb)`.execute(a.db);
});
afterAll(async () => {
  if (b !== a) await b.close();
  await drop();
});

function collect(bus: LiveBus<TestEvent>, lotId: string, count: number) {
  const got: TestEvent[] = [];
  let resolve!: (v: TestEvent[]) => void;
  const done = new Promise<TestEvent[]>((r) => (resolve = r));
  const off = bus.subscribe(lotId, (e) => {
    got.push(e);
    if (got.length === count) resolve(got);
  });
  return { got, done: done.finally(off) };
}

describe('LiveBus over LISTEN/NOTIFY', () => {
  it('delivers events published through handle B to a subscriber on handle A, in order', async () => {
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a) });
    const publisher = createDbLiveBus<TestEvent>(b, { load: loadFrom(b) });
    await watcher.start();
    const lot1 = collect(watcher, 'lot-1', 100);
    const lot2 = collect(watcher, 'lot-2', 50);
    for (let seq = 1; seq <= 100; seq++) {
      await publisher.publish('lot-1', { seq, type: 'bid.placed', note: `第${seq}口` });
      if (seq <= 50) await publisher.publish('lot-2', { seq, type: 'bid.placed', note: '' });
    }
    expect((await lot1.done).map((e) => e.seq)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect((await lot2.done).map((e) => e.seq)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(lot1.got[6]?.note).toBe('第7口');
    await watcher.stop();
  });

  it('sends events larger than a NOTIFY payload by reference, still in order', async () => {
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a) });
    const publisher = createDbLiveBus<TestEvent>(b, { load: loadFrom(b) });
    await watcher.start();
    const payloads: string[] = [];
    const unlisten = await a.listen('lot_events', (p) => payloads.push(p));
    const big: TestEvent = { seq: 2, type: 'bid.placed', note: '车'.repeat(5_000) };
    await sql`insert into live_test_event (lot_id, seq, body) values ('lot-big', 2, ${JSON.stringify(big)}::jsonb)`.execute(
      b.db,
    );
    const got = collect(watcher, 'lot-big', 3);
    await publisher.publish('lot-big', { seq: 1, type: 'bid.placed', note: 'small' });
    await publisher.publish('lot-big', big);
    await publisher.publish('lot-big', { seq: 3, type: 'bid.placed', note: 'small' });
    const events = await got.done;
    expect(events.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(events[1]?.note).toHaveLength(5_000);
    await vi.waitFor(() => expect(payloads).toHaveLength(3));
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThanOrEqual(MAX_INLINE_BYTES);
    expect(JSON.parse(payloads[1] ?? '{}')).toEqual({ l: 'lot-big', s: 2 });
    await unlisten();
    await watcher.stop();
  });

  it('packs a statement’s events of each lot into few payloads, in order, only for the lots it names', async () => {
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a) });
    const publisher = createDbLiveBus<TestEvent>(b, { load: loadFrom(b) });
    await watcher.start();
    const payloads: string[] = [];
    const unlisten = await a.listen('lot_events', (p) => payloads.push(p));
    const big: TestEvent = { seq: 41, type: 'bid.placed', note: '车'.repeat(5_000) };
    await sql`insert into live_test_event (lot_id, seq, body) values ('lot-pack', 41, ${JSON.stringify(big)}::jsonb)`.execute(
      b.db,
    );
    const got = collect(watcher, 'lot-pack', 60);
    const events = Array.from({ length: 60 }, (_, i) => ({
      lotId: 'lot-pack',
      event: i === 40 ? big : { seq: i + 1, type: 'bid.placed', note: `第${i + 1}口出价`.repeat(8) },
    }));
    // A lot the statement does not name (its write did not hold) sends nothing.
    const skipped = { lotId: 'lot-skipped', event: { seq: 1, type: 'bid.placed', note: '' } };
    await sql`select ${publisher.notifyCall([...events, skipped], sql`(select 'lot-pack')`)}`.execute(b.db);
    expect((await got.done).map((e) => e.seq)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    await vi.waitFor(() => expect(payloads.length).toBeGreaterThan(1));
    expect(payloads.length).toBeLessThan(10);
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThanOrEqual(MAX_INLINE_BYTES);
    expect(payloads.some((p) => p.includes('lot-skipped'))).toBe(false);
    await unlisten();
    await watcher.stop();
  });

  it('packs the events of a statement over many lots into few payloads, each lot’s in order', async () => {
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a) });
    const publisher = createDbLiveBus<TestEvent>(b, { load: loadFrom(b) });
    await watcher.start();
    const payloads: string[] = [];
    const unlisten = await a.listen('lot_events', (p) => payloads.push(p));
    const lots = Array.from({ length: 40 }, (_, i) => `lot-many-${i}`);
    const got = [lots[0], lots[17], lots[39]].map((lot) => collect(watcher, lot as string, 3));
    const events = [1, 2, 3].flatMap((seq) =>
      lots.map((lotId) => ({ lotId, event: { seq, type: 'bid.placed', note: `${lotId} 第${seq}口` } })),
    );
    // Every lot but one held: that one's events stay out of every pack.
    const held = sql`(select unnest(${lots.filter((l) => l !== 'lot-many-5')}::text[]))`;
    await sql`select ${publisher.notifyCall(events, held)}`.execute(b.db);
    for (const g of got) expect((await g.done).map((e) => e.seq)).toEqual([1, 2, 3]);
    await vi.waitFor(() => expect(payloads.length).toBeGreaterThan(0));
    // 39 lots of three events in two packs, not 39 payloads.
    expect(payloads.length).toBeLessThanOrEqual(3);
    expect(Math.max(...payloads.map((p) => Buffer.byteLength(p)))).toBeLessThanOrEqual(MAX_INLINE_BYTES);
    const wires = payloads.flatMap((p) => (JSON.parse(p) as { m: Array<{ l: string }> }).m);
    expect(new Set(wires.map((w) => w.l)).size).toBe(39);
    expect(payloads.some((p) => p.includes('"lot-many-5"'))).toBe(false);
    await unlisten();
    await watcher.stop();
  });

  it('delivers a transactional publish at commit and never after a rollback', async () => {
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a) });
    const publisher = createDbLiveBus<TestEvent>(b, { load: loadFrom(b) });
    await watcher.start();
    const got = collect(watcher, 'lot-tx', 2);
    await b.db
      .transaction()
      .execute(async (trx) => {
        await publisher.publishInTx(trx, 'lot-tx', { seq: 1, type: 'rolled-back', note: '' });
        throw new Error('rollback');
      })
      .catch(() => undefined);
    await b.db.transaction().execute(async (trx) => {
      await publisher.publishInTx(trx, 'lot-tx', { seq: 1, type: 'committed', note: '' });
      await publisher.publishInTx(trx, 'lot-tx', { seq: 2, type: 'committed', note: '' });
    });
    expect((await got.done).map((e) => `${e.seq}:${e.type}`)).toEqual(['1:committed', '2:committed']);
    await watcher.stop();
  });

  it('stops calling a handler once unsubscribed, and ignores junk payloads', async () => {
    const errors: unknown[] = [];
    const watcher = createDbLiveBus<TestEvent>(a, { load: loadFrom(a), onError: (e) => errors.push(e) });
    await watcher.start();
    const seen: number[] = [];
    const off = watcher.subscribe('lot-u', (e) => seen.push(e.seq));
    const last = collect(watcher, 'lot-u', 2);
    await b.notify('lot_events', 'not json');
    await createDbLiveBus<TestEvent>(b, { load: loadFrom(b) }).publish('lot-u', {
      seq: 1,
      type: 'x',
      note: '',
    });
    await vi.waitFor(() => expect(seen).toEqual([1]));
    off();
    await createDbLiveBus<TestEvent>(b, { load: loadFrom(b) }).publish('lot-u', {
      seq: 2,
      type: 'x',
      note: '',
    });
    await last.done;
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(1);
    await watcher.stop();
  });
});
