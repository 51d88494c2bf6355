import { notices } from '@chepai/shared';
import type { Kysely, RawBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import type { StatementPart } from '../../db/statement-part';
import { noticesRepo, noticeWrites } from './notices.repo';
import { offToken } from './prefs';
import { OUTBID_SMS_SCOPE, OUTBID_SMS_WINDOW_MS } from './sms-delivery';

export interface NoticeInput {
  userId: string;
  kind: notices.NoticeKind;
  title: string;
  body: string;
  link?: string;
  /** Names the event: the same event for the same user is written once. */
  eventKey: string;
  /** Written only if the statement's `only` subquery returns this key (a bid batch: the lot, if its write held). */
  onlyKey?: string;
  /** How many events of its key this one stands for (held outbids: docs/decisions/046-outbid-window.md); 1 if unset. */
  times?: number;
  /** When its event happened, if not the statement's `now` (held outbids: their batch's time). */
  at?: Date;
}

/** The channel on which committed notices are announced to every process's user channels. */
export const USER_NOTICES_CHANNEL = 'user_notices';
/** NOTIFY payloads stay under 8000 bytes: [userId, noticeId] pairs, chunked. */
const PAIRS_PER_PAYLOAD = 150;

/**
 * The notices as parts of the caller's own statement, or null when there are none: for a writer
 * that already sends one statement in its transaction (the bid batch, decision 021). What they
 * write is what `notify` writes.
 */
export function noticeStatement(
  items: NoticeInput[],
  now: Date,
  only?: RawBuilder<unknown>,
): StatementPart | null {
  if (!items.length) return null;
  const smsKinds = [...new Set(items.map((n) => n.kind))].filter((k) => notices.noticePolicy(k).sms);
  return noticeWrites(
    items.map((n) => ({
      user_id: n.userId,
      kind: n.kind,
      title: n.title,
      body: n.body,
      link: n.link ?? '',
      event_key: n.eventKey,
      only_key: n.onlyKey ?? null,
      repeats: n.times ?? 1,
      at: n.at ?? null,
      // An optional kind (outbid, starting soon, watched lots) is not written for a user who declined it.
      off: offToken(n.kind, 'inbox'),
    })),
    {
      smsKinds,
      channel: USER_NOTICES_CHANNEL,
      perPayload: PAIRS_PER_PAYLOAD,
      now,
      only,
      throttled: {
        kind: 'lot.outbid',
        scope: OUTBID_SMS_SCOPE,
        since: new Date(now.getTime() - OUTBID_SMS_WINDOW_MS),
      },
    },
  );
}

/**
 * Writes notices inside the caller's transaction (docs/product.md#15-notices): they exist exactly
 * when the change that caused them committed. In the same statement it queues an SMS for each kind
 * whose policy says so and announces the new rows to the live user channels, delivered at commit
 * (docs/decisions/026-notice-delivery.md). A writer only names a catalogued kind.
 */
export async function notify(trx: Kysely<Database>, items: NoticeInput[], now: Date): Promise<void> {
  const part = noticeStatement(items, now);
  if (part) await noticesRepo(trx).write(part);
}
