import { sql, type Kysely } from 'kysely';

/**
 * Counters and live-connection leases shared by every server process when no Redis is configured
 * (docs/decisions/009-shared-limits-and-proxies.md). Unlogged: losing them in a crash only resets
 * the limits, and they are written on every request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create unlogged table limit_counter (
    key text primary key,
    count integer not null,
    reset_at timestamptz not null
  )`.execute(db);
  await sql`create unlogged table limit_lease (
    key text not null,
    member text not null,
    expires_at timestamptz not null,
    primary key (key, member)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table limit_lease`.execute(db);
  await sql`drop table limit_counter`.execute(db);
}
