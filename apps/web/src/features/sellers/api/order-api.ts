import { disposal } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SELLER_ORDERS_KEY as ordersKey } from '../../../api/deal-queries';
import { callApi } from '../../../lib/api';

/** The unit's orders, one tab (a set of statuses) and an optional plate/VIN search at a time. */
export const useSellerOrders = (pageNum: number, status: number[], keyword: string) =>
  useQuery({
    queryKey: [...ordersKey, 'list', pageNum, status, keyword],
    queryFn: () =>
      callApi(disposal.orderList, {
        pageNum,
        pageSize: 10,
        ...(status.length ? { status } : {}),
        ...(keyword ? { keyword } : {}),
      }),
    placeholderData: keepPreviousData,
  });

/** The key of one order's query: its page refreshes it as its lot's live events arrive. */
export const sellerOrderKey = (orderId: string) => [...ordersKey, 'detail', orderId] as const;

/** One order; refreshed every 15 s while its lot is announced or running. */
export const useSellerOrder = (orderId: string) =>
  useQuery({
    queryKey: sellerOrderKey(orderId),
    queryFn: () => callApi(disposal.orderDetail, { orderId }),
    // /orderSuccess opened without a number asks nothing (an empty id is a 400 and an error toast).
    enabled: orderId !== '',
    refetchInterval: (q) => ([0, 2, 3, 4].includes(q.state.data?.status ?? -1) ? 15_000 : false),
  });

export function useCancelOrder() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { orderId: string; reason: string }) => callApi(disposal.cancel, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ordersKey }),
  });
}
