import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  // Snowflake-sized ids (> 2^53) from day one, so every client must treat ids as strings.
  await sql`create sequence if not exists global_id_seq start with 1890000000000000001`.execute(db);

  await sql`
    create table support_article (
      id bigint primary key default nextval('global_id_seq'),
      slug text not null unique,
      type smallint not null check (type in (1, 2, 3)),
      title text not null,
      content text not null,
      publish_time timestamptz not null,
      sort integer not null default 0,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index support_article_type_idx on support_article (type, publish_time desc)`.execute(db);

  await sql`
    create table announcement (
      id bigint primary key default nextval('global_id_seq'),
      slug text not null unique,
      title text not null,
      summary text not null default '',
      source text not null default '',
      pinned boolean not null default false,
      content text not null,
      publish_time timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index announcement_order_idx on announcement (pinned desc, publish_time desc, id desc)`.execute(
    db,
  );

  await sql`
    create table hot_keyword (
      id bigint primary key default nextval('global_id_seq'),
      word_name text not null unique,
      sort integer not null default 0,
      enabled boolean not null default true
    )`.execute(db);

  await sql`
    create table app_secret (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of ['app_secret', 'hot_keyword', 'announcement', 'support_article']) {
    await sql`drop table if exists ${sql.table(t)}`.execute(db);
  }
  await sql`drop sequence if exists global_id_seq`.execute(db);
}
