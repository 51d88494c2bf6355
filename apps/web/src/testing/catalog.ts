import type { catalog } from '@chepai/shared';
import type { MockApi } from './mock-api';
import { ok } from './render';

/** Two brands, one series each, one model each: enough to walk the car picker. */
export const brands: catalog.Brand[] = [
  { id: 'b1', name: '奥迪', logo: '/a.png', firstLetter: 'A' },
  { id: 'b2', name: '宝马', logo: '/b.png', firstLetter: 'B' },
];
export const seriesByBrand: Record<string, catalog.Series[]> = {
  b1: [
    {
      id: 's1',
      seriesName: '奥迪A4L',
      fctName: '一汽奥迪',
      seriesImg: '',
      level: '',
      minPrice: '30',
      maxPrice: '40',
    },
  ],
  b2: [
    {
      id: 's2',
      seriesName: '宝马3系',
      fctName: '华晨宝马',
      seriesImg: '',
      level: '',
      minPrice: '29',
      maxPrice: '41',
    },
  ],
};
export const modelsBySeries: Record<string, catalog.Model[]> = {
  s1: [{ id: 'm1', name: '2025款 40 TFSI 时尚动感型', year: 2025, seriesPrice: '32.18', onSale: true }],
  s2: [{ id: 'm2', name: '2025款 325Li M运动套装', year: 2025, seriesPrice: '34.99', onSale: true }],
};

/** Answers the three catalog reads the picker makes. */
export function serveCatalog(api: MockApi) {
  api.onGet('/mall-portal/brand/getAllGoodsBrand').reply(() => ok(brands));
  api
    .onGet('/mall-portal/vehicle/getVehicleSeriesList')
    .reply((config) => ok(seriesByBrand[(config.params as { brandId: string }).brandId] ?? []));
  api
    .onGet('/mall-portal/vehicle/getVehicleModelList')
    .reply((config) => ok(modelsBySeries[(config.params as { productId: string }).productId] ?? []));
}
