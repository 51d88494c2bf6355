import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // owner_unit_id: the business unit a seller acted for when uploading (sellers' files belong to the unit too).
  await sql`
    create table file (
      id bigint primary key default nextval('global_id_seq'),
      owner_id bigint not null references app_user (id),
      owner_unit_id bigint,
      is_private boolean not null,
      type text not null check (type in ('image', 'document')),
      content_type text not null,
      size integer not null check (size > 0),
      storage_key text not null unique,
      sha256 text not null,
      thumb_key text unique,
      thumb_size integer,
      width integer,
      height integer,
      original_name text not null,
      created_at timestamptz not null,
      deleted_at timestamptz
    )`.execute(db);
  await sql`create index file_owner_idx on file (owner_id, created_at desc) where deleted_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists file`.execute(db);
}
