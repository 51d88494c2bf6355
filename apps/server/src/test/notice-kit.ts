import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { NoticeInput } from '../modules/notices/notify';
import type { NoticeSms } from '../platform/sms/sms-sender';

/** Helpers of the notice tests: what was queued and written for a user, a notice, a gateway. */
export const deliveriesOf = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('notice_delivery as d')
    .innerJoin('notice as n', 'n.id', 'd.notice_id')
    .select(['d.id', 'd.state', 'd.attempts', 'd.next_at', 'd.last_error', 'd.note', 'n.kind'])
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute();

export const noticesOf = (db: Kysely<Database>, userId: string) =>
  db.selectFrom('notice').select(['kind', 'event_key']).where('user_id', '=', userId).orderBy('id').execute();

export const noticeItem = (userId: string, kind: NoticeInput['kind'], key: string): NoticeInput => ({
  userId,
  kind,
  title: '测试通知',
  body: '正文',
  eventKey: key,
});

/** A gateway that refuses the first `failures` messages, like one that times out, then delivers. */
export function gateway(failures = 0) {
  const sent: NoticeSms[] = [];
  let refused = 0;
  return {
    sent,
    sendNotice: async (m: NoticeSms) => {
      if (refused < failures) {
        refused++;
        throw new Error('网关超时');
      }
      sent.push(m);
    },
  };
}
