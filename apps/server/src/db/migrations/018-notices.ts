import { sql, type Kysely } from 'kysely';

/**
 * The in-app inbox (站内信, docs/product.md#15-notices): one row per event and recipient, written
 * in the same transaction as the change that causes it, so a notice exists exactly when its change
 * committed; `event_key` makes writing it twice a no-op.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notice (
      id bigint primary key default nextval('global_id_seq'),
      user_id bigint not null references app_user (id),
      kind text not null,
      title text not null,
      body text not null,
      link text not null default '',
      event_key text not null,
      created_at timestamptz not null,
      read_at timestamptz,
      unique (user_id, event_key)
    )`.execute(db);
  await sql`create index notice_user_idx on notice (user_id, created_at desc, id desc)`.execute(db);
  await sql`create index notice_unread_idx on notice (user_id) where read_at is null`.execute(db);
}
