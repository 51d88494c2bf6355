import { sql, type Kysely } from 'kysely';

/**
 * Announcements and support articles written in the console (docs/decisions/060-console-content.md):
 * a publication state — draft, published (public from `publish_time`, which may lie ahead), withdrawn
 * — when and by whom each was last changed, and no slug for those the console writes (the slug
 * keys the demo seed's rows). Every existing row was public: it becomes published. A draft has no
 * publication time until it is published. The public list's index covers published rows only.
 * Content editors get their role.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['announcement', 'support_article']) {
    const t = sql.table(table);
    await sql`
      alter table ${t}
        add column status text not null default 'published'
          check (status in ('draft', 'published', 'withdrawn')),
        add column updated_at timestamptz,
        add column updated_by bigint references app_user (id)`.execute(db);
    // Filled for the rows there; what is written from now on starts as a draft unless it says otherwise.
    await sql`alter table ${t} alter column status set default 'draft'`.execute(db);
    await sql`alter table ${t} alter column slug drop not null`.execute(db);
    await sql`alter table ${t} alter column publish_time drop not null`.execute(db);
    await sql`
      alter table ${t} add constraint ${sql.raw(`${table}_published_has_time`)}
        check (status = 'draft' or publish_time is not null)`.execute(db);
  }
  await sql`drop index if exists announcement_order_idx`.execute(db);
  await sql`
    create index announcement_public_idx on announcement (pinned desc, publish_time desc, id desc)
    where status = 'published'`.execute(db);

  await sql`alter table operator_role drop constraint operator_role_role_check`.execute(db);
  await sql`
    alter table operator_role add constraint operator_role_role_check
      check (role in ('reviewer', 'scheduler', 'finance', 'editor', 'admin'))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from operator_role where role = 'editor'`.execute(db);
  await sql`alter table operator_role drop constraint operator_role_role_check`.execute(db);
  await sql`
    alter table operator_role add constraint operator_role_role_check
      check (role in ('reviewer', 'scheduler', 'finance', 'admin'))`.execute(db);
  await sql`drop index if exists announcement_public_idx`.execute(db);
  await sql`create index announcement_order_idx on announcement (pinned desc, publish_time desc, id desc)`.execute(
    db,
  );
  for (const table of ['announcement', 'support_article']) {
    const t = sql.table(table);
    // What was never public goes: the tables before this held public rows only.
    await sql`delete from ${t} where status <> 'published'`.execute(db);
    await sql`update ${t} set slug = 'console-' || id where slug is null`.execute(db);
    await sql`alter table ${t} drop constraint ${sql.raw(`${table}_published_has_time`)}`.execute(db);
    await sql`alter table ${t} alter column publish_time set not null`.execute(db);
    await sql`alter table ${t} alter column slug set not null`.execute(db);
    await sql`alter table ${t} drop column status, drop column updated_at, drop column updated_by`.execute(
      db,
    );
  }
}
