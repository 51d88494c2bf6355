import { catalog } from '@chepai/shared';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../lib/api';

// Catalog reads of the comparison portal and the calculator. Every call is silent
// (docs/product.md#10-errors): a failure shows an empty list, never a toast.

const LONG = 10 * 60_000;
const silent = { silent: true } as const;

export const fetchModelConfig = (modelId: string) => callApi(catalog.modelConfig, { modelId }, silent);
export const fetchModelBriefs = (ids: string[]) =>
  callApi(catalog.modelBriefs, { ids: ids.join(',') }, silent);

export const useBrands = () =>
  useQuery({
    queryKey: ['catalog', 'brands'],
    queryFn: () => callApi(catalog.allBrands, {}, silent),
    staleTime: LONG,
  });

export const useSeriesList = (brandId: string | null) =>
  useQuery({
    queryKey: ['catalog', 'series', brandId],
    queryFn: () => callApi(catalog.seriesList, { brandId: brandId ?? '' }, silent),
    enabled: Boolean(brandId),
    staleTime: LONG,
  });

export const useModelList = (seriesId: string | null) =>
  useQuery({
    queryKey: ['catalog', 'models', seriesId],
    queryFn: () => callApi(catalog.modelList, { productId: seriesId ?? '' }, silent),
    enabled: Boolean(seriesId),
    staleTime: LONG,
  });

export const useParamNames = () =>
  useQuery({
    queryKey: ['catalog', 'paramNames'],
    queryFn: () => callApi(catalog.paramNames, {}, silent),
    staleTime: LONG,
  });

export const modelConfigQuery = (modelId: string) => ({
  queryKey: ['catalog', 'config', modelId],
  queryFn: () => fetchModelConfig(modelId),
  staleTime: LONG,
});

export const useModelConfig = (modelId: string | null) =>
  useQuery({ ...modelConfigQuery(modelId ?? ''), enabled: Boolean(modelId) });
