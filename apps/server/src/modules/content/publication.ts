import { consoleContent } from '@chepai/shared';
import type { PublicationStatus } from '../../db/schema';

type State = consoleContent.PublicationState;

/** Where an item stands now: a published one whose time is still to come is scheduled. */
export function publicationState(status: PublicationStatus, publishTime: Date | null, now: Date): State {
  if (status === 'published' && publishTime && publishTime > now) return 'scheduled';
  return status;
}

/**
 * Why `action` cannot be taken in `state`, or null (docs/product.md#14-disposal-and-review):
 * a draft, a scheduled or a withdrawn item may be published (a scheduled one again, to another
 * time or now); a public or scheduled one may be withdrawn; only a draft may be deleted.
 */
export function transitionRefusal(
  action: 'publish' | 'withdraw' | 'delete',
  state: State,
  noun: string,
): string | null {
  // Only a draft was never public: what visitors may have read or linked to is withdrawn, not deleted.
  if (action === 'delete') return state === 'draft' ? null : `该${noun}发布过，不能删除；如不再公开，请下线`;
  if (action === 'publish') return state === 'published' ? `该${noun}已发布；如需重新发布，请先下线` : null;
  if (state === 'draft') return `该${noun}是草稿，尚未发布，无需下线`;
  if (state === 'withdrawn') return `该${noun}已下线`;
  return null;
}

/** The version an editor loads and sends back with a save: the last change's time (0 before any). */
export const versionOf = (updatedAt: Date | null) => updatedAt?.getTime() ?? 0;

/** A row's publication as the console reads it. */
export function publicationOf(
  r: {
    status: PublicationStatus;
    publish_time: Date | null;
    updated_at: Date | null;
    updater_name: string | null;
  },
  now: Date,
) {
  const state = publicationState(r.status, r.publish_time, now);
  return {
    state,
    stateText: consoleContent.PUBLICATION_STATE[state],
    publishTime: r.publish_time?.getTime() ?? null,
    updatedAt: r.updated_at?.getTime() ?? null,
    updatedBy: r.updater_name,
    version: versionOf(r.updated_at),
  };
}
