import { notices } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { noticesRepo } from './notices.repo';

export interface NoticeInput {
  userId: string;
  kind: notices.NoticeKind;
  title: string;
  body: string;
  link?: string;
  /** Names the event: the same event for the same user is written once. */
  eventKey: string;
}

/** The channel on which committed notices are announced to every process's user channels. */
export const USER_NOTICES_CHANNEL = 'user_notices';
/** NOTIFY payloads stay under 8000 bytes: [userId, noticeId] pairs, chunked. */
const PAIRS_PER_PAYLOAD = 150;
const ROWS_PER_INSERT = 2000;

/**
 * Writes notices inside the caller's transaction (docs/product.md#15-notices): they exist exactly
 * when the change that caused them committed. In the same transaction it queues an SMS for each
 * kind whose policy says so and announces the new rows to the live user channels, delivered at
 * commit (docs/decisions/026-notice-delivery.md). A writer only names a catalogued kind.
 */
export async function notify(trx: Kysely<Database>, items: NoticeInput[], now: Date): Promise<void> {
  const repo = noticesRepo(trx);
  const written: Array<{ id: string; user_id: string; kind: string }> = [];
  for (let i = 0; i < items.length; i += ROWS_PER_INSERT) {
    written.push(
      ...(await repo.insert(
        items.slice(i, i + ROWS_PER_INSERT).map((n) => ({
          user_id: n.userId,
          kind: n.kind,
          title: n.title,
          body: n.body,
          link: n.link ?? '',
          event_key: n.eventKey,
          created_at: now,
        })),
      )),
    );
  }
  if (!written.length) return;
  const sms = written.filter((w) => notices.noticePolicy(w.kind).sms);
  for (let i = 0; i < sms.length; i += ROWS_PER_INSERT)
    await repo.queueSms(sms.slice(i, i + ROWS_PER_INSERT), now);
  const payloads: string[] = [];
  for (let i = 0; i < written.length; i += PAIRS_PER_PAYLOAD)
    payloads.push(
      JSON.stringify({ n: written.slice(i, i + PAIRS_PER_PAYLOAD).map((w) => [w.user_id, w.id]) }),
    );
  await repo.announce(USER_NOTICES_CHANNEL, payloads);
}
