import { lots } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api';
import { syncServerTime } from '../lib/server-clock';

/**
 * The public lot detail, shared by the lot page and the deposit page (one query key, one cache
 * entry); every answer corrects the server-time offset the countdowns use.
 */
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
