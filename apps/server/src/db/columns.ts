/**
 * Rows as one array a column, to pass as typed array parameters and read back with `unnest`
 * (`unnest($1::bigint[], $2::text[], …) as v(a, b, …)`): PostgreSQL reads a typed array for less than
 * a JSON record set, which it lexes, matches by key and checks again (docs/scaling.md, the
 * twenty-seventh session). `undefined` is sent as null.
 */
export function columnsOf<T extends object, K extends keyof T>(
  rows: readonly T[],
  keys: readonly K[],
): { [P in K]: Array<T[P] | null> } {
  const out = {} as { [P in K]: Array<T[P] | null> };
  for (const k of keys) out[k] = rows.map((r) => r[k] ?? null);
  return out;
}
