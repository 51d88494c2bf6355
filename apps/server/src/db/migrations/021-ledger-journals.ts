import { sql, type Kysely } from 'kysely';

/**
 * One row per journal of the ledger (decision 022): its id is the idempotency key of the movement
 * (a second post of the same id inserts nothing), so two processes racing to post the same movement
 * cannot both write its lines. Lines (journal_line, migration 020) must name an existing journal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journal (
      journal_id text primary key,
      kind text not null,
      lot_id bigint,
      ref text,
      memo text not null,
      at timestamptz not null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index journal_lot_idx on journal (lot_id, at) where lot_id is not null`.execute(db);
  await sql`create index journal_ref_idx on journal (ref) where ref is not null`.execute(db);
  await sql`create index journal_line_account_idx on journal_line (account, id)`.execute(db);
  await sql`
    alter table journal_line add constraint journal_line_journal_fk
      foreign key (journal_id) references journal (journal_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table journal_line drop constraint journal_line_journal_fk`.execute(db);
  await sql`drop index journal_line_account_idx`.execute(db);
  await sql`drop table journal`.execute(db);
}
