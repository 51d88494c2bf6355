import type { Kysely } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/schema';
import { createListeningTestApp } from './listening-app';
import type { TestApp } from './test-app';
import type { NoticeInput } from '../modules/notices/notify';
import type { NoticeSms } from '../platform/sms/sms-sender';
import { quietUntil } from '@chepai/shared';
import { DEFAULT_QUIET } from '../modules/notices/prefs';

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

/** A user's outbid notices, oldest first: while one is unread, later outbids update it (decision 044). */
export const outbidNoticesOf = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('notice')
    .select(['id', 'event_key', 'body', 'repeats', 'created_at', 'updated_at', 'read_at'])
    .where('user_id', '=', userId)
    .where('kind', '=', 'lot.outbid')
    .orderBy('id')
    .execute();

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

/**
 * A listening test app for a notice test file, with its scheduler off (each test runs the jobs
 * itself, with its own gateway), and the helpers bound to its database. `t` stands for the app
 * once beforeAll has made it.
 */
export function noticeTestApp() {
  let app: (TestApp & { baseUrl: string }) | null = null;
  beforeAll(async () => {
    // Every outbid writes its notice at once (the window of decision 046 is tested in outbid-in-batch).
    app = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0', OUTBID_NOTICE_WINDOW_MS: '0' } });
  });
  afterAll(() => app?.close());
  const t = new Proxy({} as TestApp & { baseUrl: string }, {
    get: (_, key) => Reflect.get(app ?? {}, key) as unknown,
  });
  const db = () => t.ctx.dbh.db;
  return {
    t,
    db,
    deliveriesOf: (userId: string) => deliveriesOf(db(), userId),
    noticesOf: (userId: string) => noticesOf(db(), userId),
  };
}

/**
 * Now, or the end of the default SMS quiet hours (22:00–08:00 Beijing) when now falls inside them:
 * the instant a test ticks the SMS delivery at, so a run at night does not hold its messages back.
 */
export function outsideQuietHours(now = Date.now()): Date {
  return new Date(quietUntil(now, DEFAULT_QUIET) ?? now);
}
