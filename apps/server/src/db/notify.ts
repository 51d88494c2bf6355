import { sql, type Kysely, type RawBuilder } from 'kysely';
import { columnsOf } from './columns';
import type { Database } from './schema';

/**
 * NOTIFY through Kysely (LISTEN lives in client.ts). Sent on `db`, a notification goes at once;
 * sent on a transaction, PostgreSQL delivers it at commit, in commit order, or never.
 */
export async function notifyVia(db: Kysely<Database>, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** A JSON payload with its key, and the pack (one NOTIFY) it goes in. */
export interface PackedPayload {
  key: string;
  payload: string;
  pack: number;
}

/**
 * One expression that sends payloads on the channel, in order, to select inside a statement of the
 * caller's transaction: three array parameters however many there are (a select list would stop at
 * PostgreSQL's 1,664 columns, and every column is a parameter to parse). Each payload has a key, and
 * only those whose key `only` (a subquery of the same statement yielding text) returns are sent: a bid
 * batch sends the events of the lots it wrote, and nothing of a lot whose write did not hold. The
 * payloads of one pack go as one NOTIFY, `{"m":[…]}` (a pack left with one payload sends it alone).
 */
export const notifyPackedCall = (
  channel: string,
  items: PackedPayload[],
  only: RawBuilder<unknown>,
): RawBuilder<number> => {
  const c = columnsOf(items, ['key', 'payload', 'pack']);
  return sql<number>`(select count(pg_notify(${channel}, g.payload)) from (
      select case when count(*) = 1 then min(p.payload)
        else '{"m":[' || string_agg(p.payload, ',' order by p.n) || ']}' end as payload
      from unnest(${c.key}::text[], ${c.payload}::text[], ${c.pack}::integer[])
        with ordinality as p(key, payload, pack, n)
      where p.key in ${only}
      group by p.pack order by p.pack) g)`;
};
