import { deals } from '@chepai/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';
import { request } from '../lib/request';

// The deal after the hammer (docs/product.md#16-the-deal-after-the-hammer): the buyer's
// buyerDetailInfo and the seller's detailInfo read the same view.

const key = (side: 'buyer' | 'seller', orderId: string) => ['deal', side, orderId] as const;

/** `awaitingPayment`: back from the cashier; poll until its asynchronous notice has landed. */
export const useBuyerDeal = (orderId: string, awaitingPayment = false) =>
  useQuery({
    queryKey: key('buyer', orderId),
    queryFn: () => callApi(deals.buyerDealDetail, { orderId }),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (q) => (awaitingPayment && q.state.data?.stage === 'paying' ? 1500 : false),
  });

export const useSellerDeal = (orderId: string, enabled: boolean) =>
  useQuery({
    queryKey: key('seller', orderId),
    queryFn: () => callApi(deals.sellerDealDetail, { orderId }, { silent: true }),
    enabled: enabled && orderId !== '',
    retry: false,
  });

/** Downloads the 成交确认书 (the request layer saves the file under the server's name). */
export const downloadContract = (orderId: string) =>
  request.get(deals.contractPdf.path, { params: { orderId }, responseType: 'blob' });

function useDealMutation<I>(side: 'buyer' | 'seller', orderId: string, fn: (input: I) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => qc.invalidateQueries({ queryKey: key(side, orderId) }),
  });
}

export const useSignCode = (orderId: string) =>
  useMutation({ mutationFn: () => callApi(deals.signCode, { orderId }) });

export const useSignContract = (orderId: string) =>
  useDealMutation('buyer', orderId, (input: { code: string; sha256: string }) =>
    callApi(deals.signContract, { orderId, ...input }),
  );

/** Opens the cashier for the balance or the service fee. */
export const usePayDeal = (orderId: string) =>
  useMutation({
    mutationFn: (what: 'balance' | 'fee') =>
      callApi(what === 'balance' ? deals.payBalance : deals.payServiceFee, { orderId }),
    onSuccess: ({ payUrl }) => window.location.assign(payUrl),
  });

export const useArrangePickup = (orderId: string) =>
  useDealMutation('buyer', orderId, (input: Omit<deals.PickupPlanInput, 'orderId'>) =>
    callApi(deals.arrangePickup, { orderId, ...input }),
  );

export const useConfirmReceipt = (orderId: string) =>
  useDealMutation('seller', orderId, (input: { handoverTime: number; mileageKm: number }) =>
    callApi(deals.confirmReceipt, { orderId, ...input }),
  );
