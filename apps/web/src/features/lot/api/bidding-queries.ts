import { bidding } from '@chepai/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The caller's deposit for this lot (registered, bidder number); only for a logged-in buyer. */
export const useDepositInfo = (orderId: string, enabled: boolean) =>
  useQuery({ queryKey: ['lot', orderId, 'deposit'], queryFn: () => callApi(bidding.depositInfo, { orderId }, { silent: true }), enabled, retry: false });

export function usePlaceBid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; maxAmount?: string }) =>
      callApi(bidding.placeBid, { orderId, amount: input.amount, ...(input.maxAmount ? { maxAmount: input.maxAmount } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lot', orderId] }),
  });
}
