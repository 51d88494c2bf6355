import { notices, type EndpointOutput } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '../lib/api';

// 站内信 (docs/product.md#15-notices): the header's bell and the message centre share these.

const key = ['notices'] as const;
const bellKey = [...key, 'bell'] as const;

/** The unread count and the latest few; refreshed every minute and when the tab comes back. */
export const useNoticeBell = (enabled: boolean) =>
  useQuery({
    queryKey: bellKey,
    queryFn: () => callApi(notices.noticeUnread, {}, { silent: true }),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
  });

type Bell = EndpointOutput<typeof notices.noticeUnread>;

/**
 * Keeps the bell live: the user channel (loaded after the first paint) sets the count and puts
 * each new notice on top of the latest; open lists refetch. `onNotice` shows the pop-up.
 */
export function useLiveNotices(enabled: boolean, onNotice: (n: notices.Notice) => void) {
  const qc = useQueryClient();
  const handler = useRef(onNotice);
  useEffect(() => {
    handler.current = onNotice;
  });
  useEffect(() => {
    if (!enabled) return;
    let off: (() => void) | null = null;
    let active = true;
    void import('../lib/user-channel').then(({ userChannel }) => {
      if (!active) return;
      off = userChannel().subscribe((m) => {
        // A read of the bell still on its way was taken before this message: its answer would put
        // the older count back over this one (a notice counted live, then 0 again for a minute).
        void qc.cancelQueries({ queryKey: bellKey });
        qc.setQueryData<Bell>(bellKey, (old) => ({
          count: m.unread,
          latest:
            m.type === 'notice'
              ? [m.notice, ...(old?.latest ?? []).filter((n) => n.id !== m.notice.id)].slice(0, 5)
              : (old?.latest ?? []),
        }));
        if (m.type === 'notice') {
          void qc.invalidateQueries({ queryKey: [...key, 'page'] });
          if (m.popup) handler.current(m.notice);
        } else if (m.type === 'hello') void qc.invalidateQueries({ queryKey: bellKey });
      });
    });
    return () => {
      active = false;
      off?.();
    };
  }, [enabled, qc]);
}

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

export const useNoticePrefs = () =>
  useQuery({ queryKey: [...key, 'prefs'], queryFn: () => callApi(notices.noticePrefsGet, {}) });

export function useSaveNoticePrefs() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: notices.NoticePrefs) => callApi(notices.noticePrefsSave, input),
    onSuccess: (saved) => qc.setQueryData([...key, 'prefs'], saved),
  });
}
