/** The 10 representative searches of the benchmark, and their sequential-scan equivalents. */
export interface BenchFilters {
  keyword?: string;
  statusList?: number[];
  brandName?: string;
  priceMin?: number;
  priceMax?: number;
  yearMin?: number;
  yearMax?: number;
  mileageMax?: number;
  city?: string;
  province?: string;
  sort?: string;
}

export interface BenchQuery {
  name: string;
  body: { pageNum: number; pageSize: number; filters: BenchFilters };
}

const q = (name: string, filters: BenchFilters, pageNum = 1, pageSize = 16): BenchQuery => ({
  name,
  body: { pageNum, pageSize, filters },
});

export const QUERIES: BenchQuery[] = [
  q('keyword Chinese 宝马', { keyword: '宝马' }),
  q('keyword pinyin biyadi', { keyword: 'biyadi' }),
  q('keyword initials byd', { keyword: 'byd' }),
  q('brand 丰田 + price 5–15万', { brandName: '丰田', priceMin: 50000, priceMax: 150000 }),
  q('auction hall, ending soon', { statusList: [3, 4], sort: 'endingSoon' }),
  q('city 杭州', { city: '杭州' }),
  q('year 2019–2021 + ≤6万km', { yearMin: 2019, yearMax: 2021, mileageMax: 60000 }),
  q('deep page 200, price asc', { sort: 'priceAsc' }, 200),
  q('result hall, most bids', { statusList: [5, 6], sort: 'mostBids' }),
  q('combination', {
    keyword: '大众 suv',
    statusList: [2, 3, 4],
    priceMax: 250000,
    province: '浙江',
    sort: 'priceDesc',
  }),
];

const ORDER: Record<string, string> = {
  endingSoon: 'end_time asc, id asc',
  endedRecently: 'end_time desc, id desc',
  newest: 'listed_at desc, id desc',
  priceAsc: 'current_price asc, id asc',
  priceDesc: 'current_price desc, id desc',
  mostBids: 'bid_count desc, id asc',
};

/**
 * The naive answer: ILIKE on the search text of an unindexed copy of the lot table, same filters,
 * same page (the cover photo still comes from the indexed photo table: only search is compared).
 */
export function scanSql(body: BenchQuery['body']) {
  const f = body.filters;
  const values: unknown[] = [];
  const p = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const statuses = f.statusList ?? [0, 2, 3, 4, 5, 6];
  const where = [`status in (${statuses.join(',')})`];
  for (const term of (f.keyword ?? '').split(/\s+/).filter(Boolean))
    where.push(`search_text ilike ${p(`%${term}%`)}`);
  if (f.brandName) where.push(`brand_name = ${p(f.brandName)}`);
  if (f.priceMin !== undefined) where.push(`current_price >= ${p(f.priceMin * 100)}`);
  if (f.priceMax !== undefined) where.push(`current_price <= ${p(f.priceMax * 100)}`);
  if (f.yearMin !== undefined) where.push(`first_reg_date >= ${p(`${f.yearMin}-01-01`)}`);
  if (f.yearMax !== undefined) where.push(`first_reg_date < ${p(`${f.yearMax + 1}-01-01`)}`);
  if (f.mileageMax !== undefined) where.push(`mileage_km <= ${p(f.mileageMax)}`);
  if (f.city) where.push(`city = ${p(f.city)}`);
  if (f.province) where.push(`province = ${p(f.province)}`);
  const w = where.join(' and ');
  const countValues = [...values];
  const mixed = statuses.some((s) => s >= 5) && statuses.some((s) => s < 5);
  const sort = f.sort ?? 'endingSoon';
  const order = `${sort === 'endingSoon' && mixed ? '(status >= 5), ' : ''}${ORDER[sort] ?? ORDER.endingSoon}`;
  const page = {
    text: `select id, title, status, brand_name, series_name, current_price, start_price, start_time, end_time, city, bid_count,
      (select url from lot_photo ph where ph.lot_id = l.id order by is_cover desc, seq limit 1) as cover_url
      from lot_scan l where ${w} order by ${order} offset ${(body.pageNum - 1) * body.pageSize} limit ${body.pageSize}`,
    values,
  };
  return { page, count: { text: `select count(*) as n from lot_scan where ${w}`, values: countValues } };
}
