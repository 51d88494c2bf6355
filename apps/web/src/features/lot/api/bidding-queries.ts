import { bidding } from '@chepai/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function usePlaceBid(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: string; maxAmount?: string }) =>
      callApi(
        bidding.placeBid,
        {
          orderId,
          amount: input.amount,
          ...(input.maxAmount ? { maxAmount: input.maxAmount } : {}),
        },
        // The lot in the address too, where a proxy can route every bid on a lot to one server
        // process (docs/deploy.md, docs/scaling.md); the server reads the same lot from either.
        { params: { orderId } },
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['lot', orderId] }),
  });
}
