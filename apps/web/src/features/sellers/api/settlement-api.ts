import { settlement } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The unit's money (docs/product.md#17-ledger-and-settlement): what one deal pays out, and the
// statement of every payout.

/** Read again when the deal moves on (`stage`), and every few seconds while a payout is on its way. */
export const useOrderSettlement = (orderId: string, stage: string) =>
  useQuery({
    queryKey: ['seller', 'settlement', orderId, stage],
    queryFn: () => callApi(settlement.sellerOrderSettlement, { orderId }, { silent: true }),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (q) =>
      q.state.data?.payouts.some((p) => ['pending', 'sending', 'sent'].includes(p.status)) ? 3000 : false,
  });

export const usePayoutStatement = (pageNum: number, status?: settlement.PayoutStatus) =>
  useQuery({
    queryKey: ['seller', 'statement', pageNum, status],
    queryFn: () => callApi(settlement.sellerStatement, { pageNum, pageSize: 10, status }),
    placeholderData: keepPreviousData,
  });

/** Opens the cashier for the seller's fee (lots whose terms have the unit pay it separately). */
export const usePaySellerFee = (orderId: string) =>
  useMutation({
    mutationFn: () => callApi(settlement.sellerFeePay, { orderId }),
    onSuccess: ({ payUrl }) => window.location.assign(payUrl),
  });
