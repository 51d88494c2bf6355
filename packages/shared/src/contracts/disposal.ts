import { z } from 'zod';
import { normalizeVin, vinProblem, VIN_MESSAGES } from '../domain/vin';
import { yuan, yuanInput } from './bidding';
import { idSchema, intIn, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { DEAL_STAGES, type DealStage } from './deals';
import { endpoint } from './define';
import { BODY_TYPES, FUEL_TYPES, LOT_STATUS, LOT_STATUS_TEXT, type LotStatus } from './lot-enums';

/**
 * Vehicle disposal: what a disposal unit submits, its drafts, and its orders
 * (docs/product.md#14-disposal-and-review). Field names and formats follow `home/detail/info`
 * wherever it has the field; money travels as yuan strings and is fen on the server.
 */

// ——— Order statuses ———

/** An order is a lot before and after review: the lot statuses plus 8, returned by the reviewer. */
export const ORDER_STATUS = { ...LOT_STATUS, returned: 8 } as const;
export type OrderStatus = LotStatus | typeof ORDER_STATUS.returned;
export const ORDER_STATUS_TEXT: Record<OrderStatus, string> = { ...LOT_STATUS_TEXT, 8: '已驳回' };

/** The tabs of the seller's order list, in order; 竞价 covers bidding and extended bidding. */
export const ORDER_TABS = [
  { key: 'all', label: '全部', statuses: [] as number[] },
  { key: 'pending', label: '待审核', statuses: [1] },
  { key: 'returned', label: '已驳回', statuses: [8] },
  { key: 'preview', label: '预告', statuses: [0] },
  { key: 'registration', label: '报名', statuses: [2] },
  { key: 'bidding', label: '竞价', statuses: [3, 4] },
  { key: 'sold', label: '已成交', statuses: [5] },
  { key: 'unsold', label: '流拍', statuses: [6] },
  { key: 'withdrawn', label: '已撤拍', statuses: [7] },
] as const;

// ——— Vocabularies ———

export const TRANSMISSION_HINTS = ['手动', '自动', '手自一体', '双离合', '无级变速', '单速变速箱'] as const;
export const EMISSION_STANDARDS = ['国VI', '国V', '国IV', '国III及以下', '无（纯电动）'] as const;
export const USAGE_TYPES = ['非营运', '营运'] as const;

/** Named angles the photo step asks for, in the order shown; the first photo is the cover. */
export const PHOTO_ANGLES = [
  '左前45°',
  '正侧',
  '右后45°',
  '车尾',
  '中控',
  '前排座椅',
  '后排座椅',
  '发动机舱',
] as const;
export const MIN_PHOTOS = 8;
export const MAX_PHOTOS = 30;

/** Documents a submission carries; the required ones must be present, those with expiry need it. */
export const DISPOSAL_DOCUMENTS = [
  { name: '机动车登记证书', required: true, hasExpiry: false },
  { name: '机动车行驶证', required: true, hasExpiry: true },
  { name: '交强险保单', required: true, hasExpiry: true },
  { name: '购车发票', required: false, hasExpiry: false },
  { name: '车辆购置税完税证明', required: false, hasExpiry: false },
  { name: '维修保养记录', required: false, hasExpiry: false },
  { name: '其他', required: false, hasExpiry: false },
] as const;
export const MAX_DOCUMENTS = 20;

/** The deposit is a share of the starting price: 10 % unless the seller picks 5–20 %. */
export const DEPOSIT_PERCENT = { min: 5, max: 20, default: 10 } as const;

// ——— Field schemas ———

const text = (label: string, max: number, min = 1) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, { error: `请填写${label}` })
    .max(max, { error: `${label}不能超过${max}个字符` });
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label}必须是文字` })
    .trim()
    .max(max, { error: `${label}不能超过${max}个字符` })
    .default('');
const oneOf = <T extends string>(values: readonly T[], label: string) =>
  z.enum(values as unknown as [T, ...T[]], { error: `请选择${label}` });
const dateText = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为YYYY-MM-DD` })
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)), { error: `${label}不是有效日期` });
const epochMs = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是时间` })
    .int({ error: `${label}必须是毫秒时间戳` })
    .min(1_500_000_000_000, { error: `${label}不正确` })
    .max(4_102_444_800_000, { error: `${label}不正确` });

export const vinSchema = z
  .string({ error: '请填写车架号（VIN）' })
  .transform((s) => normalizeVin(s))
  .superRefine((v, ctx) => {
    const problem = vinProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: VIN_MESSAGES[problem] });
  });

/** Mainland plates: province character, letter, then 5 (fuel) or 6 (new energy) letters/digits. */
export const PLATE_PATTERN =
  /^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼][A-HJ-NP-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$/;
export const plateSchema = z
  .string({ error: '请填写车牌号' })
  .transform((s) => s.replace(/[\s·•.]/g, '').toUpperCase())
  .refine((s) => PLATE_PATTERN.test(s), { error: '车牌号格式不正确，例如 京A12345 或 沪AD12345' });

/** A mobile number or a landline with its area code. */
export const CN_MOBILE_OR_LANDLINE = /^(1[3-9]\d{9}|0\d{2,3}-?\d{7,8})$/;

export const photoLabel = text('照片角度', 20);

export const disposalDocument = z.object({
  name: text('证件名称', 30),
  fileId: idSchema,
  expiry: dateText('有效期').optional(),
});
export type DisposalDocument = z.output<typeof disposalDocument>;

/** Every field of the form, before the cross-field rules (also what a draft may hold, partially). */
const disposalFields = z.object({
  // 1. Vehicle
  /** The catalog model when the vehicle is in the catalog; names are free text otherwise. */
  modelId: idSchema.optional(),
  brandName: text('品牌', 20),
  seriesName: text('车系', 30),
  modelName: text('车型', 60),
  bodyType: oneOf(BODY_TYPES, '车身类型'),
  vin: vinSchema,
  plateNo: plateSchema,
  firstRegDate: dateText('初次登记日期'),
  mileageKm: intIn('表显里程', 0, 2_000_000),
  color: text('车身颜色', 10),
  fuelType: oneOf(FUEL_TYPES, '燃料类型'),
  transmission: text('变速箱', 20),
  displacement: text('排量', 10),
  emissionStandard: oneOf(EMISSION_STANDARDS, '排放标准'),
  usageType: oneOf(USAGE_TYPES, '使用性质'),
  transferCount: intIn('过户次数', 0, 30),
  inspectionExpiry: dateText('年检到期日'),
  insuranceExpiry: dateText('交强险到期日'),
  keyCount: intIn('钥匙数量', 0, 5),
  accident: z.boolean({ error: '请说明是否有事故' }),
  flood: z.boolean({ error: '请说明是否泡水' }),
  fire: z.boolean({ error: '请说明是否火烧' }),
  odometerIssue: z.boolean({ error: '请说明里程表是否异常' }),
  conditionNotes: optionalText('车况说明', 500),
  violationCount: intIn('未处理违章数', 0, 999).default(0),
  violationFine: z
    .union([z.literal(''), yuanInput('违章罚款')])
    .optional()
    .transform((v) => (v === '' || v === undefined ? 0 : v)),
  mortgaged: z.boolean({ error: '请说明是否抵押' }),
  seized: z.boolean({ error: '请说明是否被查封' }),
  province: text('所在省份', 20),
  city: text('所在城市', 20),
  description: optionalText('车辆描述', 2000),
  // 2. Documents
  documents: z.array(disposalDocument, { error: '请上传证件' }).max(MAX_DOCUMENTS, {
    error: `证件最多${MAX_DOCUMENTS}份`,
  }),
  // 3. Photos: file ids in order, the first is the cover; labels in the same order.
  photos: z
    .array(idSchema, { error: '请上传车辆照片' })
    .min(MIN_PHOTOS, { error: `请至少上传${MIN_PHOTOS}张车辆照片` })
    .max(MAX_PHOTOS, { error: `最多上传${MAX_PHOTOS}张照片` }),
  photoLabels: z.array(photoLabel).max(MAX_PHOTOS).optional(),
  // 4. Terms
  startPrice: yuanInput('起拍价'),
  reservePrice: z
    .union([z.literal(''), z.null(), yuanInput('保留价')])
    .optional()
    .transform((v) => (v === '' || v === null || v === undefined ? null : v)),
  increment: yuanInput('加价幅度'),
  /** Omitted: 10 % of the starting price. */
  deposit: yuanInput('保证金').optional(),
  wishStartTime: epochMs('期望开拍时间'),
  wishEndTime: epochMs('期望结束时间'),
  viewingAddress: text('看车地点', 100),
  viewingTimes: text('看车时间', 100),
  pickupAddress: text('提车地址', 100),
  pickupContact: text('提车联系人', 20),
  pickupPhone: z
    .string({ error: '请填写联系电话' })
    .trim()
    .refine((s) => CN_MOBILE_OR_LANDLINE.test(s), { error: '联系电话格式不正确' }),
});

/** Rules across fields; money here is fen (after yuanInput). */
function crossFieldRules(f: z.output<typeof disposalFields>, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (f.seized) issue('seized', '车辆处于查封状态，解除查封后才能提交拍卖');
  if (f.reservePrice !== null && f.reservePrice < f.startPrice) issue('reservePrice', '保留价不能低于起拍价');
  if (f.increment > f.startPrice) issue('increment', '加价幅度不能超过起拍价');
  if (f.deposit !== undefined) {
    const min = Math.ceil((f.startPrice * DEPOSIT_PERCENT.min) / 100);
    const max = Math.floor((f.startPrice * DEPOSIT_PERCENT.max) / 100);
    if (f.deposit < min || f.deposit > max)
      issue('deposit', `保证金须为起拍价的${DEPOSIT_PERCENT.min}%–${DEPOSIT_PERCENT.max}%`);
  }
  if (f.wishEndTime <= f.wishStartTime) issue('wishEndTime', '期望结束时间须晚于开始时间');
  if (f.photoLabels && f.photoLabels.length !== f.photos.length)
    issue('photoLabels', '照片角度与照片数量不一致');
  if (new Set(f.photos).size !== f.photos.length) issue('photos', '同一张照片不能重复使用');
  for (const doc of DISPOSAL_DOCUMENTS) {
    const given = f.documents.find((d) => d.name === doc.name);
    if (doc.required && !given) issue('documents', `请上传${doc.name}`);
    if (given && doc.hasExpiry && !given.expiry) issue('documents', `请填写${doc.name}的有效期`);
  }
  if (f.firstRegDate > new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10))
    issue('firstRegDate', '初次登记日期不能晚于今天');
}

export const disposalForm = disposalFields.superRefine(crossFieldRules);
export type DisposalForm = z.output<typeof disposalForm>;
export type DisposalFormInput = z.input<typeof disposalForm>;

/** Default deposit in fen: 10 % of the starting price, rounded to whole yuan. */
export const defaultDepositFen = (startFen: number) =>
  Math.round((startFen * DEPOSIT_PERCENT.default) / 100 / 100) * 100;

// ——— Endpoints: submit, drafts ———

/** Submit (or, with `orderId` of a returned order, resubmit); `draftId` is deleted on success. */
export const submitInput = disposalFields
  .extend({ orderId: idSchema.optional(), draftId: idSchema.optional() })
  .superRefine(crossFieldRules);
export const submit = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/submit',
  auth: 'seller',
  input: submitInput,
  output: z.object({ orderId: z.string(), status: z.literal(1) }),
});

/** Whether a VIN may be submitted: checked as the seller types (the submit checks again). */
export const vinCheck = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/vin/check',
  auth: 'seller',
  input: z.object({ vin: vinSchema, orderId: idSchema.optional() }),
  output: z.object({ vin: z.string(), inUse: z.boolean(), message: z.string().nullable() }),
});

/** A draft holds whatever the seller typed so far (validated only on submit); 64 KB at most. */
const draftForm = z
  .record(z.string(), z.unknown(), { error: '草稿内容必须是对象' })
  .refine((v) => JSON.stringify(v).length <= 65_536, { error: '草稿内容过大' });

const draftSummary = z.object({
  draftId: z.string(),
  /** Brand, series and plate as far as they are filled in. */
  title: z.string(),
  updatedAt: z.number(),
});

export const draftSave = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/draft/save',
  auth: 'seller',
  input: z.object({ draftId: idSchema.optional(), form: draftForm }),
  output: draftSummary,
});

export const draftList = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/draft/list',
  auth: 'seller',
  input: z.object({}).loose(),
  output: z.array(draftSummary),
});

export const draftGet = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/draft/get',
  auth: 'seller',
  input: z.object({ draftId: idSchema }),
  output: draftSummary.extend({ form: z.record(z.string(), z.unknown()) }),
});

export const draftDelete = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/draft/delete',
  auth: 'seller',
  input: z.object({ draftId: idSchema }),
  output: z.null(),
});

// ——— Endpoints: the seller's orders ———

export const orderSummary = z.object({
  orderId: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  title: z.string(),
  vin: z.string(),
  plateNo: z.string(),
  coverUrl: z.string(),
  startPrice: yuan,
  /** The top bid so far (the starting price before any bid). */
  currentPrice: yuan,
  bidCount: z.number().int(),
  views: z.number().int(),
  /** Buyers with a paid deposit. */
  registeredBidders: z.number().int(),
  submittedAt: z.number(),
  /** Epoch ms once scheduled, null before. */
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  /** The reviewer's reason while status is 8. */
  reviewReason: z.string().nullable(),
  /** A sold lot's deal stage after the hammer (待签约 … 已完成 / 已违约); null before the close. */
  dealStage: z.enum(Object.keys(DEAL_STAGES) as [DealStage, ...DealStage[]]).nullable(),
  dealStageText: z.string().nullable(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = endpoint({
  method: 'POST',
  path: '/mall-auction/user/order/list',
  auth: 'user',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(10),
    /** One status, or several (the 竞价 tab sends [3, 4]). */
    status: z
      .union([z.coerce.number().int(), z.array(z.coerce.number().int()).max(9)])
      .optional()
      .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
      .refine((l) => !l || l.every((s) => s >= 0 && s <= 8), { error: '状态不正确' }),
    /** Plate or VIN, whole or in part. */
    keyword: z.string().trim().max(20, { error: '关键词不能超过20个字符' }).optional(),
  }),
  output: pageOf(orderSummary),
});

export const TIMELINE_KINDS = [
  'submitted',
  'resubmitted',
  'returned',
  'changesRequested',
  'approved',
  'preview',
  'registration',
  'bidding',
  'closed',
  'paused',
  'resumed',
  'extended',
  'withdrawn',
] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

export const timelineEntry = z.object({
  kind: z.string(),
  /** Short Chinese label, e.g. 提交审核. */
  label: z.string(),
  time: z.number(),
  note: z.string(),
});

export const orderDetail = endpoint({
  method: 'POST',
  path: '/mall-auction/user/order/detail',
  auth: 'user',
  input: z.object({ orderId: idSchema }),
  output: orderSummary.extend({
    timeline: z.array(timelineEntry),
    /** Scheduled times (epoch ms), null before approval. */
    previewTime: z.number().nullable(),
    regStartTime: z.number().nullable(),
    /** Whether a return was a rejection or a request for changes (both may be edited and resubmitted). */
    reviewKind: z.enum(['reject', 'changes']).nullable(),
    cancelReason: z.string().nullable(),
    /** The sold price, the winner's masked bidder number; null until closed. */
    result: z
      .object({ sold: z.boolean(), price: yuan.nullable(), bidderNo: z.string().nullable() })
      .nullable(),
    /** What the seller may do now. */
    canCancel: z.boolean(),
    canResubmit: z.boolean(),
  }),
});

/** The lot's facts as the seller submitted them, with photos and documents readable by the unit. */
export const sellerOrderInfo = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/info',
  auth: 'seller',
  input: z.object({ orderId: idSchema }),
  output: z.object({
    orderId: z.string(),
    status: z.number().int(),
    /** The form as last submitted (money as yuan strings), for 'edit and resubmit'. */
    form: z.record(z.string(), z.unknown()),
    photos: z.array(z.object({ fileId: z.string(), url: z.string(), label: z.string() })),
    documents: z.array(
      z.object({ name: z.string(), fileId: z.string(), url: z.string(), expiry: z.string().nullable() }),
    ),
  }),
});

export const CANCEL_REASON_MAX = 200;

export const cancel = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/cancel',
  auth: 'seller',
  input: z.object({
    orderId: idSchema,
    reason: z
      .string()
      .trim()
      .max(CANCEL_REASON_MAX, { error: `撤拍原因不能超过${CANCEL_REASON_MAX}个字符` })
      .default(''),
  }),
  output: z.object({ orderId: z.string(), status: z.literal(7) }),
});
