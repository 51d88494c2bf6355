import { content, HOT_KEYWORD_PAGE_SIZE } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api';

// Content the shell shows on every page (footer, header search) and the home page reuses.

/** The support articles by section; the footer lists them on every page. */
export const useSupportList = () =>
  useQuery({
    queryKey: ['support', 'list'],
    queryFn: () => callApi(content.supportList, {}),
    staleTime: 5 * 60_000,
  });

export const useHotKeywords = () =>
  useQuery({
    queryKey: ['hotKeywords'],
    queryFn: () => callApi(content.hotKeywordList, { pageNum: 1, pageSize: HOT_KEYWORD_PAGE_SIZE }),
    staleTime: 5 * 60_000,
  });

export const useAnnouncements = (pageNum: number, pageSize: number) =>
  useQuery({
    queryKey: ['announcements', pageNum, pageSize],
    queryFn: () => callApi(content.announcementList, { pageNum, pageSize }),
    placeholderData: (prev) => prev,
  });
