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

const PAY = { balance: deals.payBalance, fee: deals.payServiceFee, storage: deals.payStorageFee };
export type DealPayment = keyof typeof PAY;

/** Opens the cashier for the balance, the service fee or the storage fee. */
export const usePayDeal = (orderId: string) =>
  useMutation({
    mutationFn: (what: DealPayment) => callApi(PAY[what], { orderId }),
    onSuccess: ({ payUrl }) => window.location.assign(payUrl),
  });

/** Hands the scan of the signed paper contract in for an operator's review. */
export const useUploadSignedContract = (orderId: string) =>
  useDealMutation('buyer', orderId, (fileId: string) =>
    callApi(deals.uploadSignedContract, { orderId, fileId }),
  );

/** Downloads the receipt (收款凭证) of one payment as a PDF. */
export const downloadReceipt = (orderId: string, paymentNo: string) =>
  request.get(deals.receiptPdf.path, { params: { orderId, paymentNo }, responseType: 'blob' });

export const useRequestInvoice = (orderId: string) =>
  useDealMutation('buyer', orderId, (paymentNo: string) =>
    callApi(deals.requestInvoice, { orderId, paymentNo }),
  );

/** Second-chance offers made to the caller (the next-highest bidder of a defaulted deal). */
export const useMyOffers = () =>
  useQuery({ queryKey: ['deal', 'offers'], queryFn: () => callApi(deals.myOffers, {}, { silent: true }) });

export const useAnswerOffer = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { offerId: string; accept: boolean }) => callApi(deals.answerOffer, input),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['deal'] }),
  });
};

export const useArrangePickup = (orderId: string) =>
  useDealMutation('buyer', orderId, (input: Omit<deals.PickupPlanInput, 'orderId'>) =>
    callApi(deals.arrangePickup, { orderId, ...input }),
  );

export const useRecordTransfer = (orderId: string) =>
  useDealMutation(
    'seller',
    orderId,
    (input: { newPlateNo: string; transferDate: string; proofFileId: string }) =>
      callApi(deals.recordTransfer, { orderId, ...input }),
  );

export const useChooseAfterDefault = (orderId: string) =>
  useDealMutation('seller', orderId, (action: 'secondChance' | 'relist') =>
    callApi(deals.chooseAfterDefault, { orderId, action }),
  );

export const useConfirmReceipt = (orderId: string) =>
  useDealMutation('seller', orderId, (input: { handoverTime: number; mileageKm: number }) =>
    callApi(deals.confirmReceipt, { orderId, ...input }),
  );
