import { lots } from '@chepai/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { callApi, type CallOptions } from '../lib/api';
import { syncServerTime } from '../lib/server-clock';

const lotDetail = (orderId: string, options: CallOptions = {}) =>
  queryOptions({
    queryKey: ['lot', orderId],
    queryFn: async () => {
      const data = await callApi(lots.detailInfo, { orderId }, options);
      syncServerTime(data.serverTime);
      return data;
    },
    retry: false,
    // The page mounting just after the navigation's prefetch (app/router.tsx) takes its answer
    // instead of asking again; later mounts refetch as before.
    refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > 1000,
  });

/**
 * The public lot detail, shared by the lot page and the deposit page (one query key, one cache
 * entry); every answer corrects the server-time offset the countdowns use.
 */
export const useLotDetail = (orderId: string) => useQuery(lotDetail(orderId));

/**
 * Fetches the detail as the navigation to the lot page starts (app/router.tsx), silently: when it
 * fails before the page is there, the entry is dropped, so that the page's own request fails again
 * and says why, once.
 */
export function prefetchLotDetail(client: QueryClient, orderId: string) {
  const options = lotDetail(orderId, { silent: true });
  void client.prefetchQuery(options).then(() => {
    const query = client.getQueryCache().find({ queryKey: options.queryKey, exact: true });
    if (query?.state.status === 'error' && query.getObserversCount() === 0)
      client.removeQueries({ queryKey: options.queryKey, exact: true });
  });
}
