import type { notices } from '@chepai/shared';
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

/**
 * Writes notices inside the caller's transaction (docs/product.md#15-notices): they exist exactly
 * when the change that caused them committed. Delivery beyond the inbox (live, SMS) reads from here.
 */
export function notify(trx: Kysely<Database>, items: NoticeInput[], now: Date) {
  return noticesRepo(trx).insert(
    items.map((n) => ({
      user_id: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link ?? '',
      event_key: n.eventKey,
      created_at: now,
    })),
  );
}
