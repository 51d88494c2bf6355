import { sql, type Kysely } from 'kysely';

/**
 * A second-chance offer is accepted by paying the lot's deposit again
 * (docs/decisions/025-defaults-strikes-second-chance.md): payments gain the purpose
 * `offer_deposit`, and the offer keeps the number of the payment that will accept it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance', 'service_fee', 'storage_fee', 'seller_fee', 'offer_deposit'))`.execute(
    db,
  );
  await sql`alter table second_chance_offer add column payment_no text references payment (payment_no)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table second_chance_offer drop column payment_no`.execute(db);
  await sql`delete from payment where purpose = 'offer_deposit'`.execute(db);
  await sql`alter table payment drop constraint payment_purpose_check`.execute(db);
  await sql`alter table payment add constraint payment_purpose_check check (purpose in ('deposit', 'balance', 'service_fee', 'storage_fee', 'seller_fee'))`.execute(
    db,
  );
}
