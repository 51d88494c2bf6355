import { sql, type Kysely } from 'kysely';

/**
 * Session templates of the console's schedulers (docs/product.md#14-disposal-and-review): on which
 * weekdays a session runs, when bidding starts (Beijing time), how long the first lot runs and how
 * many minutes apart the following lots end, and how far ahead preview and registration open. A
 * session is the set of lots that start at the same instant; the calendar groups them so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table session_template (
      id bigint primary key default nextval('global_id_seq'),
      name text not null,
      weekdays smallint[] not null,
      start_minute integer not null check (start_minute between 0 and 1439),
      duration_minutes integer not null check (duration_minutes between 10 and 1440),
      stagger_minutes integer not null check (stagger_minutes between 0 and 120),
      preview_days integer not null check (preview_days between 0 and 30),
      reg_hours integer not null check (reg_hours between 1 and 720),
      archived boolean not null default false,
      updated_by bigint not null references app_user (id),
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index lot_start_time_idx on lot (start_time)`.execute(db);
}
