import { sql, type Kysely } from 'kysely';

/**
 * The bidding engine's columns on lot and bid, payments (our side and the sandbox payment
 * company's own books) and the deposit ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The secret proxy maximum of the leader (valid while leader_id is the top bid's bidder).
  await sql`alter table lot add column leader_id bigint references app_user (id), add column leader_max bigint, add column closed_at timestamptz`.execute(
    db,
  );
  // What each bid did to the lot, so a watcher's replay carries the same facts as the live event.
  await sql`
    alter table bid
      add column auto boolean not null default false,
      add column extended boolean not null default false,
      add column end_time_after timestamptz,
      add column status_after smallint`.execute(db);
  await sql`create index lot_due_close_idx on lot (end_time) where status in (3, 4)`.execute(db);

  await sql`
    create table payment (
      payment_no text primary key,
      purpose text not null check (purpose in ('deposit')),
      lot_id bigint not null references lot (id),
      buyer_id bigint not null references app_user (id),
      amount bigint not null check (amount > 0),
      subject text not null,
      provider text not null,
      status text not null check (status in ('pending', 'paid', 'closed')),
      provider_trade_no text,
      created_at timestamptz not null,
      paid_at timestamptz
    )`.execute(db);
  await sql`create index payment_buyer_idx on payment (buyer_id, created_at desc)`.execute(db);
  // At most one open (pending or paid) payment per purpose, lot and buyer.
  await sql`create unique index payment_open_uq on payment (purpose, lot_id, buyer_id) where status <> 'closed'`.execute(
    db,
  );

  // Every notification received, kept verbatim, with what it did.
  await sql`
    create table payment_notification (
      id bigint primary key default nextval('global_id_seq'),
      provider text not null,
      payment_no text,
      provider_trade_no text,
      body text not null,
      signature text not null,
      outcome text not null check (outcome in ('applied', 'duplicate', 'rejected')),
      reason text,
      received_at timestamptz not null
    )`.execute(db);
  await sql`create index payment_notification_no_idx on payment_notification (payment_no, received_at)`.execute(
    db,
  );

  await sql`
    create table deposit_ledger (
      id bigint primary key default nextval('global_id_seq'),
      lot_id bigint not null references lot (id),
      buyer_id bigint not null references app_user (id),
      payment_no text not null unique references payment (payment_no),
      bidder_no text not null,
      state text not null check (state in ('frozen', 'applied', 'refunded', 'forfeited')),
      amount bigint not null check (amount >= 0),
      frozen_at timestamptz not null,
      settled_at timestamptz,
      unique (lot_id, buyer_id),
      unique (lot_id, bidder_no)
    )`.execute(db);
  await sql`create index deposit_ledger_buyer_idx on deposit_ledger (buyer_id, frozen_at desc)`.execute(db);

  // One row per movement of deposit money: null → frozen, frozen → applied | refunded | forfeited.
  await sql`
    create table deposit_movement (
      id bigint primary key default nextval('global_id_seq'),
      ledger_id bigint not null references deposit_ledger (id),
      lot_id bigint not null,
      buyer_id bigint not null,
      from_state text,
      to_state text not null,
      amount bigint not null,
      reason text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index deposit_movement_ledger_idx on deposit_movement (ledger_id, at)`.execute(db);

  // The sandbox payment company's own records: what a real provider would keep on its side.
  await sql`
    create table sandbox_trade (
      trade_no text primary key,
      merchant_payment_no text not null unique,
      subject text not null,
      amount bigint not null check (amount > 0),
      notify_url text not null,
      return_url text not null,
      status text not null check (status in ('WAIT_BUYER_PAY', 'TRADE_SUCCESS', 'TRADE_CLOSED')),
      created_at timestamptz not null,
      paid_at timestamptz,
      notify_attempts integer not null default 0,
      next_notify_at timestamptz,
      notified_at timestamptz,
      last_notify_error text
    )`.execute(db);
  await sql`create index sandbox_trade_notify_idx on sandbox_trade (next_notify_at) where next_notify_at is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'sandbox_trade',
    'deposit_movement',
    'deposit_ledger',
    'payment_notification',
    'payment',
  ]) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
  await sql`drop index if exists lot_due_close_idx`.execute(db);
  await sql`alter table bid drop column auto, drop column extended, drop column end_time_after, drop column status_after`.execute(
    db,
  );
  await sql`alter table lot drop column leader_id, drop column leader_max, drop column closed_at`.execute(db);
}
