import { lots, SEARCH_PAGE_SIZE } from '@chepai/shared';
import type { SearchFilters } from '@chepai/shared/contracts/lots';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api';
import { syncServerTime } from '../lib/server-clock';

export type FilterInput = Partial<Record<keyof SearchFilters, unknown>>;

/** One page of lots (halls, search, home sections). */
export const useLotSearch = (filters: FilterInput, pageNum = 1, pageSize = SEARCH_PAGE_SIZE) =>
  useQuery({
    queryKey: ['lots', 'search', filters, pageNum, pageSize],
    queryFn: () => callApi(lots.search, { pageNum, pageSize, filters: filters }),
    placeholderData: keepPreviousData,
  });

export const useBrandFacets = () =>
  useQuery({
    queryKey: ['lots', 'brands'],
    queryFn: () => callApi(lots.brandFacets, {}),
    staleTime: 5 * 60_000,
  });

export const useHallCounts = () =>
  useQuery({
    queryKey: ['lots', 'onStatus'],
    queryFn: async () => {
      const data = await callApi(lots.statOnStatus, {});
      syncServerTime(data.serverTime);
      return data;
    },
    staleTime: 30_000,
  });
