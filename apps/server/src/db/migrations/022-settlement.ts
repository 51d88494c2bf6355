import { sql, type Kysely } from 'kysely';

/**
 * Settlement, refunds and reconciliation (docs/product.md#17-ledger-and-settlement, decision 023).
 * - payout: one per credit to a unit's payable (a sale's proceeds, a share of a forfeit), sent to
 *   the payment company with retries and confirmed by its signed notice;
 * - refund: deposits given back at the close and operators' manual refunds (maker-checker);
 * - transfer_notice: every payout/refund notice received, kept verbatim; a replayed notice id is refused;
 * - sandbox_transfer: the sandbox payment company's own records of bank transfers;
 * - reconciliation_mismatch: what the reconciliation job found, until an operator resolves it;
 * - job_clock: when a periodic job last ran (the reconciliation runs every 10 minutes).
 * The lot's terms gain the forfeit split and whether the seller pays its fee separately.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table lot
      add column forfeit_seller_pct smallint not null default 70 check (forfeit_seller_pct between 0 and 100),
      add column seller_fee_separate boolean not null default false`.execute(db);
  await sql`alter table deal add column seller_fee_payment_no text, add column seller_fee_paid_at timestamptz`.execute(
    db,
  );

  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`
    alter table payment add constraint payment_purpose_check
      check (purpose in ('deposit', 'balance', 'service_fee', 'seller_fee', 'storage_fee'))`.execute(db);

  await sql`alter table payout drop constraint payout_lot_id_key`.execute(db);
  await sql`alter table payout drop constraint payout_status_check`.execute(db);
  await sql`
    alter table payout
      add constraint payout_status_check check (status in ('pending', 'sending', 'sent', 'paid', 'failed')),
      add column kind text not null default 'sale' check (kind in ('sale', 'forfeit')),
      add column source_journal text not null unique,
      add column next_attempt_at timestamptz,
      add column updated_at timestamptz`.execute(db);
  await sql`create index payout_lot_idx on payout (lot_id)`.execute(db);
  await sql`create index payout_due_idx on payout (next_attempt_at) where status in ('pending', 'sending')`.execute(
    db,
  );

  await sql`
    create table refund (
      refund_no text primary key,
      kind text not null check (kind in ('deposit', 'excess', 'manual')),
      lot_id bigint not null references lot (id),
      payment_no text not null references payment (payment_no),
      buyer_id bigint not null references app_user (id),
      amount bigint not null check (amount > 0),
      reason text not null,
      status text not null check (status in ('requested', 'rejected', 'pending', 'sending', 'sent', 'done', 'failed')),
      requested_by bigint references app_user (id),
      requested_at timestamptz not null,
      decided_by bigint references app_user (id),
      decided_at timestamptz,
      decision_note text,
      provider_ref text,
      failure text,
      attempts integer not null default 0,
      next_attempt_at timestamptz,
      done_at timestamptz
    )`.execute(db);
  await sql`create index refund_status_idx on refund (status, requested_at desc)`.execute(db);
  await sql`create index refund_payment_idx on refund (payment_no)`.execute(db);
  await sql`create index refund_due_idx on refund (next_attempt_at) where status in ('pending', 'sending')`.execute(
    db,
  );

  await sql`
    create table transfer_notice (
      id bigint primary key default nextval('global_id_seq'),
      notice_id text unique,
      kind text,
      ref text,
      body text not null,
      signature text not null,
      outcome text not null check (outcome in ('applied', 'duplicate', 'rejected')),
      reason text,
      received_at timestamptz not null
    )`.execute(db);
  await sql`create index transfer_notice_ref_idx on transfer_notice (ref, received_at)`.execute(db);

  await sql`
    create table sandbox_transfer (
      transfer_no text primary key,
      kind text not null check (kind in ('payout', 'refund')),
      merchant_no text not null,
      amount bigint not null,
      payee text not null,
      status text not null check (status in ('PROCESSING', 'SUCCESS', 'FAILED')),
      failure text,
      notify_url text not null,
      next_notify_at timestamptz,
      notify_attempts integer not null default 0,
      notified_at timestamptz,
      last_notify_error text,
      created_at timestamptz not null,
      done_at timestamptz,
      unique (kind, merchant_no)
    )`.execute(db);
  await sql`create index sandbox_transfer_due_idx on sandbox_transfer (next_notify_at) where next_notify_at is not null`.execute(
    db,
  );

  await sql`
    create table reconciliation_mismatch (
      id bigint primary key default nextval('global_id_seq'),
      kind text not null,
      ref text not null,
      lot_id bigint,
      detail text not null,
      found_at timestamptz not null,
      last_seen_at timestamptz not null,
      resolved_at timestamptz,
      resolved_by bigint references app_user (id),
      resolved_note text
    )`.execute(db);
  await sql`create unique index reconciliation_open_uq on reconciliation_mismatch (kind, ref) where resolved_at is null`.execute(
    db,
  );
  await sql`create index reconciliation_found_idx on reconciliation_mismatch (found_at desc)`.execute(db);

  await sql`create table job_clock (name text primary key, last_at timestamptz not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['job_clock', 'reconciliation_mismatch', 'sandbox_transfer', 'transfer_notice', 'refund'])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  await sql`drop index if exists payout_lot_idx`.execute(db);
  await sql`drop index if exists payout_due_idx`.execute(db);
  await sql`alter table payout drop constraint payout_status_check`.execute(db);
  await sql`
    alter table payout drop column kind, drop column source_journal, drop column next_attempt_at, drop column updated_at,
      add constraint payout_status_check check (status in ('pending', 'paid', 'failed'))`.execute(db);
  await sql`alter table payout add constraint payout_lot_id_key unique (lot_id)`.execute(db);
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance', 'service_fee'))`.execute(
    db,
  );
  await sql`alter table deal drop column seller_fee_payment_no, drop column seller_fee_paid_at`.execute(db);
  await sql`alter table lot drop column forfeit_seller_pct, drop column seller_fee_separate`.execute(db);
}
