import { sql, type Kysely } from 'kysely';

/** The browser a session was created from, for the 'logged-in devices' list (trimmed to 200 characters). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_session add column user_agent text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table user_session drop column if exists user_agent`.execute(db);
}
