import { HOT_KEYWORD_MAX_SHOWN } from '@chepai/shared';

/**
 * Of the (up to 10) hot keywords fetched, at most 6 are shown once 5 or more come back
 * (docs/product.md#13-business-constants).
 */
export function visibleHotKeywords<T>(list: readonly T[]): T[] {
  return list.length >= 5 ? list.slice(0, HOT_KEYWORD_MAX_SHOWN) : [...list];
}

export const SUPPORT_SECTIONS = [
  { type: '1', path: 'zhiNan', title: '购车指南' },
  { type: '2', path: 'bangZhu', title: '帮助中心' },
  { type: '3', path: 'woMen', title: '关于我们' },
] as const;
