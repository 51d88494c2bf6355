/**
 * Rows as one array a column, each sent as an array literal and read back with `unnest`
 * (`unnest($1::bigint[], $2::text[], …) as v(a, b, …)`): PostgreSQL reads a typed array for less than
 * a JSON record set, which it lexes, matches by key and checks again (decision 064). `undefined` is
 * sent as null, a `Date` as its epoch milliseconds (`arrayLiteral`).
 */
export function columnsOf<T extends object, K extends keyof T>(
  rows: readonly T[],
  keys: readonly K[],
): Record<K, string> {
  const out = {} as Record<K, string>;
  for (const k of keys) out[k] = arrayLiteral(rows.map((r) => r[k]));
  return out;
}

/**
 * A one-dimensional array literal, `{1,"a b",NULL,t}`, for a parameter cast to a typed array
 * (`$1::bigint[]`). Numbers, booleans and null are written bare, text always quoted with `"` and `\`
 * escaped, as PostgreSQL's array input reads them. A `Date` is written as its epoch milliseconds,
 * for a `float8[]` read back with `to_timestamp(ms / 1000)`: a number reads for far less than a
 * timestamp's text, and is exact to the millisecond. node-postgres would write the same array, but it
 * quotes and escapes every element with two regular expressions; a 100-lot batch's columns took
 * about twice as long as this (decision 064).
 */
export function arrayLiteral(values: readonly unknown[]): string {
  let s = '{';
  for (let i = 0; i < values.length; i++) {
    if (i) s += ',';
    s += element(values[i]);
  }
  return `${s}}`;
}

const NEEDS_ESCAPE = /["\\]/;
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const NOT_FOR_JSON = /[\u0000-\u001f\ud800-\udfff]/;

/**
 * Text quoted for an array literal: `"` and `\` escaped with `\`. Text with quotes in it (a NOTIFY
 * payload is JSON) is escaped by `JSON.stringify`, which escapes exactly those two the same way and
 * runs natively, three times as fast on a 4 KB payload as a regular expression; unless it holds a
 * control character or a surrogate (an emoji), which JSON may write as an escape that PostgreSQL
 * reads otherwise.
 */
function quoted(v: string): string {
  if (!NEEDS_ESCAPE.test(v)) return `"${v}"`;
  return NOT_FOR_JSON.test(v) ? `"${v.replace(/["\\]/g, '\\$&')}"` : JSON.stringify(v);
}

function element(v: unknown): string {
  if (v === null || v === undefined) return 'NULL';
  switch (typeof v) {
    case 'number':
      if (!Number.isFinite(v)) throw new RangeError(`not a finite number: ${v}`);
      return String(v);
    case 'bigint':
      return String(v);
    case 'boolean':
      return v ? 't' : 'f';
    case 'string':
      return quoted(v);
    default:
      if (v instanceof Date) return String(v.getTime());
      throw new TypeError(`no array element for ${typeof v}`);
  }
}
