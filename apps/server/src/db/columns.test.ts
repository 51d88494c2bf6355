import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from './client';
import { createTestDb } from '../test/test-app';
import { arrayLiteral, columnsOf } from './columns';

let dbh: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => ({ dbh, drop } = await createTestDb()));
afterAll(() => drop());

describe('array literals for unnest', () => {
  it('round-trips any text through text[]: quotes, backslashes, separators, the word NULL, Chinese', async () => {
    const texts = [
      'plain',
      '',
      ' leading and trailing ',
      'a,b',
      '{braces}',
      'NULL',
      'null',
      'say "hi"',
      'back\\slash\\',
      '\\"',
      '{"l":"1","b":[{"e":"x\\"y"}]}',
      '您的出价已被超越：¥52,500.00',
      'tab\tnew\nline',
      'quoted "and" new\nline',
      '"😀" \\ emoji',
      'bell \u0007 "x"',
    ];
    const { rows } = await sql<{ t: string | null; n: string }>`
      select t, n from unnest(${arrayLiteral([...texts, null])}::text[]) with ordinality as u(t, n)
      order by n`.execute(dbh.db);
    expect(rows.map((r) => r.t)).toEqual([...texts, null]);
  });

  it('writes numbers, booleans, null and times bare, and reads them back typed', async () => {
    expect(arrayLiteral([1, -2.5, true, false, null, undefined, 10n])).toBe('{1,-2.5,t,f,NULL,NULL,10}');
    expect(arrayLiteral([new Date(1764770512352)])).toBe('{1764770512352}');
    const c = columnsOf(
      [
        { id: '9007199254740993', ms: new Date(1764770512352), ok: true, n: null as number | null },
        { id: '2', ms: new Date(0), ok: false, n: 7 },
      ],
      ['id', 'ms', 'ok', 'n'],
    );
    const { rows } = await sql<{ id: string; at: Date; ok: boolean; n: number | null }>`
      select id, to_timestamp(ms / 1000) as at, ok, n
      from unnest(${c.id}::bigint[], ${c.ms}::float8[], ${c.ok}::boolean[], ${c.n}::integer[]) as v(id, ms, ok, n)`.execute(
      dbh.db,
    );
    expect(rows).toEqual([
      { id: '9007199254740993', at: new Date(1764770512352), ok: true, n: null },
      { id: '2', at: new Date(0), ok: false, n: 7 },
    ]);
  });

  it('refuses what it cannot write exactly', () => {
    expect(() => arrayLiteral([Number.NaN])).toThrow(RangeError);
    expect(() => arrayLiteral([{}])).toThrow(TypeError);
  });
});
