import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from './schema';

/**
 * NOTIFY through Kysely (LISTEN lives in client.ts). Sent on `db`, a notification goes at once;
 * sent on a transaction, PostgreSQL delivers it at commit, in commit order, or never.
 */
export async function notifyVia(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/**
 * One expression that sends payloads on the channel, in order, to select inside a statement of the
 * caller's transaction: one parameter however many there are (a select list would stop at
 * PostgreSQL's 1,664 columns, and every column is a parameter to parse). Each payload has a key, and
 * only those whose key `only` (a subquery of the same statement yielding text) returns are sent: a bid
 * batch sends the events of the lots it wrote, and nothing of a lot whose write did not hold.
 */
export const notifyKeyedCall = (
  channel: string,
  items: Array<{ key: string; payload: string }>,
  only: RawBuilder<unknown>,
): RawBuilder<number> =>
  sql<number>`(select count(pg_notify(${channel}, p.payload))
    from json_to_recordset(${JSON.stringify(items)}::json) as p(key text, payload text)
    where p.key in ${only})`;
