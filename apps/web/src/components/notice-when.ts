import type { notices } from '@chepai/shared';
import { beijing } from './lots/format';

/**
 * When a notice happened, as the bell and the message centre show it: an outbid notice kept current
 * by later outbids (docs/decisions/044-one-open-outbid-notice.md) says when the last one was and how
 * many it holds.
 */
export const noticeWhen = (n: Pick<notices.Notice, 'createdAt' | 'updatedAt' | 'repeats'>): string =>
  n.repeats > 1 ? `${beijing(n.updatedAt)} · 共 ${n.repeats} 次` : beijing(n.createdAt);
