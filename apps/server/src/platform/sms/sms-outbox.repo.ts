import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for the development SMS outbox (sms_outbox). */
export function smsOutboxRepo(db: Kysely<Database>) {
  return {
    insert: (values: { tel: string; purpose: string; code: string; sent_at: Date }) =>
      db.insertInto('sms_outbox').values(values).execute(),

    /** The latest 50 messages to a number, newest first. */
    recent: (tel: string) =>
      db
        .selectFrom('sms_outbox')
        .selectAll()
        .where('tel', '=', tel)
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
  };
}
