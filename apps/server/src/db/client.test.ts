import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, type DbHandle } from './client';

let dbh: DbHandle;
beforeAll(async () => {
  dbh = await openDb({});
});
afterAll(() => dbh.close());

describe('values read through the embedded database', () => {
  it('parse as the app expects: ids, money and dates as strings; the rest as JS values, arrays too', async () => {
    const { rows } = await sql<Record<string, unknown>>`
      select 9007199254740993::int8 as id, 1234.50::numeric as money, '2026-11-27'::date as day,
        7::int2 as small, 42::int4 as int, 1.5::float8 as float, true as yes, 'x'::text as text,
        '{"a":[1,2]}'::json as json, '{"b":true}'::jsonb as jsonb,
        '2026-11-27T08:00:00Z'::timestamptz as at, '\\x0102'::bytea as bytes,
        array[1, 2]::int4[] as ints, array[9007199254740993]::int8[] as ids,
        array['a', 'b,c']::text[] as texts, array[true, false] as bools,
        array['2026-11-27T08:00:00Z'::timestamptz] as ats, array[1.50]::numeric[] as monies,
        array['2026-11-27'::date] as days, array['{"k":1}'::jsonb] as jsons,
        null::int4 as nothing`.execute(dbh.db);
    expect(rows[0]).toEqual({
      id: '9007199254740993',
      money: '1234.50',
      day: '2026-11-27',
      small: 7,
      int: 42,
      float: 1.5,
      yes: true,
      text: 'x',
      json: { a: [1, 2] },
      jsonb: { b: true },
      at: new Date('2026-11-27T08:00:00Z'),
      bytes: new Uint8Array([1, 2]),
      ints: [1, 2],
      ids: ['9007199254740993'],
      texts: ['a', 'b,c'],
      bools: [true, false],
      ats: [new Date('2026-11-27T08:00:00Z')],
      monies: ['1.50'],
      days: ['2026-11-27'],
      jsons: [{ k: 1 }],
      nothing: null,
    });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('the PostgreSQL pool', () => {
  it('opens every connection at start when warm, keeps them past the idle timeout, and answers again after one is dropped', async () => {
    const name = `pool_probe_${process.pid}_${Date.now()}`;
    const url = new URL(process.env.TEST_DATABASE_URL ?? '');
    url.searchParams.set('application_name', name);
    const pool = await openDb({ databaseUrl: url.toString(), poolSize: 4, warm: true, poolIdleMs: 50 });
    const backends = async () =>
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from pg_stat_activity where application_name = ${name}`.execute(pool.db)
      ).rows[0]?.n;
    try {
      expect(await backends()).toBe(4);
      // Several idle timeouts later, none was closed.
      await new Promise((r) => setTimeout(r, 300));
      await sql`select 1`.execute(pool.db);
      expect(await backends()).toBe(4);
      // A warm connection dropped by the server while checked out fails its transaction; it does
      // not take the process down (its client has the pool's error listener too).
      const dropped = await pool.db
        .transaction()
        .execute(async (trx) => {
          await sql`set local idle_in_transaction_session_timeout = 100`.execute(trx);
          await new Promise((r) => setTimeout(r, 600));
        })
        .catch((e: unknown) => e);
      expect(dropped).toBeInstanceOf(Error);
      expect(await sql<{ one: number }>`select 1 as one`.execute(pool.db)).toMatchObject({
        rows: [{ one: 1 }],
      });
    } finally {
      await pool.close();
    }
  });
});
