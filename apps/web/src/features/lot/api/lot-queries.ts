import { BID_RECORD_PAGE_SIZE, lots } from '@chepai/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { syncServerTime } from '../../../lib/server-clock';

export const useLotDetail = (orderId: string) =>
  useQuery({
    queryKey: ['lot', orderId],
    queryFn: async () => {
      const data = await callApi(lots.detailInfo, { orderId });
      syncServerTime(data.serverTime);
      return data;
    },
    retry: false,
  });

export const useBidRecords = (orderId: string, pageNum: number, enabled: boolean) =>
  useQuery({
    queryKey: ['lot', orderId, 'bids', pageNum],
    queryFn: () => callApi(lots.bidRecords, { orderId, param: { pageNum, pageSize: BID_RECORD_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
    enabled,
  });
