import { sql, type Kysely } from 'kysely';

/**
 * Sellers through single sign-on (docs/decisions/015-seller-sso.md). The identity provider proves
 * who a person is; which business units (seller_org) a seller acts for is ours. `user_identity`
 * links an issuer's subject to one of our users per role, so staff (role 'operator') can sign in
 * through the same provider later with rows of their own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user drop constraint app_user_role_check`.execute(db);
  await sql`alter table app_user add constraint app_user_role_check check (role in ('buyer', 'seller', 'operator'))`.execute(
    db,
  );

  await sql`
    create table user_identity (
      user_id bigint primary key references app_user (id) on delete cascade,
      role text not null check (role in ('seller', 'operator')),
      provider text not null,
      subject text not null,
      phone text not null default '',
      last_login_at timestamptz,
      unique (provider, subject, role)
    )`.execute(db);

  await sql`alter table seller_org add column credit_code text not null default ''`.execute(db);
  await sql`alter table seller_org add column address text not null default ''`.execute(db);

  await sql`
    create table seller_member (
      user_id bigint not null references app_user (id) on delete cascade,
      seller_org_id bigint not null references seller_org (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, seller_org_id)
    )`.execute(db);

  // The unit a seller's session acts for, and the ID token for logging out at the issuer.
  await sql`
    create table seller_session (
      session_id bigint primary key references user_session (id) on delete cascade,
      seller_org_id bigint references seller_org (id),
      id_token text not null default ''
    )`.execute(db);

  // One pending authorization request per login attempt: single use, bound to the browser.
  await sql`
    create table sso_login_flow (
      state text primary key,
      code_verifier text not null,
      nonce text not null,
      browser_hash text not null,
      redirect text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`.execute(db);
  await sql`create index sso_login_flow_expires_idx on sso_login_flow (expires_at)`.execute(db);

  // The embedded identity provider (development, tests, demo): its accounts and its state.
  await sql`
    create table idp_account (
      id bigint primary key default nextval('global_id_seq'),
      username text not null unique,
      password_hash text not null,
      name text not null,
      phone text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table oidc_model (
      model text not null,
      id text not null,
      payload jsonb not null,
      grant_id text,
      user_code text,
      uid text,
      expires_at timestamptz,
      consumed_at timestamptz,
      primary key (model, id)
    )`.execute(db);
  await sql`create index oidc_model_grant_idx on oidc_model (grant_id) where grant_id is not null`.execute(
    db,
  );
  await sql`create index oidc_model_uid_idx on oidc_model (uid) where uid is not null`.execute(db);
  await sql`create index oidc_model_user_code_idx on oidc_model (user_code) where user_code is not null`.execute(
    db,
  );
  await sql`create index oidc_model_expires_idx on oidc_model (expires_at) where expires_at is not null`.execute(
    db,
  );

  // A unit's invoice details and payment-receiving account (the account number encrypted).
  await sql`
    create table seller_invoice_info (
      seller_org_id bigint primary key references seller_org (id) on delete cascade,
      title text not null,
      tax_no text not null,
      address text not null,
      phone text not null,
      bank_name text not null,
      bank_account text not null,
      updated_by bigint not null references app_user (id),
      updated_at timestamptz not null
    )`.execute(db);
  await sql`
    create table collection_account (
      seller_org_id bigint primary key references seller_org (id) on delete cascade,
      account_name text not null,
      bank_name text not null,
      branch_name text not null,
      account_no_cipher text not null,
      account_no_last4 text not null,
      bank_code text not null,
      updated_by bigint not null references app_user (id),
      updated_at timestamptz not null
    )`.execute(db);
  // Every change, kept for operators: who, when, from where, and what it became.
  await sql`
    create table collection_account_history (
      id bigint primary key default nextval('global_id_seq'),
      seller_org_id bigint not null references seller_org (id) on delete cascade,
      account_name text not null,
      bank_name text not null,
      branch_name text not null,
      account_no_cipher text not null,
      account_no_last4 text not null,
      bank_code text not null,
      changed_by bigint not null references app_user (id),
      changed_at timestamptz not null,
      client_ip text not null
    )`.execute(db);
  await sql`create index collection_account_history_org_idx on collection_account_history (seller_org_id, changed_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'collection_account_history',
    'collection_account',
    'seller_invoice_info',
    'oidc_model',
    'idp_account',
    'sso_login_flow',
    'seller_session',
    'seller_member',
    'user_identity',
  ])
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  await sql`alter table seller_org drop column if exists credit_code, drop column if exists address`.execute(
    db,
  );
}
