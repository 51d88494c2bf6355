import { sql, type Kysely } from 'kysely';

/**
 * The money ledger (docs/product.md#16-the-deal-after-the-hammer, decision 022): every movement is
 * one journal of two or more lines whose amounts (debit +, credit −, fen) sum to zero. The database
 * checks the sum at commit and refuses to change or delete a line. Payouts pay a selling unit what
 * a completed handover owes it, to its collection account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table journal_line (
      id bigint primary key default nextval('global_id_seq'),
      journal_id text not null,
      kind text not null,
      account text not null,
      amount bigint not null check (amount <> 0),
      lot_id bigint,
      ref text,
      memo text not null,
      at timestamptz not null
    )`.execute(db);
  await sql`create index journal_line_journal_idx on journal_line (journal_id)`.execute(db);
  await sql`create index journal_line_lot_idx on journal_line (lot_id, id)`.execute(db);
  await sql`create index journal_line_ref_idx on journal_line (ref) where ref is not null`.execute(db);
  await sql`
    create function journal_line_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'journal_line is append-only';
    end $$`.execute(db);
  await sql`
    create trigger journal_line_no_change before update or delete on journal_line
    for each row execute function journal_line_append_only()`.execute(db);
  await sql`
    create function journal_balanced() returns trigger language plpgsql as $$
    begin
      if (select coalesce(sum(amount), 0) from journal_line where journal_id = new.journal_id) <> 0 then
        raise exception 'journal % does not balance', new.journal_id;
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger journal_line_balanced after insert on journal_line
    deferrable initially deferred for each row execute function journal_balanced()`.execute(db);

  await sql`alter table deal add column seller_fee bigint not null default 0 check (seller_fee >= 0)`.execute(
    db,
  );
  await sql`alter table deal add column new_plate_no text`.execute(db);
  await sql`
    create table payout (
      payout_no text primary key,
      lot_id bigint not null unique references lot (id),
      seller_org_id bigint not null references seller_org (id),
      gross bigint not null check (gross >= 0),
      seller_fee bigint not null check (seller_fee >= 0),
      amount bigint not null check (amount >= 0),
      account_name text not null,
      bank_name text not null,
      account_no_last4 text not null,
      status text not null check (status in ('pending', 'paid', 'failed')),
      provider_ref text,
      failure text,
      attempts integer not null default 0,
      created_at timestamptz not null,
      paid_at timestamptz
    )`.execute(db);
  await sql`create index payout_pending_idx on payout (created_at) where status = 'pending'`.execute(db);
  await sql`create index payout_org_idx on payout (seller_org_id, created_at desc)`.execute(db);
}
