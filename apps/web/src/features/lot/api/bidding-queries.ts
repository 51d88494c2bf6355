import { bidding } from '@chepai/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function usePlaceBid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; maxAmount?: string }) =>
      callApi(bidding.placeBid, {
        orderId,
        amount: input.amount,
        ...(input.maxAmount ? { maxAmount: input.maxAmount } : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lot', orderId] }),
  });
}
