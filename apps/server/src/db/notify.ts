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
 * One expression that sends every payload on the channel, in order, to select inside a statement of
 * the caller's transaction: one parameter however many there are (a select list would stop at
 * PostgreSQL's 1,664 columns, and every column is a parameter to parse).
 */
export const notifyAllCall = (channel: string, payloads: string[]): RawBuilder<number> =>
  sql<number>`(select count(pg_notify(${channel}, p)) from json_array_elements_text(${JSON.stringify(payloads)}::json) as p)`;
