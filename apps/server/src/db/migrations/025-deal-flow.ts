import { sql, type Kysely } from 'kysely';

/**
 * The deal's flow after the hammer (docs/product.md#16-the-deal-after-the-hammer, decisions 024
 * and 025): terms per lot and on each deal, storage fees, the transfer record, the paper contract,
 * defaults with strikes and bars, second-chance offers, reminders sent, invoice requests.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Platform settings (the default deal terms, the bar period), one JSON value per key.
  await sql`
    create table platform_setting (
      key text primary key,
      value jsonb not null,
      updated_at timestamptz not null,
      updated_by bigint references app_user (id)
    )`.execute(db);
  // The lot's own terms (a partial override of the platform's defaults), fixed when the deal opens.
  await sql`alter table lot add column deal_terms jsonb`.execute(db);
  await sql`
    alter table deal
      add column terms jsonb,
      add column round integer not null default 1,
      add column storage_paid bigint not null default 0 check (storage_paid >= 0),
      add column transfer_date date,
      add column transfer_proof_file_id bigint references file (id),
      add column transfer_recorded_at timestamptz,
      add column transfer_recorded_by bigint references app_user (id),
      add column transfer_recorded_role text check (transfer_recorded_role in ('seller', 'operator')),
      add column paper_contract_file_id bigint references file (id),
      add column paper_contract_status text check (paper_contract_status in ('pending', 'accepted', 'rejected')),
      add column paper_contract_reason text,
      add column paper_contract_uploaded_at timestamptz,
      add column paper_contract_reviewed_at timestamptz,
      add column paper_contract_reviewed_by bigint references app_user (id)`.execute(db);
  await sql`create index deal_open_deadlines_idx on deal (stage) where stage in ('signing', 'paying', 'pickup', 'transfer')`.execute(
    db,
  );
  await sql`create index deal_paper_contract_idx on deal (paper_contract_status, paper_contract_uploaded_at) where paper_contract_status is not null`.execute(
    db,
  );

  // One row per default (悔拍): who, why, the forfeit and its split, and what the seller chose.
  await sql`
    create table deal_default (
      id bigint primary key default nextval('global_id_seq'),
      lot_id bigint not null references lot (id),
      buyer_id bigint not null references app_user (id),
      round integer not null,
      reason text not null check (reason in ('sign', 'pay')),
      final_price bigint not null,
      forfeited bigint not null check (forfeited >= 0),
      seller_share bigint not null check (seller_share >= 0),
      platform_share bigint not null check (platform_share >= 0),
      late_payment_no text,
      late_fee_payment_no text,
      at timestamptz not null,
      resolution text not null default 'none' check (resolution in ('none', 'secondChance', 'relisted')),
      relisted_order_id bigint,
      resolved_at timestamptz,
      resolved_by bigint references app_user (id),
      unique (lot_id, round)
    )`.execute(db);
  await sql`create index deal_default_open_idx on deal_default (at desc) where resolution <> 'relisted'`.execute(
    db,
  );

  await sql`
    create table second_chance_offer (
      id bigint primary key default nextval('global_id_seq'),
      lot_id bigint not null references lot (id),
      default_id bigint not null references deal_default (id),
      buyer_id bigint not null references app_user (id),
      bidder_no text not null,
      price bigint not null check (price > 0),
      status text not null check (status in ('pending', 'accepted', 'declined', 'expired')),
      offered_at timestamptz not null,
      expires_at timestamptz not null,
      decided_at timestamptz,
      offered_by bigint references app_user (id),
      unique (lot_id, buyer_id)
    )`.execute(db);
  await sql`create unique index second_chance_pending_uq on second_chance_offer (lot_id) where status = 'pending'`.execute(
    db,
  );
  await sql`create index second_chance_due_idx on second_chance_offer (expires_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index second_chance_buyer_idx on second_chance_offer (buyer_id, offered_at desc)`.execute(
    db,
  );

  await sql`
    create table buyer_bar (
      id bigint primary key default nextval('global_id_seq'),
      buyer_id bigint not null references app_user (id),
      since timestamptz not null,
      until timestamptz not null,
      lifted_at timestamptz,
      lifted_by bigint references app_user (id),
      lift_reason text
    )`.execute(db);
  await sql`create index buyer_bar_buyer_idx on buyer_bar (buyer_id, until desc)`.execute(db);
  await sql`
    create table buyer_strike (
      id bigint primary key default nextval('global_id_seq'),
      buyer_id bigint not null references app_user (id),
      lot_id bigint not null references lot (id),
      default_id bigint not null references deal_default (id),
      reason text not null,
      at timestamptz not null,
      -- The bar this strike counted towards (a strike counts towards one bar only).
      bar_id bigint references buyer_bar (id),
      unique (lot_id, buyer_id)
    )`.execute(db);
  await sql`create index buyer_strike_buyer_idx on buyer_strike (buyer_id, at)`.execute(db);

  // Reminders sent: one per deal round, deadline and lead time, however often the job runs.
  await sql`
    create table deal_reminder (
      lot_id bigint not null references lot (id),
      round integer not null,
      deadline_kind text not null check (deadline_kind in ('sign', 'pay', 'pickup', 'transfer')),
      lead text not null check (lead in ('24h', '2h')),
      deadline timestamptz not null,
      sent_at timestamptz not null,
      primary key (lot_id, round, deadline_kind, lead)
    )`.execute(db);

  await sql`
    create table invoice_request (
      payment_no text primary key references payment (payment_no),
      user_id bigint not null references app_user (id),
      lot_id bigint not null references lot (id),
      status text not null check (status in ('requested', 'issued')),
      title text not null,
      info jsonb not null,
      requested_at timestamptz not null,
      issued_at timestamptz
    )`.execute(db);

  // Storage fees are paid as payments too; a deal may pay storage more than once (more days), so
  // only one storage payment may be pending at a time. seller_fee is the unit's separate commission.
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance', 'service_fee', 'storage_fee', 'seller_fee'))`.execute(
    db,
  );
  await sql`drop index payment_open_uq`.execute(db);
  await sql`create unique index payment_open_uq on payment (purpose, lot_id, buyer_id) where status <> 'closed' and purpose <> 'storage_fee'`.execute(
    db,
  );
  await sql`create unique index payment_storage_pending_uq on payment (lot_id, buyer_id) where status = 'pending' and purpose = 'storage_fee'`.execute(
    db,
  );
}

/** Back to 022: the tables and columns above go; payments keep 022's purposes. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists payment_storage_pending_uq`.execute(db);
  await sql`drop index if exists payment_open_uq`.execute(db);
  await sql`create unique index payment_open_uq on payment (purpose, lot_id, buyer_id) where status <> 'closed'`.execute(
    db,
  );
  for (const table of [
    'invoice_request',
    'deal_reminder',
    'buyer_strike',
    'buyer_bar',
    'second_chance_offer',
    'deal_default',
    'platform_setting',
  ])
    await sql`drop table if exists ${sql.table(table)}`.execute(db);
  await sql`drop index if exists deal_paper_contract_idx`.execute(db);
  await sql`drop index if exists deal_open_deadlines_idx`.execute(db);
  await sql`
    alter table deal
      drop column terms,
      drop column round,
      drop column storage_paid,
      drop column transfer_date,
      drop column transfer_proof_file_id,
      drop column transfer_recorded_at,
      drop column transfer_recorded_by,
      drop column transfer_recorded_role,
      drop column paper_contract_file_id,
      drop column paper_contract_status,
      drop column paper_contract_reason,
      drop column paper_contract_uploaded_at,
      drop column paper_contract_reviewed_at,
      drop column paper_contract_reviewed_by`.execute(db);
  await sql`alter table lot drop column deal_terms`.execute(db);
}
