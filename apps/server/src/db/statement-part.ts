import type { QueryCreator, RawBuilder } from 'kysely';

/**
 * Writes that one module adds to a statement another module builds, so that both happen in one
 * round trip (a bid batch and its outbid notices): named CTEs, since PostgreSQL takes data-modifying
 * statements only in the WITH of a statement's top level, and an expression the statement selects.
 * Data-modifying CTEs run to completion whether or not the statement reads them.
 */
export interface StatementPart {
  ctes: Array<[name: string, body: RawBuilder<unknown>]>;
  select: RawBuilder<number>;
}

/**
 * `qc` with the CTEs of the parts added, in order. The statement reads none of their rows through
 * the builder (only through the parts' own SQL), so its type stays that of `qc`.
 */
export function withParts<DB>(qc: QueryCreator<DB>, parts: StatementPart[]): QueryCreator<DB> {
  let q = qc;
  for (const part of parts)
    for (const [name, body] of part.ctes)
      q = q.with(name, () => body as RawBuilder<Record<string, unknown>>) as unknown as QueryCreator<DB>;
  return q;
}
