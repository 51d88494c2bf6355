import { sql, type RawBuilder } from 'kysely';

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
 * One statement: `with` the CTEs, then those of the parts, in order, selecting the expressions of
 * `select` by name. Written as SQL, not through Kysely's query builder: a bid batch builds one for
 * every batch, and the builder parsed each CTE's name and walked the whole tree again each time, a
 * fixed cost of every batch that a batch of one bid paid alone (docs/scaling.md, twenty-ninth
 * session). Each CTE's body comes with its own parentheses.
 */
export function statementOf<R>(
  ctes: Array<[name: string, body: RawBuilder<unknown>]>,
  parts: StatementPart[],
  select: Array<[alias: string, expression: RawBuilder<unknown>]>,
): RawBuilder<R> {
  const all = [...ctes, ...parts.flatMap((p) => p.ctes)];
  return sql<R>`with ${sql.join(all.map(([name, body]) => sql`${sql.id(name)} as ${body}`))}
    select ${sql.join(select.map(([alias, expression]) => sql`${expression} as ${sql.id(alias)}`))}`;
}
