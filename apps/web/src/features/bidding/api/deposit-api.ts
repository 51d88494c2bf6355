import { bidding } from '@chepai/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Polls while a payment is on its way: the payment company's notification arrives asynchronously. */
export const useDepositInfo = (orderId: string, waitingForPayment: boolean) =>
  useQuery({
    queryKey: ['deposit', orderId],
    queryFn: () => callApi(bidding.depositInfo, { orderId }),
    refetchInterval: (q) => (waitingForPayment && !q.state.data?.registered ? 1000 : false),
  });

export const usePayDeposit = () =>
  useMutation({ mutationFn: (orderId: string) => callApi(bidding.deposit, { orderId }) });

export const useMyDeposits = (pageNum: number) =>
  useQuery({
    queryKey: ['my-deposits', pageNum],
    queryFn: () => callApi(bidding.myDeposits, { pageNum, pageSize: 10 }),
  });
