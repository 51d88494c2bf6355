import { PGlite } from '@electric-sql/pglite';
import { Kysely, sql, type CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGliteDialect, PREPARED_STATEMENTS } from './pglite-dialect';

// The embedded database runs every statement prepared (decision 049).
let pglite: PGlite;
let db: Kysely<unknown>;
beforeAll(async () => {
  // int8 stays a string, as the app reads it (db/client.ts).
  pglite = await PGlite.create({ parsers: { 20: (value: string) => value } });
  db = new Kysely({ dialect: new PGliteDialect(pglite) });
  await sql`create table probe (id int primary key, note text, at timestamptz, tags bigint[])`.execute(db);
});
afterAll(() => db.destroy());

const run = async <R>(query: CompiledQuery<R>) => (await db.executeQuery(query)).rows;

const prepared = async (text: string) =>
  (
    await sql<{
      n: number;
    }>`select count(*)::int as n from pg_prepared_statements where statement = ${text}`.execute(db)
  ).rows[0]?.n;

describe('statements run prepared on the embedded database', () => {
  it('answer as the same statement run through Kysely, values parsed the same way', async () => {
    const query = sql<Record<string, unknown>>`
      select ${'9007199254740993'}::int8 as id, ${'1234.50'}::numeric as money, ${'2026-11-27'}::date as day,
        ${7}::int4 as int, ${true}::bool as yes, ${null}::text as nothing,
        ${JSON.stringify({ a: [1, 2] })}::jsonb as json, ${new Date('2026-11-27T08:00:00Z')}::timestamptz as at,
        ${['1', '9007199254740993']}::bigint[] as ids, ${['a', 'b,c']}::text[] as texts`;
    const first = (await query.execute(db)).rows;
    const again = await run(query.compile(db));
    // What PGlite's own (unprepared) query answers.
    const compiled = query.compile(db);
    const { rows: unprepared } = await pglite.query(compiled.sql, compiled.parameters as unknown[]);
    expect(first).toEqual(unprepared);
    expect(again).toEqual(unprepared);
    expect(again[0]).toMatchObject({ id: '9007199254740993', ids: ['1', '9007199254740993'], nothing: null });
  });

  it('parse a text once and run it again by name, with new parameters each time', async () => {
    const insert = (id: number) =>
      sql`insert into probe (id, note, at, tags) values (${id}, ${`n${id}`}, ${new Date(id * 1000)}, ${[String(id)]}) returning id`;
    for (const id of [1, 2, 3]) expect(await run(insert(id).compile(db))).toEqual([{ id }]);
    expect(await prepared(insert(1).compile(db).sql)).toBe(1);
    const { rows } = await sql<{ id: number; note: string; at: Date; tags: string[] }>`
      select id, note, at, tags from probe order by id`.execute(db);
    expect(rows).toEqual(
      [1, 2, 3].map((id) => ({ id, note: `n${id}`, at: new Date(id * 1000), tags: [String(id)] })),
    );
  });

  it('fail a run with its own error and code, roll it back, and run the statement again after', async () => {
    const insert = (id: number) =>
      sql`insert into probe (id, note) values (${id}, 'again') returning id`.compile(db);
    await run(insert(10));
    const err = await run(insert(10)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23505' });
    expect(await run(insert(11))).toEqual([{ id: 11 }]);
    const bad = await run(sql`selec 1`.compile(db)).catch((e: unknown) => e);
    expect(bad).toMatchObject({ code: '42601' });
    expect(await prepared('selec 1')).toBe(0);
    expect(
      (await sql<{ n: number }>`select count(*)::int as n from probe where id >= 10`.execute(db)).rows,
    ).toEqual([{ n: 2 }]);
  });

  it('prepare a statement again when a table it reads changed its columns', async () => {
    await sql`create table reshaped (a int)`.execute(db);
    await sql`insert into reshaped values (1)`.execute(db);
    const read = sql<Record<string, unknown>>`select * from reshaped where a = ${1}`.compile(db);
    expect(await run(read)).toEqual([{ a: 1 }]);
    await sql`alter table reshaped add column b text default 'x'`.execute(db);
    expect(await run(read)).toEqual([{ a: 1, b: 'x' }]);
    expect(await prepared(read.sql)).toBe(1);
  });

  it('inside a transaction, fail the stale statement (the transaction is aborted) and prepare it afresh after', async () => {
    await sql`create table reshaped2 (a int)`.execute(db);
    const read = sql<Record<string, unknown>>`select * from reshaped2`.compile(db);
    expect(await run(read)).toEqual([]);
    await sql`alter table reshaped2 add column b int`.execute(db);
    const err = await db
      .transaction()
      .execute((trx) => trx.executeQuery(read))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '0A000' });
    await sql`insert into reshaped2 values (1, 2)`.execute(db);
    expect(await run(read)).toEqual([{ a: 1, b: 2 }]);
  });

  it(`keep at most ${PREPARED_STATEMENTS} statements, closing the least recently run`, async () => {
    const first = sql`select ${1}::int as k0`.compile(db);
    await run(first);
    const extra = PREPARED_STATEMENTS + 10;
    for (let k = 1; k <= extra; k++) {
      await run(sql`select ${k}::int as ${sql.raw(`k${k}`)}`.compile(db));
      // The first one stays in use, so it is never the least recently run.
      await run(first);
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
      db,
    );
    expect(rows[0]?.n).toBeLessThanOrEqual(PREPARED_STATEMENTS);
    expect(await prepared(first.sql)).toBe(1);
    expect(await prepared(sql`select ${1}::int as k1`.compile(db).sql)).toBe(0);
    expect(await prepared(sql`select ${extra}::int as ${sql.raw(`k${extra}`)}`.compile(db).sql)).toBe(1);
  });

  it("run the session at PostgreSQL's message levels, not PGlite's debug ones", async () => {
    const { rows } = await sql<{ client: string; log: string }>`
      select current_setting('client_min_messages') as client, current_setting('log_min_messages') as log`.execute(
      db,
    );
    expect(rows).toEqual([{ client: 'notice', log: 'warning' }]);
  });

  it('deliver the NOTIFYs of a statement to the listeners once it has run', async () => {
    const heard: string[] = [];
    const stop = await pglite.listen('probe_channel', (payload) => heard.push(payload));
    await run(sql`select pg_notify('probe_channel', ${'hello'})`.compile(db));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heard).toEqual(['hello']);
    await stop();
  });

  it('wait for a transaction that holds the connection, and see what it committed', async () => {
    let inside!: () => void;
    const entered = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const tx = db.transaction().execute(async (trx) => {
      await sql`insert into probe (id, note) values (100, 'in tx')`.execute(trx);
      inside();
      await held;
    });
    await entered;
    let answered = false;
    const count = run(
      sql<{ n: number }>`select count(*)::int as n from probe where id = ${100}`.compile(db),
    ).then((rows) => {
      answered = true;
      return rows;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(answered).toBe(false);
    finish();
    await tx;
    expect(await count).toEqual([{ n: 1 }]);
  });
});
