import { sql, type Kysely } from 'kysely';

/**
 * A bid's lot is proven by the statement that writes it, not by a foreign key checked per row
 * (docs/decisions/045-bid-rows-without-a-per-row-lot-check.md): the bid batch inserts bid rows only
 * for the lots it has just locked and updated in the same statement. What the key's `on delete
 * cascade` did, a trigger on `lot` does: a deleted lot takes its bids with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table bid drop constraint bid_lot_id_fkey`.execute(db);
  await sql`
    create function lot_delete_bids() returns trigger language plpgsql as $$
    begin
      delete from bid where lot_id = old.id;
      return old;
    end $$`.execute(db);
  await sql`create trigger lot_delete_bids before delete on lot for each row execute function lot_delete_bids()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger lot_delete_bids on lot`.execute(db);
  await sql`drop function lot_delete_bids()`.execute(db);
  await sql`alter table bid add constraint bid_lot_id_fkey foreign key (lot_id) references lot (id) on delete cascade`.execute(
    db,
  );
}
