import { sql, type Kysely } from 'kysely';

/**
 * Sellers (disposal units), lots, their photos and bids. Lot-scoped tables lead with lot_id so
 * they can be sharded by lot later. Money is integer fen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table seller_org (
      id bigint primary key default nextval('global_id_seq'),
      code text not null unique,
      name text not null,
      org_type text not null check (org_type in ('企业', '融资租赁', '机关单位')),
      contact_name text not null default '',
      contact_phone text not null default '',
      created_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table lot (
      id bigint primary key default nextval('global_id_seq'),
      seller_id bigint not null references seller_org (id),
      demo_key text unique,
      status smallint not null check (status between 0 and 7),
      title text not null,
      brand_name text not null,
      series_name text not null,
      model_name text not null,
      brand_id bigint,
      series_id bigint,
      model_id bigint,
      body_type text not null check (body_type in ('sedan', 'suv', 'mpv', 'hatchback', 'pickup', 'van')),
      vin text not null,
      plate_no text not null,
      plate_city text not null,
      first_reg_date date not null,
      mileage_km integer not null check (mileage_km >= 0),
      color text not null,
      fuel_type text not null,
      transmission text not null,
      displacement text not null,
      emission_standard text not null,
      usage_type text not null check (usage_type in ('非营运', '营运')),
      transfer_count smallint not null default 0,
      inspection_expiry date,
      insurance_expiry date,
      province text not null,
      city text not null,
      pickup_address text not null,
      condition_report jsonb not null,
      documents jsonb not null,
      description text not null default '',
      start_price bigint not null check (start_price > 0),
      increment bigint not null check (increment > 0),
      deposit bigint not null check (deposit >= 0),
      reserve_price bigint,
      appraisal_price bigint,
      current_price bigint not null,
      bid_count integer not null default 0,
      watchers integer not null default 0,
      views bigint not null default 0,
      preview_time timestamptz not null,
      reg_start_time timestamptz not null,
      start_time timestamptz not null,
      end_time timestamptz not null,
      extend_window_sec integer not null default 300,
      extend_step_sec integer not null default 300,
      listed_at timestamptz not null,
      search_text text not null,
      search_grams text[] not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);

  // Keyword search on the lower-cased document: trigrams (LIKE) for 3+ characters, and an
  // app-maintained array of every 1–2 character substring of each word for short keywords such as
  // 宝马 (trigrams need 3).
  await sql`create index lot_search_trgm_idx on lot using gin (search_text gin_trgm_ops)`.execute(db);
  await sql`create index lot_search_grams_idx on lot using gin (search_grams)`.execute(db);
  // Every filter and sort. Single-status queries use (status, key); the public listing and the
  // multi-status halls have partial indexes in each sort order, so a page is a short index walk.
  await sql`create index lot_status_end_idx on lot (status, end_time, id)`.execute(db);
  await sql`create index lot_status_price_idx on lot (status, current_price, id)`.execute(db);
  await sql`create index lot_status_listed_idx on lot (status, listed_at desc, id desc)`.execute(db);
  // 'Ending soon' over every public status lists lots still open first, the ended ones after.
  await sql`create index lot_public_end_idx on lot ((status >= 5), end_time, id) where status in (0, 2, 3, 4, 5, 6)`.execute(
    db,
  );
  await sql`create index lot_public_price_idx on lot (current_price, id) where status in (0, 2, 3, 4, 5, 6)`.execute(
    db,
  );
  await sql`create index lot_public_listed_idx on lot (listed_at desc, id desc) where status in (0, 2, 3, 4, 5, 6)`.execute(
    db,
  );
  await sql`create index lot_public_bids_idx on lot (bid_count desc, id) where status in (0, 2, 3, 4, 5, 6)`.execute(
    db,
  );
  await sql`create index lot_bidding_end_idx on lot (end_time, id) where status in (3, 4)`.execute(db);
  await sql`create index lot_bidding_price_idx on lot (current_price, id) where status in (3, 4)`.execute(db);
  await sql`create index lot_bidding_bids_idx on lot (bid_count desc, id) where status in (3, 4)`.execute(db);
  await sql`create index lot_result_end_idx on lot (end_time desc, id desc) where status in (5, 6)`.execute(
    db,
  );
  await sql`create index lot_result_price_idx on lot (current_price, id) where status in (5, 6)`.execute(db);
  await sql`create index lot_result_bids_idx on lot (bid_count desc, id) where status in (5, 6)`.execute(db);
  await sql`create index lot_brand_idx on lot (brand_name, status, current_price)`.execute(db);
  await sql`create index lot_brand_id_idx on lot (brand_id, status) where brand_id is not null`.execute(db);
  await sql`create index lot_city_idx on lot (city, status, end_time)`.execute(db);
  await sql`create index lot_province_idx on lot (province, status, end_time)`.execute(db);
  await sql`create index lot_reg_date_idx on lot (first_reg_date, status)`.execute(db);
  await sql`create index lot_mileage_idx on lot (mileage_km, status)`.execute(db);
  await sql`create index lot_fuel_idx on lot (fuel_type, status, end_time)`.execute(db);
  await sql`create index lot_seller_idx on lot (seller_id)`.execute(db);

  await sql`
    create table lot_photo (
      lot_id bigint not null references lot (id) on delete cascade,
      seq smallint not null,
      url text not null,
      label text not null,
      is_cover boolean not null default false,
      primary key (lot_id, seq)
    )`.execute(db);

  await sql`
    create table bid (
      lot_id bigint not null references lot (id) on delete cascade,
      seq integer not null,
      bidder_id bigint,
      bidder_no text not null,
      amount bigint not null check (amount > 0),
      created_at timestamptz not null default now(),
      primary key (lot_id, seq)
    )`.execute(db);
  await sql`create index bid_bidder_idx on bid (bidder_id, created_at desc) where bidder_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['bid', 'lot_photo', 'lot', 'seller_org']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
