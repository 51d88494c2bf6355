import { sql, type Kysely } from 'kysely';

// The car catalog. `code` is the data set's slug: re-imports upsert on it, so ids stay stable.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table car_brand (
      id bigint primary key default nextval('global_id_seq'),
      code text not null unique,
      name text not null,
      first_letter text not null,
      country text not null default '',
      logo_text text,
      logo_color text,
      updated_at timestamptz not null default now()
    )`.execute(db);

  await sql`
    create table car_series (
      id bigint primary key default nextval('global_id_seq'),
      code text not null unique,
      brand_id bigint not null references car_brand (id) on delete cascade,
      series_name text not null,
      fct_name text not null,
      level text not null,
      energy_type text not null,
      body_type text not null,
      min_price bigint not null,
      max_price bigint not null,
      series_img text,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index car_series_brand_idx on car_series (brand_id)`.execute(db);

  await sql`
    create table car_model (
      id bigint primary key default nextval('global_id_seq'),
      code text not null unique,
      series_id bigint not null references car_series (id) on delete cascade,
      name text not null,
      year integer not null,
      series_price bigint not null,
      on_sale boolean not null default true,
      energy_type text not null default '',
      displacement_l numeric(5, 3),
      seats integer,
      config_info jsonb not null default '{}'::jsonb,
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index car_model_series_idx on car_model (series_id, year desc)`.execute(db);

  // The known parameter names, in display order: category order first, then the name's place.
  await sql`
    create table car_param (
      category text not null,
      name text not null,
      category_sort integer not null,
      sort integer not null,
      primary key (category, name)
    )`.execute(db);

  await sql`
    create table catalog_meta (
      key text primary key,
      value text not null,
      updated_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['catalog_meta', 'car_param', 'car_model', 'car_series', 'car_brand']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
}
