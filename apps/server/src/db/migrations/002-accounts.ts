import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Buyers now; sellers (SSO) later share the table: role, business_unit_name.
  await sql`
    create table app_user (
      id bigint primary key default nextval('global_id_seq'),
      role text not null check (role in ('buyer', 'seller')),
      tel text,
      password_hash text,
      real_name text not null,
      id_card_no text,
      bidder_type text check (bidder_type in ('personal', 'company')),
      company_name text,
      credit_code text,
      business_unit_name text,
      agreed_at timestamptz,
      login_fail_count integer not null default 0,
      login_fail_since timestamptz,
      locked_until timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index app_user_tel_uq on app_user (tel) where tel is not null`.execute(db);
  await sql`create unique index app_user_id_card_uq on app_user (id_card_no) where id_card_no is not null and role = 'buyer'`.execute(
    db,
  );

  await sql`
    create table user_session (
      id bigint primary key default nextval('global_id_seq'),
      user_id bigint not null references app_user (id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz,
      client_ip text not null default ''
    )`.execute(db);
  await sql`create index user_session_user_idx on user_session (user_id) where revoked_at is null`.execute(
    db,
  );

  await sql`
    create table sms_code (
      id bigint primary key default nextval('global_id_seq'),
      tel text not null,
      purpose text not null,
      code_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      attempts integer not null default 0,
      consumed_at timestamptz,
      client_ip text not null
    )`.execute(db);
  await sql`create index sms_code_tel_idx on sms_code (tel, created_at desc)`.execute(db);
  await sql`create index sms_code_ip_idx on sms_code (client_ip, created_at desc)`.execute(db);

  // Development only: what a real gateway would have delivered. Never written in production.
  await sql`
    create table sms_outbox (
      id bigint primary key default nextval('global_id_seq'),
      tel text not null,
      purpose text not null,
      code text not null,
      sent_at timestamptz not null
    )`.execute(db);
  await sql`create index sms_outbox_tel_idx on sms_outbox (tel, sent_at desc)`.execute(db);

  await sql`
    create table invoice_info (
      user_id bigint primary key references app_user (id) on delete cascade,
      invoice_type text not null check (invoice_type in ('ordinary', 'special')),
      title_type text not null check (title_type in ('personal', 'company')),
      title text not null,
      tax_no text not null default '',
      address text not null default '',
      phone text not null default '',
      bank_name text not null default '',
      bank_account text not null default '',
      updated_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['invoice_info', 'sms_outbox', 'sms_code', 'user_session', 'app_user']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
