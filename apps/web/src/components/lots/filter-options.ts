import { lots } from '@chepai/shared';
import { BEIJING_OFFSET_MS } from '@chepai/shared/domain/beijing-time';
import type { FilterInput } from '../../api/lot-search-queries';

export interface Option {
  key: string;
  label: string;
  apply: (f: FilterInput) => void;
}

const YEAR = new Date(Date.now() + BEIJING_OFFSET_MS).getUTCFullYear();

export const PRICE_OPTIONS: Option[] = (
  [
    ['0-3', '3万以下', undefined, 30_000],
    ['3-5', '3-5万', 30_000, 50_000],
    ['5-10', '5-10万', 50_000, 100_000],
    ['10-15', '10-15万', 100_000, 150_000],
    ['15-20', '15-20万', 150_000, 200_000],
    ['20-30', '20-30万', 200_000, 300_000],
    ['30-50', '30-50万', 300_000, 500_000],
    ['50-', '50万以上', 500_000, undefined],
  ] as const
).map(([key, label, lo, hi]) => ({
  key,
  label,
  apply: (f) => Object.assign(f, { priceMin: lo, priceMax: hi }),
}));

export const AGE_OPTIONS: Option[] = (
  [
    ['0-1', '1年内', YEAR - 1, undefined],
    ['1-3', '1-3年', YEAR - 3, YEAR - 1],
    ['3-5', '3-5年', YEAR - 5, YEAR - 3],
    ['5-8', '5-8年', YEAR - 8, YEAR - 5],
    ['8-', '8年以上', undefined, YEAR - 8],
  ] as const
).map(([key, label, lo, hi]) => ({
  key,
  label,
  apply: (f) => Object.assign(f, { yearMin: lo, yearMax: hi }),
}));

export const MILEAGE_OPTIONS: Option[] = (
  [
    ['0-1', '1万公里内', undefined, 10_000],
    ['1-3', '1-3万公里', 10_000, 30_000],
    ['3-6', '3-6万公里', 30_000, 60_000],
    ['6-10', '6-10万公里', 60_000, 100_000],
    ['10-', '10万公里以上', 100_000, undefined],
  ] as const
).map(([key, label, lo, hi]) => ({
  key,
  label,
  apply: (f) => Object.assign(f, { mileageMin: lo, mileageMax: hi }),
}));

export const FUEL_OPTIONS: Option[] = lots.FUEL_TYPES.map((t) => ({
  key: t,
  label: t,
  apply: (f) => Object.assign(f, { fuelType: t }),
}));

export const CITY_OPTIONS: Option[] = [
  '上海',
  '北京',
  '杭州',
  '宁波',
  '苏州',
  '南京',
  '广州',
  '深圳',
  '成都',
  '重庆',
  '武汉',
  '长沙',
  '郑州',
  '济南',
  '青岛',
  '天津',
  '厦门',
  '西安',
].map((c) => ({ key: c, label: c, apply: (f) => Object.assign(f, { city: c }) }));

export const STATUS_OPTIONS: Option[] = (
  [
    ['preview', '预告中', [0]],
    ['apply', '报名中', [2]],
    ['auction', '竞价中', [3, 4]],
    ['result', '已结束', [5, 6]],
  ] as const
).map(([key, label, statuses]) => ({
  key,
  label,
  apply: (f) => Object.assign(f, { statusList: [...statuses] }),
}));

export const FILTER_ROWS = [
  { param: 'price', label: '价格', options: PRICE_OPTIONS },
  { param: 'age', label: '车龄', options: AGE_OPTIONS },
  { param: 'km', label: '里程', options: MILEAGE_OPTIONS },
  { param: 'fuel', label: '燃料', options: FUEL_OPTIONS },
  { param: 'city', label: '城市', options: CITY_OPTIONS },
] as const;
