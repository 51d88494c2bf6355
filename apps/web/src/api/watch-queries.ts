import { watchlist } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';

// 我的关注 (docs/product.md#15-notices): the hearts on lot cards and the lot page, the watchlist page.

const key = ['watch'] as const;
const idsKey = [...key, 'ids'] as const;
/** The lot page's query (api/lot-detail-query.ts), whose watcher figure a watch patches. */
const lotKey = (orderId: string) => ['lot', orderId] as const;

/** Every lot the signed-in user watches; one request per session shared by all hearts on a page. */
export const useWatchIds = (enabled: boolean) =>
  useQuery({
    queryKey: idsKey,
    queryFn: async ({ signal }) => new Set(await callApi(watchlist.watchIds, {}, { silent: true, signal })),
    enabled,
    staleTime: 60_000,
  });

export const useWatchList = (pageNum: number) =>
  useQuery({
    queryKey: [...key, 'list', pageNum],
    queryFn: () => callApi(watchlist.watchList, { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
    // Prices of lots that are not on a live socket catch up every half minute.
    refetchInterval: 30_000,
  });

export function useToggleWatch() {
  const qc = useQueryClient();
  return useMutation({
    // Reads still on their way (the watched ids, the lot) were taken before this write: landing after
    // its answer they would turn the heart or the figure back. They are cancelled here, and read again
    // once the write is settled (answered or failed) where the cache has nothing better.
    onMutate: async ({ orderId }: { orderId: string; watch: boolean }) => {
      const lotRead = qc.isFetching({ queryKey: lotKey(orderId), exact: true }) > 0;
      await Promise.all([
        qc.cancelQueries({ queryKey: idsKey }),
        qc.cancelQueries({ queryKey: lotKey(orderId), exact: true }),
      ]);
      return { lotRead };
    },
    mutationFn: (input: { orderId: string; watch: boolean }) => callApi(watchlist.watch, input),
    onSuccess: (res, { orderId }) => {
      qc.setQueryData<Set<string>>(idsKey, (old) => {
        if (!old) return old;
        const next = new Set(old);
        if (res.watching) next.add(orderId);
        else next.delete(orderId);
        return next;
      });
      // The lot page's figure is the real count.
      qc.setQueryData<{ watchers: number }>(lotKey(orderId), (old) =>
        old ? { ...old, watchers: res.watchers } : old,
      );
      void qc.invalidateQueries({ queryKey: [...key, 'list'] });
    },
    onSettled: (_res, _err, { orderId }, context) => {
      if (qc.getQueryData(idsKey) === undefined) void qc.invalidateQueries({ queryKey: idsKey });
      if (context?.lotRead) void qc.invalidateQueries({ queryKey: lotKey(orderId), exact: true });
    },
  });
}
