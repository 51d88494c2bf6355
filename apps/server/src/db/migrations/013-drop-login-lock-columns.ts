import { sql, type Kysely } from 'kysely';

/**
 * Wrong passwords are counted by the shared login throttles, not on the user row
 * (docs/decisions/011-login-throttles.md); the old lockout columns are no longer read or written.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user
    drop column login_fail_count,
    drop column login_fail_since,
    drop column locked_until`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table app_user
    add column login_fail_count integer not null default 0,
    add column login_fail_since timestamptz,
    add column locked_until timestamptz`.execute(db);
}
