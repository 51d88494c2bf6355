import { sql, type Kysely } from 'kysely';

/**
 * An operator may pause a lot while it is bidding (docs/product.md#14-disposal-and-review): bids
 * are refused and the close is not run while `paused_at` is set; resuming moves the end time on
 * by the time the lot stood still, so no bidder loses minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lot add column paused_at timestamptz`.execute(db);
  await sql`alter table lot add column pause_reason text`.execute(db);
}
