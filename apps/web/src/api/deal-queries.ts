import { deals } from '@chepai/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../lib/api';
import { clickDownload } from '../lib/download';
import { request } from '../lib/request';

// The deal after the hammer (docs/product.md#16-the-deal-after-the-hammer): the buyer's
// buyerDetailInfo and the seller's detailInfo read the same view.

const key = (side: 'buyer' | 'seller', orderId: string) => ['deal', side, orderId] as const;
/** The seller's orders (their list and each order), which show a deal's stage too. */
export const SELLER_ORDERS_KEY = ['seller', 'orders'] as const;

/** Polls every 1.5 s for at most this many answers while a payment's notice is awaited. */
const AWAIT_POLLS = 80;

/**
 * `awaiting`: the payment number the cashier sent the buyer back with. Its notice reaches the server
 * on its own time: the deal is polled until the payment is among its receipts — or, for a
 * second-chance deposit, until the deal has become the caller's (decision 025).
 */
export function useBuyerDeal(orderId: string, awaiting: string | null = null) {
  const client = useQueryClient();
  const stillAwaiting = (state?: {
    dataUpdateCount: number;
    errorUpdateCount: number;
    data?: deals.DealView;
  }) =>
    awaiting !== null &&
    (state?.dataUpdateCount ?? 0) + (state?.errorUpdateCount ?? 0) < AWAIT_POLLS &&
    !state?.data?.receipts.some((r) => r.paymentNo === awaiting);
  const query = useQuery({
    queryKey: key('buyer', orderId),
    // The page says itself when the deal is not there (or shows the caller's offer instead).
    queryFn: () => callApi(deals.buyerDealDetail, { orderId }, { silent: true }),
    enabled: orderId !== '',
    retry: false,
    refetchInterval: (q) => (stillAwaiting(q.state) ? 1500 : false),
  });
  /** The payment is being confirmed: polled for, not yet among the receipts. */
  const confirming = stillAwaiting(client.getQueryState<deals.DealView>(key('buyer', orderId)));
  return { ...query, confirming };
}

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
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: key(side, orderId) }),
        side === 'seller' ? qc.invalidateQueries({ queryKey: SELLER_ORDERS_KEY }) : null,
      ]),
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

/** Downloads the issued e-invoice of one payment through a signed address (valid for minutes). */
export const downloadInvoice = async (orderId: string, paymentNo: string) =>
  clickDownload(await callApi(deals.invoiceFile, { orderId, paymentNo }));

/** Asks for an invoice of one payment (again, after a rejection). */
export const useRequestInvoice = (orderId: string) =>
  useDealMutation('buyer', orderId, (paymentNo: string) =>
    callApi(deals.requestInvoice, { orderId, paymentNo }),
  );

/**
 * Second-chance offers made to the caller (the next-highest bidder of a defaulted deal); with
 * `payingFor` (back from the cashier), polled while that lot's offer waits for its deposit.
 */
export const useMyOffers = (payingFor: string | null = null) =>
  useQuery({
    queryKey: ['deal', 'offers'],
    queryFn: () => callApi(deals.myOffers, {}, { silent: true }),
    refetchInterval: (q) =>
      payingFor &&
      q.state.data?.list.some((o) => o.orderId === payingFor && o.status === 'pending' && o.paying)
        ? 1500
        : false,
  });

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
