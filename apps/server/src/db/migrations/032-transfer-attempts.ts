import { sql, type Kysely } from 'kysely';

/**
 * A payout or refund keeps its provider request number (`ref#attempts`) until that request is known
 * to have failed (docs/decisions/023-payouts-and-refunds-via-the-provider.md): `attempt_open` says
 * the current number may have reached the provider; `tries` counts sends for the back-off.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payout', 'refund']) {
    await sql`
      alter table ${sql.table(table)}
        add column tries integer not null default 0,
        add column attempt_open boolean not null default false`.execute(db);
    await sql`update ${sql.table(table)} set tries = attempts, attempt_open = status in ('sending', 'sent')`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['payout', 'refund'])
    await sql`alter table ${sql.table(table)} drop column tries, drop column attempt_open`.execute(db);
}
