import { bidding } from '@chepai/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** The buyer's won lots; each deal is handled on its own page (buyerDetailInfo). */
export const useMyDeals = (pageNum: number) =>
  useQuery({
    queryKey: ['my', 'deals', pageNum],
    queryFn: () => callApi(bidding.myDeals, { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });

export const useMyBids = (pageNum: number) =>
  useQuery({
    queryKey: ['my', 'bids', pageNum],
    queryFn: () => callApi(bidding.myBidRecord, { pageNum, pageSize: 10 }),
    placeholderData: keepPreviousData,
  });
