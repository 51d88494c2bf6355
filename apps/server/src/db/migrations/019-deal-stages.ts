import { sql, type Kysely } from 'kysely';

/**
 * The deal after the hammer (docs/product.md#16-the-deal-after-the-hammer): one stage machine per
 * sold lot — 待签约 → 待付款 → 待提车 → 待过户 → 已完成, or 已违约 when a deadline passes — with the
 * signed 成交确认书, the buyer's service fee, the pickup arrangements and the handover.
 * `state` keeps saying whether the balance is paid; `stage` says where the deal stands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table deal
      add column stage text not null default 'signing'
        check (stage in ('signing', 'paying', 'pickup', 'transfer', 'done', 'defaulted')),
      add column sign_deadline timestamptz,
      add column contract_no text unique,
      add column contract_sha256 text,
      add column signed_at timestamptz,
      add column signed_ip text,
      add column signed_ua text,
      add column service_fee bigint not null default 0 check (service_fee >= 0),
      add column fee_payment_no text references payment (payment_no),
      add column fee_paid_at timestamptz,
      add column late_fee_payment_no text references payment (payment_no),
      add column pickup_deadline timestamptz,
      add column pickup_plan jsonb,
      add column handover_at timestamptz,
      add column handover_mileage_km integer,
      add column handover_by bigint references app_user (id),
      add column transfer_deadline timestamptz,
      add column completed_at timestamptz`.execute(db);
  // Deals opened before stages existed had no contract to sign: they stand where their balance does.
  await sql`
    update deal set stage = case state when 'paid' then 'pickup' when 'defaulted' then 'defaulted' else 'paying' end,
      contract_no = 'CJ' || lot_id,
      pickup_deadline = case state when 'paid' then coalesce(paid_at, created_at) + interval '7 days' end`.execute(
    db,
  );
  await sql`create index deal_stage_due_idx on deal (stage, pay_deadline) where stage in ('signing', 'paying')`.execute(
    db,
  );
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance', 'service_fee'))`.execute(
    db,
  );
}
