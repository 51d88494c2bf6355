import { notices } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';

// 站内信 (docs/product.md#15-notices): the header's bell and the message centre share these.

const key = ['notices'] as const;

/** The unread count and the latest few; refreshed every minute and when the tab comes back. */
export const useNoticeBell = (enabled: boolean) =>
  useQuery({
    queryKey: [...key, 'bell'],
    queryFn: () => callApi(notices.noticeUnread, {}, { silent: true }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

export const useNoticePage = (pageNum: number, tab: string, unread: boolean) =>
  useQuery({
    queryKey: [...key, 'page', pageNum, tab, unread],
    queryFn: () =>
      callApi(notices.noticeList, {
        pageNum,
        pageSize: 10,
        tab: tab as 'all',
        ...(unread ? { unread: true } : {}),
      }),
    placeholderData: keepPreviousData,
  });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: string[] } | { all: true }) => callApi(notices.noticeRead, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: key }),
  });
}
