import { bidding } from '@chepai/shared';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** `awaitingPayment`: back from the payment company; poll until its asynchronous notification has settled that deal. */
export const useMyDeals = (pageNum: number, awaitingPayment: string | null = null) =>
  useQuery({
    queryKey: ['my', 'deals', pageNum],
    queryFn: () => callApi(bidding.myDeals, { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      awaitingPayment &&
      q.state.data?.list.some((d) => d.orderId === awaitingPayment && d.dealState === 'awaiting_payment')
        ? 1000
        : false,
  });

export const useMyBids = (pageNum: number) =>
  useQuery({
    queryKey: ['my', 'bids', pageNum],
    queryFn: () => callApi(bidding.myBidRecord, { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });

/** Opens the payment company's page for the balance of a won lot; it returns to /personalCenter/dealCar. */
export const usePayBalance = () =>
  useMutation({ mutationFn: (orderId: string) => callApi(bidding.payBalance, { orderId }) });
