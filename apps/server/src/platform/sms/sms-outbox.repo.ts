import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for the development SMS outbox (sms_outbox). */
export function smsOutboxRepo(db: Kysely<Database>) {
  return {
    insert: (values: { tel: string; purpose: string; code: string; sent_at: Date }) =>
      db.insertInto('sms_outbox').values(values).execute(),

    /** A notice text; false when a message with this gateway reference was sent already. */
    insertNotice: async (values: { tel: string; text: string; ref: string; sent_at: Date }) =>
      (
        await db
          .insertInto('sms_outbox')
          .values({ ...values, purpose: 'notice', code: '' })
          .onConflict((oc) => oc.column('ref').doNothing())
          .returning('id')
          .execute()
      ).length > 0,

    /** The latest 50 verification codes (or notice texts) to a number, newest first. */
    recent: (tel: string, notices = false) =>
      db
        .selectFrom('sms_outbox')
        .selectAll()
        .where('tel', '=', tel)
        .where('purpose', notices ? '=' : '<>', 'notice')
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc')
        .limit(50)
        .execute(),
  };
}
