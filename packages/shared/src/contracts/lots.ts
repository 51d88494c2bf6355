import { z } from 'zod';
import { endpoint } from './define';
import { lotLiveFields, yuan } from './bidding';
import { idSchema, intIn, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { BID_RECORD_PAGE_SIZE, SEARCH_PAGE_SIZE } from '../constants';
import { LOT_STATUS_TEXT, PUBLIC_LOT_STATUSES, SEARCH_SORTS, FUEL_TYPES, type LotStatus } from './lot-enums';

export * from './lot-enums';

export const KEYWORD_MAX = 50;

/** Trimmed first, then bounded: a 10 KB keyword is refused with a Chinese message, never a 500. */
const keyword = z.string({ error: '关键词必须是文字' }).transform((s, ctx) => {
  const k = s.trim();
  if ([...k].length > KEYWORD_MAX) {
    ctx.addIssue({ code: 'custom', message: `关键词不能超过${KEYWORD_MAX}个字符` });
    return z.NEVER;
  }
  return k;
});
const oneOf = <T extends string>(values: readonly T[], message: string) =>
  z
    .string({ error: message })
    .refine((v): v is T => (values as readonly string[]).includes(v), { error: message });

/** Prices in filters are yuan (numbers or decimal strings); the server turns them into fen. */
const yuanFilter = (label: string) =>
  z
    .union([z.number(), z.string().trim()])
    .transform((v) => Number(v))
    .pipe(
      z
        .number({ error: `${label}必须是数字` })
        .nonnegative({ error: `${label}不能为负数` })
        .max(100_000_000, { error: `${label}超出范围` }),
    );

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(20, { error: `${label}不能超过20个字符` });
const optional = <T extends z.ZodType>(s: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), s.optional());

export const searchFilters = z
  .object({
    keyword: optional(keyword),
    statusList: optional(
      z
        .array(z.coerce.number().int(), { error: '状态列表格式不正确' })
        .max(8, { error: '状态列表过长' })
        .refine((l) => l.every((s) => (PUBLIC_LOT_STATUSES as readonly number[]).includes(s)), {
          error: '状态不正确',
        }),
    ),
    brandId: optional(idSchema),
    brandName: optional(shortText('品牌')),
    priceMin: optional(yuanFilter('最低价')),
    priceMax: optional(yuanFilter('最高价')),
    yearMin: optional(intIn('年份', 1990, 2100)),
    yearMax: optional(intIn('年份', 1990, 2100)),
    mileageMin: optional(intIn('里程', 0, 10_000_000)),
    mileageMax: optional(intIn('里程', 0, 10_000_000)),
    fuelType: optional(oneOf(FUEL_TYPES, '燃料类型不正确')),
    province: optional(shortText('省份')),
    city: optional(shortText('城市')),
    sort: optional(oneOf(SEARCH_SORTS, '排序方式不正确')),
  })
  .default({});
export type SearchFilters = z.output<typeof searchFilters>;

export const lotSummary = z.object({
  orderId: z.string(),
  title: z.string(),
  ...lotLiveFields.shape,
  statusText: z.string(),
  brandName: z.string(),
  seriesName: z.string(),
  modelName: z.string(),
  bodyType: z.string(),
  color: z.string(),
  startPrice: yuan,
  /** Epoch milliseconds; the web client shows them in Beijing time. */
  startTime: z.number(),
  coverUrl: z.string(),
  province: z.string(),
  city: z.string(),
  plateCity: z.string(),
  firstRegDate: z.string(),
  mileageKm: z.number().int(),
  fuelType: z.string(),
});
export type LotSummary = z.infer<typeof lotSummary>;

export const search = endpoint({
  method: 'POST',
  path: '/mall-search/search/auc_order/search',
  auth: 'public',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(SEARCH_PAGE_SIZE),
    filters: searchFilters,
  }),
  output: pageOf(lotSummary),
});

export const brandFacets = endpoint({
  method: 'GET',
  path: '/mall-search/search/auc_order/brands',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.array(z.object({ brandName: z.string(), count: z.number().int() })),
});

const gradeItem = z.object({ grade: z.string(), notes: z.string() });
export const conditionReport = z.object({
  overallGrade: z.string(),
  exterior: gradeItem,
  interior: gradeItem,
  engine: gradeItem,
  chassis: gradeItem,
  accident: z.boolean(),
  flood: z.boolean(),
  fire: z.boolean(),
  notes: z.string(),
  inspector: z.string(),
  inspectedAt: z.string(),
});
export type ConditionReport = z.infer<typeof conditionReport>;

const photo = z.object({ url: z.string(), label: z.string() });

export const lotDetail = lotSummary.extend({
  serverTime: z.number(),
  previewTime: z.number(),
  regStartTime: z.number(),
  increment: yuan,
  deposit: yuan,
  appraisalPrice: yuan.nullable(),
  hasReserve: z.boolean(),
  extendWindowMinutes: z.number().int(),
  extendStepMinutes: z.number().int(),
  /** Bidding paused by the platform: bids are refused until it resumes (the end moves on by the pause). */
  paused: z.boolean(),
  watchers: z.number().int(),
  views: z.number().int(),
  /** For the logged-in buyer (false / null for everyone else): deposit paid and not refunded. */
  registered: z.boolean(),
  leading: z.boolean(),
  /** The buyer's own 竞买号, unmasked. */
  bidderNo: z.string().nullable(),
  /** The buyer's highest recorded bid on this lot; with leading false it means 已出局. */
  myTopAmount: yuan.nullable(),
  /** The buyer's secret proxy maximum while they lead with one. */
  myMaxAmount: yuan.nullable(),
  vinMasked: z.string(),
  plateMasked: z.string(),
  transmission: z.string(),
  displacement: z.string(),
  emissionStandard: z.string(),
  usageType: z.string(),
  transferCount: z.number().int(),
  inspectionExpiry: z.string().nullable(),
  insuranceExpiry: z.string().nullable(),
  pickupAddress: z.string(),
  description: z.string(),
  sellerName: z.string(),
  sellerType: z.string(),
  condition: conditionReport,
  documents: z.array(z.object({ name: z.string(), provided: z.boolean() })),
  photos: z.array(photo),
});
export type LotDetail = z.infer<typeof lotDetail>;

export const detailInfo = endpoint({
  method: 'POST',
  path: '/mall-auction/home/detail/info',
  auth: 'public',
  input: z.object({ orderId: idSchema }),
  output: lotDetail,
});

export const lotGet = endpoint({
  method: 'GET',
  path: '/mall-auction/home/get/:id',
  auth: 'public',
  input: z.object({ id: idSchema }),
  output: lotSummary.extend({ serverTime: z.number() }),
});

export const statByDate = endpoint({
  method: 'GET',
  path: '/mall-auction/home/stat/car/by/date',
  auth: 'public',
  input: z.object({}).loose(),
  /** Last 30 days in Beijing time, oldest first: lots listed, lots under the hammer, lots sold. */
  output: z.object({
    dates: z.array(z.string()),
    listed: z.array(z.number().int()),
    onAuction: z.array(z.number().int()),
    sold: z.array(z.number().int()),
  }),
});

const statusCount = z.object({ status: z.number().int(), statusText: z.string(), count: z.number().int() });
export const statOnStatus = endpoint({
  method: 'GET',
  path: '/mall-auction/home/stat/car/by/date/on-status',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({
    list: z.array(statusCount),
    halls: z.object({
      foreshowHall: z.number(),
      applyHall: z.number(),
      auctionHall: z.number(),
      resultHall: z.number(),
    }),
    serverTime: z.number(),
  }),
});

const bidRecord = z.object({
  seq: z.number().int(),
  bidderNo: z.string(),
  amount: yuan,
  bidTime: z.string(),
  leading: z.boolean(),
});
export type BidRecord = z.infer<typeof bidRecord>;

export const bidRecords = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/auction/record',
  auth: 'public',
  input: z.object({
    orderId: idSchema,
    param: z
      .object({ pageNum: pageNumSchema, pageSize: pageSizeSchema(BID_RECORD_PAGE_SIZE) })
      .default({ pageNum: 1, pageSize: BID_RECORD_PAGE_SIZE }),
  }),
  output: pageOf(bidRecord),
});

export const statusText = (status: number) => LOT_STATUS_TEXT[status as LotStatus] ?? '未知';
