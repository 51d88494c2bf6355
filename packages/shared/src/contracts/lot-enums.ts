/**
 * Lot lifecycle (docs/product.md#5-lot-statuses): 1 pending review → 0 preview → 2 registration →
 * 3 bidding → 4 extended → 5 sold / 6 unsold; 7 withdrawn.
 */
export const LOT_STATUS = {
  preview: 0,
  pendingReview: 1,
  registration: 2,
  bidding: 3,
  extended: 4,
  sold: 5,
  unsold: 6,
  withdrawn: 7,
} as const;
export type LotStatus = (typeof LOT_STATUS)[keyof typeof LOT_STATUS];

export const LOT_STATUS_TEXT: Record<LotStatus, string> = {
  0: '预告中',
  1: '待审核',
  2: '报名中',
  3: '竞价中',
  4: '延时竞价',
  5: '已成交',
  6: '已流拍',
  7: '已撤拍',
};

/** Statuses anyone may see; 1 and 7 never leave the server. */
export const PUBLIC_LOT_STATUSES = [0, 2, 3, 4, 5, 6] as const;

export const HALLS = {
  foreshowHall: { title: '预告大厅', statuses: [0] },
  applyHall: { title: '报名大厅', statuses: [2] },
  auctionHall: { title: '竞价大厅', statuses: [3, 4] },
  resultHall: { title: '结果公示', statuses: [5, 6] },
} as const;
export type HallName = keyof typeof HALLS;

export const SEARCH_SORTS = [
  'endingSoon',
  'endedRecently',
  'newest',
  'priceAsc',
  'priceDesc',
  'mostBids',
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_TEXT: Record<SearchSort, string> = {
  endingSoon: '即将结束',
  endedRecently: '最近结束',
  newest: '最新上架',
  priceAsc: '价格从低到高',
  priceDesc: '价格从高到低',
  mostBids: '出价最多',
};

export const FUEL_TYPES = ['汽油', '柴油', '纯电动', '插电混动', '油电混动'] as const;
export type FuelType = (typeof FUEL_TYPES)[number];

export const BODY_TYPES = ['sedan', 'suv', 'mpv', 'hatchback', 'pickup', 'van'] as const;
export type BodyType = (typeof BODY_TYPES)[number];
export const BODY_TYPE_TEXT: Record<BodyType, string> = {
  sedan: '轿车',
  suv: 'SUV',
  mpv: 'MPV',
  hatchback: '两厢车',
  pickup: '皮卡',
  van: '面包车',
};
