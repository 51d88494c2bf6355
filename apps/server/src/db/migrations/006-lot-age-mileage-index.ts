import { sql, type Kysely } from 'kysely';

// Year + mileage is the commonest used-car filter pair; one index answers both ranges together
// instead of intersecting two single-column indexes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index lot_public_reg_mileage_idx on lot (first_reg_date, mileage_km) where status in (0, 2, 3, 4, 5, 6)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists lot_public_reg_mileage_idx`.execute(db);
}
