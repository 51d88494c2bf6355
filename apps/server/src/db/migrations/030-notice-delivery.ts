import { sql, type Kysely } from 'kysely';

/**
 * Delivering the inbox beyond itself (docs/decisions/026-notice-delivery.md): the SMS queue, the
 * users' preferences, the watchlist and the markers that make time-driven alerts happen once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One SMS per notice at most; a claimed row carries a lease in next_at so two processes never
  // send it at once. Decision 021: delivery records its attempts here, never on the notice.
  await sql`
    create table notice_delivery (
      id bigint primary key default nextval('global_id_seq'),
      notice_id bigint not null references notice (id) on delete cascade,
      user_id bigint not null references app_user (id),
      channel text not null check (channel in ('sms')),
      state text not null default 'pending' check (state in ('pending', 'sent', 'failed', 'skipped')),
      attempts int not null default 0,
      next_at timestamptz not null,
      last_error text not null default '',
      note text not null default '',
      sent_at timestamptz,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (notice_id, channel)
    )`.execute(db);
  await sql`create index notice_delivery_due_idx on notice_delivery (next_at) where state = 'pending'`.execute(
    db,
  );
  await sql`create index notice_delivery_trouble_idx on notice_delivery (updated_at desc)
    where state = 'failed' or (state = 'pending' and attempts > 0)`.execute(db);

  // Switched-off channels as 'group.channel' tokens (an empty list is every default).
  await sql`
    create table notice_pref (
      user_id bigint primary key references app_user (id),
      off text[] not null default '{}',
      quiet_enabled boolean not null default true,
      quiet_start smallint not null default 1320,
      quiet_end smallint not null default 480,
      updated_at timestamptz not null
    )`.execute(db);

  // At most one SMS of a scope (e.g. outbid on a lot) per user per window.
  await sql`
    create table notice_throttle (
      user_id bigint not null,
      scope text not null,
      last_at timestamptz not null,
      primary key (user_id, scope)
    )`.execute(db);

  // Which lot page each live user channel shows: SMS about that lot is spared while it is fresh.
  await sql`
    create table live_presence (
      conn_id text primary key,
      user_id bigint not null,
      lot_id bigint,
      seen_at timestamptz not null
    )`.execute(db);
  await sql`create index live_presence_user_idx on live_presence (user_id, lot_id)`.execute(db);

  await sql`
    create table lot_watch (
      user_id bigint not null references app_user (id),
      lot_id bigint not null references lot (id),
      created_at timestamptz not null,
      primary key (user_id, lot_id)
    )`.execute(db);
  await sql`create index lot_watch_lot_idx on lot_watch (lot_id)`.execute(db);

  // A time-driven alert of a lot (starting soon, bidding started) is claimed here once.
  await sql`
    create table lot_alert (
      lot_id bigint not null references lot (id),
      kind text not null,
      at timestamptz not null,
      primary key (lot_id, kind)
    )`.execute(db);

  // The development outbox keeps notice texts too; `ref` is the gateway's idempotency key (the
  // delivery id), so a resend after a crash between sending and recording is refused as a duplicate.
  await sql`alter table sms_outbox add column text text not null default ''`.execute(db);
  await sql`alter table sms_outbox add column ref text unique`.execute(db);

  // The watcher figure becomes the real count of lot_watch rows, kept in step by watch/unwatch.
  await sql`update lot set watchers = 0 where watchers <> 0`.execute(db);
}
