import { sql, type Kysely } from 'kysely';

/**
 * One waiting outbid SMS per user and lot (docs/decisions/041-one-waiting-outbid-sms.md): a delivery
 * of a throttled kind carries the throttle's scope (`outbid:<lot>`), and while one of a scope waits
 * (pending, deferred to the end of quiet hours or retrying) no other is queued for that user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notice_delivery add column scope text`.execute(db);
  await sql`create unique index notice_delivery_waiting_scope_uq on notice_delivery (user_id, scope)
    where state = 'pending'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index notice_delivery_waiting_scope_uq`.execute(db);
  await sql`alter table notice_delivery drop column scope`.execute(db);
}
