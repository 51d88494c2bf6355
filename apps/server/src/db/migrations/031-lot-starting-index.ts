import { sql, type Kysely } from 'kysely';

/**
 * The 'starts in 30 minutes' alert looks for lots in preview or registration by start time every
 * scheduler round in every process (docs/decisions/026-notice-delivery.md). Bids never change
 * start_time, so this index keeps their updates HOT (decision 006).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index lot_starting_idx on lot (start_time) where status in (0, 2)`.execute(db);
}
