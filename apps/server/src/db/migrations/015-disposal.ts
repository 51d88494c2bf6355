import { sql, type Kysely } from 'kysely';

/**
 * Vehicle disposal and the operator console (docs/product.md#14-disposal-and-review).
 *
 * An order is what a disposal unit submits. Until a reviewer approves it, it lives here only
 * (stage pending / returned / withdrawn); approval writes the lot row with the same id, so
 * `orderId` names one thing from submission to the deal, and the lot's status takes over.
 * Drafts are loose JSON, validated only on submit. Events are the order's timeline. Operators are
 * app users with role 'operator' and one or more staff roles. The audit log is append-only: a
 * trigger refuses UPDATE and DELETE, whoever asks.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auction_order (
      id bigint primary key default nextval('global_id_seq'),
      seller_org_id bigint not null references seller_org (id),
      submitted_by bigint not null references app_user (id),
      stage text not null check (stage in ('pending', 'returned', 'withdrawn', 'approved')),
      form jsonb not null,
      title text not null,
      vin text not null,
      plate_no text not null,
      review_kind text check (review_kind in ('reject', 'changes')),
      review_reason text,
      reviewed_by bigint references app_user (id),
      reviewed_at timestamptz,
      cancel_reason text,
      cancelled_at timestamptz,
      submit_count integer not null default 1,
      submitted_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index auction_order_unit_idx on auction_order (seller_org_id, submitted_at desc, id desc)`.execute(
    db,
  );
  await sql`create index auction_order_stage_idx on auction_order (stage, submitted_at, id)`.execute(db);
  await sql`create index auction_order_vin_idx on auction_order (vin)`.execute(db);
  await sql`create index lot_vin_idx on lot (vin)`.execute(db);

  await sql`
    create table auction_order_draft (
      id bigint primary key default nextval('global_id_seq'),
      seller_org_id bigint not null references seller_org (id),
      user_id bigint not null references app_user (id),
      title text not null default '',
      form jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
  await sql`create index auction_order_draft_unit_idx on auction_order_draft (seller_org_id, updated_at desc)`.execute(
    db,
  );

  await sql`
    create table auction_order_event (
      id bigint primary key default nextval('global_id_seq'),
      order_id bigint not null references auction_order (id),
      kind text not null,
      at timestamptz not null,
      actor_id bigint references app_user (id),
      note text not null default ''
    )`.execute(db);
  await sql`create index auction_order_event_order_idx on auction_order_event (order_id, at, id)`.execute(db);

  await sql`
    create table operator_role (
      user_id bigint not null references app_user (id) on delete cascade,
      role text not null check (role in ('reviewer', 'scheduler', 'finance', 'admin')),
      primary key (user_id, role)
    )`.execute(db);

  await sql`
    create table audit_log (
      id bigint primary key default nextval('global_id_seq'),
      at timestamptz not null default now(),
      operator_id bigint not null references app_user (id),
      operator_name text not null,
      action text not null,
      target_type text not null,
      target_id text not null default '',
      ip text not null default '',
      user_agent text not null default '',
      before jsonb,
      after jsonb,
      reason text not null default ''
    )`.execute(db);
  await sql`create index audit_log_at_idx on audit_log (at desc, id desc)`.execute(db);
  await sql`create index audit_log_target_idx on audit_log (target_id, at desc)`.execute(db);
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end $$`.execute(db);
  await sql`
    create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists audit_log`.execute(db);
  await sql`drop function if exists audit_log_append_only()`.execute(db);
  await sql`drop table if exists operator_role`.execute(db);
  await sql`drop table if exists auction_order_event`.execute(db);
  await sql`drop table if exists auction_order_draft`.execute(db);
  await sql`drop table if exists auction_order`.execute(db);
  await sql`drop index if exists lot_vin_idx`.execute(db);
}
