import { sql, type Kysely } from 'kysely';

// After a sale: the winner owes the balance (final price − applied deposit) by a deadline
// (DESIGN: 72 h); paid in time the deal is settled, otherwise the deposit is forfeited (悔拍).
// Balance payments go through the same payment orders as deposits.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deal (
      lot_id bigint primary key references lot (id),
      buyer_id bigint not null references app_user (id),
      final_price bigint not null check (final_price > 0),
      deposit_applied bigint not null check (deposit_applied >= 0),
      balance_due bigint not null check (balance_due >= 0),
      pay_deadline timestamptz not null,
      state text not null check (state in ('awaiting_payment', 'paid', 'defaulted')),
      payment_no text references payment (payment_no),
      paid_at timestamptz,
      defaulted_at timestamptz,
      -- A balance payment that arrived after the deal defaulted: owed back to the buyer.
      late_payment_no text references payment (payment_no),
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index deal_buyer_idx on deal (buyer_id, created_at desc)`.execute(db);
  await sql`create index deal_due_idx on deal (pay_deadline) where state = 'awaiting_payment'`.execute(db);
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance'))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists deal`.execute(db);
  await sql`delete from payment where purpose = 'balance'`.execute(db);
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit'))`.execute(
    db,
  );
}
