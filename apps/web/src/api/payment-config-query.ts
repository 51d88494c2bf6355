import { bidding } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api';

/** Whether the server pays through the sandbox; it does not change while the server runs. */
export const usePaymentConfig = () =>
  useQuery({
    queryKey: ['pay-config'],
    queryFn: () => callApi(bidding.paymentConfig, {}),
    staleTime: Infinity,
  });
