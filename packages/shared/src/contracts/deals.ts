import { z } from 'zod';
import { idCardSchema, realNameSchema, smsCodeSchema, telSchema } from './accounts';
import { idSchema, intIn, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';

/**
 * The deal after the hammer (docs/product.md#16-the-deal-after-the-hammer): one stage machine per
 * sold lot, the same for both sides.
 */
export const DEAL_STAGES = {
  signing: '待签约',
  paying: '待付款',
  pickup: '待提车',
  transfer: '待过户',
  done: '已完成',
  defaulted: '已违约',
} as const;
export type DealStage = keyof typeof DEAL_STAGES;

const stageSchema = z.enum(Object.keys(DEAL_STAGES) as [DealStage, ...DealStage[]]);

/** Hours after the close to sign the 成交确认书. */
export const SIGN_HOURS = 24;
/** Hours after the close to pay the balance and the buyer's fee. */
export const PAY_HOURS = 72;
/** Days after full payment to collect the car. */
export const PICKUP_DAYS = 7;
/** Days after the handover to complete the transfer of registration. */
export const TRANSFER_DAYS = 30;
/** The buyer's service fee: a share of the hammer price within a minimum and a cap (fen). */
export const BUYER_FEE = { rateBp: 500, minFen: 500_00, maxFen: 5_000_00 } as const;

/**
 * A lot's deal terms (docs/decisions/024-deal-terms-and-deadlines.md): the platform's defaults,
 * overridden per lot by the seller's terms; copied onto the deal when it opens, so a later change
 * of the defaults never moves a running deal's deadlines or fees. Money in fen.
 */
export interface DealTerms {
  signHours: number;
  payHours: number;
  pickupDays: number;
  transferDays: number;
  buyerFee: { rateBp: number; minFen: number; maxFen: number };
  /** The seller's commission: deducted from the payout, or paid separately by the unit. */
  sellerFee: { rateBp: number; mode: 'deduct' | 'separate' };
  /** Charged per day (or part of a day) the car stays after the pickup deadline. */
  storageFeePerDayFen: number;
  /** The seller's share of a forfeited deposit, basis points; the platform keeps the rest. */
  forfeitSellerShareBp: number;
  /** How long the next-highest bidder has to accept a second-chance offer. */
  secondChanceHours: number;
}

export const DEFAULT_DEAL_TERMS: DealTerms = {
  signHours: SIGN_HOURS,
  payHours: PAY_HOURS,
  pickupDays: PICKUP_DAYS,
  transferDays: TRANSFER_DAYS,
  buyerFee: { ...BUYER_FEE },
  sellerFee: { rateBp: 0, mode: 'deduct' },
  storageFeePerDayFen: 50_00,
  forfeitSellerShareBp: 7_000,
  secondChanceHours: 24,
};

/** Strikes (悔拍) that bar a buyer from registering, and for how long by default. */
export const STRIKES_TO_BAR = 3;
export const DEFAULT_BAR_DAYS = 180;

const feeYuan = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: `${label}格式不正确（元，最多两位小数）` })
    .transform((v) => Math.round(Number(v) * 100));

/** The terms as an operator or a seller sets them (money in yuan; every field optional = keep). */
export const dealTermsInput = z
  .object({
    signHours: intIn('签约期限（小时）', 1, 168),
    payHours: intIn('付款期限（小时）', 1, 720),
    pickupDays: intIn('提车期限（天）', 1, 60),
    transferDays: intIn('过户期限（天）', 1, 180),
    buyerFeeRatePercent: z.coerce
      .number({ error: '买方佣金比例必须是数字' })
      .min(0, { error: '买方佣金比例不能为负' })
      .max(5, { error: '买方佣金比例不能超过5%' }),
    buyerFeeMin: feeYuan('买方佣金下限'),
    buyerFeeMax: feeYuan('买方佣金上限'),
    sellerFeeRatePercent: z.coerce
      .number({ error: '卖方佣金比例必须是数字' })
      .min(0, { error: '卖方佣金比例不能为负' })
      .max(5, { error: '卖方佣金比例不能超过5%' }),
    sellerFeeMode: z.enum(['deduct', 'separate'], { error: '请选择卖方佣金收取方式' }),
    storageFeePerDay: feeYuan('每日存放费'),
    forfeitSellerSharePercent: intIn('违约保证金归处置单位比例（%）', 0, 100),
    secondChanceHours: intIn('次高出价人确认期限（小时）', 1, 168),
  })
  .partial()
  .refine(
    (t) => t.buyerFeeMin === undefined || t.buyerFeeMax === undefined || t.buyerFeeMin <= t.buyerFeeMax,
    { error: '买方佣金下限不能高于上限', path: ['buyerFeeMin'] },
  );
export type DealTermsInput = z.output<typeof dealTermsInput>;

/** Applies a (partial) terms input over the given terms. */
export function applyTerms(base: DealTerms, t: DealTermsInput): DealTerms {
  return {
    signHours: t.signHours ?? base.signHours,
    payHours: t.payHours ?? base.payHours,
    pickupDays: t.pickupDays ?? base.pickupDays,
    transferDays: t.transferDays ?? base.transferDays,
    buyerFee: {
      rateBp:
        t.buyerFeeRatePercent !== undefined ? Math.round(t.buyerFeeRatePercent * 100) : base.buyerFee.rateBp,
      minFen: t.buyerFeeMin ?? base.buyerFee.minFen,
      maxFen: t.buyerFeeMax ?? base.buyerFee.maxFen,
    },
    sellerFee: {
      rateBp:
        t.sellerFeeRatePercent !== undefined
          ? Math.round(t.sellerFeeRatePercent * 100)
          : base.sellerFee.rateBp,
      mode: t.sellerFeeMode ?? base.sellerFee.mode,
    },
    storageFeePerDayFen: t.storageFeePerDay ?? base.storageFeePerDayFen,
    forfeitSellerShareBp:
      t.forfeitSellerSharePercent !== undefined
        ? t.forfeitSellerSharePercent * 100
        : base.forfeitSellerShareBp,
    secondChanceHours: t.secondChanceHours ?? base.secondChanceHours,
  };
}

/** Days of storage charged at `at`: every started day after the pickup deadline. */
export function storageDays(pickupDeadline: number | null, at: number): number {
  if (pickupDeadline === null || at <= pickupDeadline) return 0;
  return Math.ceil((at - pickupDeadline) / 86_400_000);
}

/** The forfeited deposit split (fen): the seller's share rounded down, the platform keeps the rest. */
export function forfeitSplit(depositFen: number, sellerShareBp: number) {
  const seller = Math.floor((depositFen * sellerShareBp) / 10_000);
  return { seller, platform: depositFen - seller };
}

/** The buyer's fee on a hammer price (fen): rounded to the fen, then held within min and cap. */
export function buyerServiceFee(
  priceFen: number,
  fee: { rateBp: number; minFen: number; maxFen: number } = BUYER_FEE,
) {
  const raw = Math.round((priceFen * fee.rateBp) / 10_000);
  return Math.min(Math.max(raw, fee.minFen), fee.maxFen);
}

const yuan = z.string().regex(/^-?\d+\.\d{2}$/);
const dateOnly = (label: string) =>
  z
    .string({ error: `请选择${label}` })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label}格式应为YYYY-MM-DD` });
const ms = z.number().int();

export const PICKUP_SLOTS = { am: '上午 9:00–12:00', pm: '下午 13:30–17:30' } as const;
export const TRANSFER_KINDS = { local: '本地过户', outOfTown: '外迁过户' } as const;

const dateText = z
  .string({ error: '请选择提车日期' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '提车日期格式应为YYYY-MM-DD' });

/** How the buyer will collect the car; an agent's ID number is sealed at rest. */
export const pickupPlanInput = z
  .object({
    orderId: idSchema,
    pickupDate: dateText,
    slot: z.enum(['am', 'pm'], { error: '请选择提车时段' }),
    collector: z.enum(['self', 'agent'], { error: '请选择提车人' }),
    agentName: realNameSchema.optional(),
    agentIdNo: idCardSchema.optional(),
    agentTel: telSchema.optional(),
    transfer: z.enum(['local', 'outOfTown'], { error: '请选择过户方式' }),
  })
  .superRefine((v, ctx) => {
    if (v.collector !== 'agent') return;
    if (!v.agentName) ctx.addIssue({ code: 'custom', path: ['agentName'], message: '请输入代提车人姓名' });
    if (!v.agentIdNo)
      ctx.addIssue({ code: 'custom', path: ['agentIdNo'], message: '请输入代提车人身份证号' });
    if (!v.agentTel) ctx.addIssue({ code: 'custom', path: ['agentTel'], message: '请输入代提车人手机号' });
  });

export type PickupPlanInput = z.output<typeof pickupPlanInput>;

/** What is stored (the ID number sealed, only its mask readable). */
export interface StoredPickupPlan {
  pickupDate: string;
  slot: 'am' | 'pm';
  collector: 'self' | 'agent';
  agentName?: string;
  agentTel?: string;
  agentIdSealed?: string;
  agentIdMasked?: string;
  transfer: 'local' | 'outOfTown';
  updatedAt: number;
}

const pickupPlan = z.object({
  pickupDate: z.string(),
  slot: z.enum(['am', 'pm']),
  collector: z.enum(['self', 'agent']),
  agentName: z.string().nullable(),
  agentTel: z.string().nullable(),
  agentIdMasked: z.string().nullable(),
  transfer: z.enum(['local', 'outOfTown']),
  updatedAt: ms,
});
export type PickupPlan = z.infer<typeof pickupPlan>;

const step = z.object({
  stage: z.enum(['closed', 'signed', 'paid', 'handedOver', 'transferred']),
  label: z.string(),
  at: ms.nullable(),
  deadline: ms.nullable(),
});

/** The terms as both sides read them (money in yuan). */
export const termsView = z.object({
  signHours: z.number().int(),
  payHours: z.number().int(),
  pickupDays: z.number().int(),
  transferDays: z.number().int(),
  buyerFeeRatePercent: z.number(),
  buyerFeeMin: yuan,
  buyerFeeMax: yuan,
  sellerFeeRatePercent: z.number(),
  sellerFeeMode: z.enum(['deduct', 'separate']),
  storageFeePerDay: yuan,
  forfeitSellerSharePercent: z.number(),
  secondChanceHours: z.number().int(),
});
export type TermsView = z.infer<typeof termsView>;

export const PAYMENT_PURPOSE_TEXT = {
  deposit: '竞买保证金',
  balance: '成交余款',
  service_fee: '买方服务费',
  storage_fee: '场地存放费',
  seller_fee: '卖方服务费',
  offer_deposit: '次高价成交保证金',
} as const;
export type PaymentPurpose = keyof typeof PAYMENT_PURPOSE_TEXT;

/**
 * Why a paid payment gets no invoice, or null when it may have one: a deposit forfeited by the
 * default is 违约金 — compensation, not a sale or a service — and gets the receipt only.
 */
export function invoiceRefusal(stage: DealStage, purpose: PaymentPurpose): string | null {
  if (stage === 'defaulted' && (purpose === 'deposit' || purpose === 'offer_deposit'))
    return '保证金已因违约被没收，违约金不开具发票，可下载收据';
  return null;
}

/** An invoice request: finance issues it (with the e-invoice PDF) or rejects it with a reason. */
export const INVOICE_STATUS_TEXT = { requested: '申请中', issued: '已开具', rejected: '已驳回' } as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUS_TEXT;
export const invoiceStatusSchema = z.enum(
  Object.keys(INVOICE_STATUS_TEXT) as [InvoiceStatus, ...InvoiceStatus[]],
  { error: '发票状态不正确' },
);

/** A payment's latest invoice request, as the buyer sees it. */
export const invoiceState = z.object({
  id: z.string(),
  status: invoiceStatusSchema,
  statusText: z.string(),
  title: z.string(),
  requestedAt: ms,
  /** Issued: its number and date (the PDF through invoiceFile). */
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  /** Rejected: why; the buyer may apply again. */
  rejectReason: z.string().nullable(),
  decidedAt: ms.nullable(),
});
export type InvoiceState = z.infer<typeof invoiceState>;

const receipt = z.object({
  paymentNo: z.string(),
  purpose: z.enum(Object.keys(PAYMENT_PURPOSE_TEXT) as [PaymentPurpose, ...PaymentPurpose[]]),
  purposeText: z.string(),
  amount: yuan,
  paidAt: ms,
  /** The receipt PDF: GET receiptPdf with orderId and paymentNo. */
  invoice: invoiceState.nullable(),
  /** Why no invoice may be asked for this payment (see invoiceRefusal), null when one may. */
  noInvoice: z.string().nullable(),
});
export type Receipt = z.infer<typeof receipt>;

export const PAPER_CONTRACT_STATUS_TEXT = {
  pending: '待审核',
  accepted: '已通过',
  rejected: '未通过',
} as const;
const paperContract = z.object({
  fileId: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  statusText: z.string(),
  reason: z.string().nullable(),
  uploadedAt: ms,
  reviewedAt: ms.nullable(),
});

export const DEFAULT_REASON_TEXT = {
  sign: '未在期限内签署成交确认书',
  pay: '未在期限内付清余款及服务费',
} as const;
export const OFFER_STATUS_TEXT = {
  pending: '等待次高出价人确认',
  accepted: '次高出价人已接受',
  declined: '次高出价人已放弃',
  expired: '次高出价人逾期未确认',
} as const;
export type OfferStatus = keyof typeof OFFER_STATUS_TEXT;

/** A second-chance offer: the lot at the bidder's own last bid. */
export const secondChanceOffer = z.object({
  offerId: z.string(),
  orderId: z.string(),
  title: z.string(),
  price: yuan,
  status: z.enum(['pending', 'accepted', 'declined', 'expired']),
  statusText: z.string(),
  offeredAt: ms,
  expiresAt: ms,
  decidedAt: ms.nullable(),
  /** The bidder's masked 竞买号 (the seller's view) — buyers see their own offers only. */
  bidderNo: z.string(),
  /** The deposit the bidder pays to accept (applied to the price; forfeited on a default). */
  deposit: yuan,
  /** A deposit payment was started and is not confirmed yet. */
  paying: z.boolean(),
});
export type SecondChanceOffer = z.infer<typeof secondChanceOffer>;

/** A default (悔拍) and what the seller did about it. */
const defaultInfo = z.object({
  at: ms,
  reason: z.enum(['sign', 'pay']),
  reasonText: z.string(),
  /** The deposit forfeited, and its split per the lot's terms. */
  forfeited: yuan,
  sellerShare: yuan,
  platformShare: yuan,
  resolution: z.enum(['none', 'secondChance', 'relisted']),
  /** The offers made so far, newest first. */
  offers: z.array(secondChanceOffer),
  /** What the seller (or an operator) may do now. */
  canOfferSecondChance: z.boolean(),
  canRelist: z.boolean(),
  /** The relisted submission (back in the review queue). */
  relistedOrderId: z.string().nullable(),
  /**
   * The defaulting buyer's record, in their own view only (null for the seller): strikes so far,
   * how many bar registration, and the bar in force if this default brought one.
   */
  standing: z
    .object({ strikes: z.number().int(), strikesToBar: z.number().int(), barredUntil: ms.nullable() })
    .nullable(),
});
export type DefaultInfo = z.infer<typeof defaultInfo>;

const storage = z.object({
  perDay: yuan,
  /** From when storage is charged (the pickup deadline); null before payment. */
  startsAt: ms.nullable(),
  days: z.number().int(),
  accrued: yuan,
  paid: yuan,
  outstanding: yuan,
});

const transferRecord = z.object({
  newPlateNo: z.string(),
  transferDate: z.string(),
  proofFileId: z.string(),
  recordedAt: ms,
  recordedBy: z.enum(['seller', 'operator']),
});

/** One deal as either side sees it. */
export const dealView = z.object({
  orderId: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  stage: stageSchema,
  stageText: z.string(),
  /** The deadline of the current stage (null when none runs). */
  deadline: ms.nullable(),
  closedAt: ms,
  steps: z.array(step),
  finalPrice: yuan,
  finalPriceInWords: z.string(),
  depositApplied: yuan,
  balanceDue: yuan,
  balancePaid: z.boolean(),
  serviceFee: yuan,
  feePaid: z.boolean(),
  /** What the buyer pays after the deposit: balance + fee. */
  totalDue: yuan,
  /** Everything the buyer owes on the deal so far (balance, fee, storage accrued), paid and not yet. */
  owed: z.object({ total: yuan, paid: yuan, outstanding: yuan }),
  contract: z.object({
    no: z.string(),
    sha256: z.string().nullable(),
    signedAt: ms.nullable(),
  }),
  pickupAddress: z.string(),
  pickupPlan: pickupPlan.nullable(),
  handover: z.object({ at: ms, mileageKm: z.number().int() }).nullable(),
  seller: z.object({ name: z.string() }),
  /** Masked until the buyer has paid in full. */
  buyer: z.object({ name: z.string(), tel: z.string() }),
  /** The server's clock when answering: countdowns run from here. */
  serverTime: ms,
  /** The current stage's deadline has passed (an overdue transfer is flagged for operators). */
  overdue: z.boolean(),
  terms: termsView,
  storage,
  transfer: transferRecord.nullable(),
  /** The scan of the signed paper contract, when the buyer chose that way. */
  paperContract: paperContract.nullable(),
  receipts: z.array(receipt),
  /** Set once the deal defaulted. */
  defaultInfo: defaultInfo.nullable(),
});
export type DealView = z.infer<typeof dealView>;

const orderInput = z.object({ orderId: idSchema });
const payAnswer = z.object({ paymentNo: z.string(), payUrl: z.string() });

export const buyerDealDetail = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/auc_order/detail',
  auth: 'buyer',
  input: orderInput,
  output: dealView,
});

/** The 成交确认书 as a PDF (signed ones carry the signature block). Answers the file, not JSON. */
export const contractPdf = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/auc_order/get/sign/contract',
  auth: 'buyer',
  input: orderInput,
  output: z.never(),
});

/** Sends the signing code to the buyer's own phone. */
export const signCode = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/sign/code',
  auth: 'buyer',
  input: orderInput,
  output: z.object({ resendSeconds: z.number().int(), tel: z.string() }),
});

/** Signs online: the code proves the phone; who, when, from where and the content's hash are kept. */
export const signContract = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/sign',
  auth: 'buyer',
  input: orderInput.extend({
    code: smsCodeSchema,
    sha256: z
      .string({ error: '请先阅读成交确认书' })
      .regex(/^[0-9a-f]{64}$/, { error: '成交确认书摘要不正确' }),
  }),
  output: z.object({ signedAt: ms }),
});

/** The balance (hammer price − the applied deposit). */
export const payBalance = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/pay',
  auth: 'buyer',
  input: orderInput,
  output: payAnswer,
});

export const payServiceFee = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/serviceFee/pay',
  auth: 'buyer',
  input: orderInput,
  output: payAnswer,
});

/** The buyer's pickup arrangements; changeable until the seller confirms the handover. */
export const arrangePickup = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/dispose',
  auth: 'buyer',
  input: pickupPlanInput,
  output: pickupPlan,
});

export const sellerDealDetail = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/deal',
  auth: 'seller',
  input: orderInput,
  output: dealView,
});

/** The seller confirms the buyer collected the car and its documents. */
export const confirmReceipt = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/confirmReceipt',
  auth: 'seller',
  input: orderInput.extend({
    handoverTime: z.number({ error: '请选择交车时间' }).int(),
    mileageKm: z
      .number({ error: '请输入交车时的表显里程' })
      .int({ error: '里程须为整数公里' })
      .min(0, { error: '里程不能为负' })
      .max(2_000_000, { error: '里程过大' }),
  }),
  output: z.object({ stage: stageSchema }),
});

// ——— Storage, paper contract, receipts and invoices (buyer) ———

/** The storage fee accrued so far and not yet paid (场地存放费). */
export const payStorageFee = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/storageFee/pay',
  auth: 'buyer',
  input: orderInput,
  output: payAnswer,
});

/** The scan of the signed paper contract: the buyer's own private upload, a PDF or an image. */
export const uploadSignedContract = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/upload/sign/contract',
  auth: 'buyer',
  input: orderInput.extend({ fileId: idSchema }),
  output: paperContract,
});

const receiptInput = orderInput.extend({
  paymentNo: z
    .string({ error: '请选择付款记录' })
    .trim()
    .regex(/^[A-Z]{2}\d{10,30}$/, { error: '付款单号不正确' }),
});

/** The receipt (收款凭证) of one paid payment of the deal, as a PDF. Answers the file, not JSON. */
export const receiptPdf = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/auc_order/receipt',
  auth: 'buyer',
  input: receiptInput,
  output: z.never(),
});

/**
 * Asks for an invoice of one paid payment, made out from the saved invoice information; again
 * after a rejection.
 */
export const requestInvoice = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/invoice/apply',
  auth: 'buyer',
  input: receiptInput,
  output: receipt,
});

/** A signed address (a few minutes) of the issued e-invoice PDF of one of the buyer's payments. */
export const invoiceFile = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/auc_order/invoice/file',
  auth: 'buyer',
  input: receiptInput,
  output: z.string(),
});

// ——— Second chance (the next-highest bidder) ———

export const myOffers = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/second-chance/list',
  auth: 'buyer',
  input: z.object({}).loose(),
  output: z.object({ list: z.array(secondChanceOffer), serverTime: ms }),
});

/**
 * Accept: pay the lot's deposit at `payUrl`; once paid, a new deal at the offered price with its own
 * deadlines (no deposit on the lot: at once, `payUrl` null). Decline: the seller chooses again.
 */
export const answerOffer = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/second-chance/answer',
  auth: 'buyer',
  input: z.object({
    offerId: idSchema,
    accept: z.boolean({ error: '请选择接受或放弃' }),
  }),
  output: secondChanceOffer.extend({ payUrl: z.string().nullable() }),
});

// ——— Buyers in user/order/list and user/order/detail ———

/** One row of the buyer's deals (the buyer's answer of user/order/list). */
export const buyerDealSummary = z.object({
  orderId: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  stage: stageSchema,
  stageText: z.string(),
  deadline: ms.nullable(),
  overdue: z.boolean(),
  finalPrice: yuan,
  totalDue: yuan,
  closedAt: ms,
});
export type BuyerDealSummary = z.infer<typeof buyerDealSummary>;

/**
 * `user/order/list` as a buyer calls it (the same path as disposal.orderList; the server answers by
 * the caller's role): the caller's own deals, newest first, optionally one stage.
 */
export const buyerOrderList = endpoint({
  method: 'POST',
  path: '/mall-auction/user/order/list',
  auth: 'user',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(10),
    stage: stageSchema.optional(),
  }),
  output: pageOf(buyerDealSummary).extend({ serverTime: ms }),
});

/** `user/order/detail` as a buyer calls it: the deal view of one of the caller's deals. */
export const buyerOrderDetail = endpoint({
  method: 'POST',
  path: '/mall-auction/user/order/detail',
  auth: 'user',
  input: orderInput,
  output: dealView,
});

// ——— Seller: detailInfo actions ———

const transferInput = orderInput.extend({
  newPlateNo: z
    .string({ error: '请填写过户后的号牌号码' })
    .trim()
    .toUpperCase()
    .regex(/^[\u4e00-\u9fa5][A-Z][A-Z0-9]{5,6}$/, { error: '号牌号码格式不正确（如 京A12345）' }),
  transferDate: dateOnly('过户日期'),
  /** The new registration certificate or 行驶证 (a PDF or image the caller uploaded). */
  proofFileId: idSchema,
});

/** The seller records the new registration: the deal is complete. */
export const recordTransfer = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/transfer',
  auth: 'seller',
  input: transferInput,
  output: z.object({ stage: stageSchema }),
});

const choiceInput = orderInput.extend({
  action: z.enum(['secondChance', 'relist'], { error: '请选择次高价成交或重新上拍' }),
});

/** After a default: offer the lot to the next-highest bidder, or relist it (back to review). */
export const chooseAfterDefault = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/default/choose',
  auth: 'seller',
  input: choiceInput,
  output: defaultInfo,
});

// ——— Console ———

const consoleDealRow = buyerDealSummary.extend({
  sellerName: z.string(),
  buyerName: z.string(),
  buyerTel: z.string(),
  plateNo: z.string(),
});
export type ConsoleDealRow = z.infer<typeof consoleDealRow>;

/** Deals by stage, overdue ones first, then the nearest deadline. */
export const consoleDealList = endpoint({
  method: 'POST',
  path: '/console/deals/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    stage: stageSchema.optional(),
    overdueOnly: z.boolean().optional(),
    keyword: z.string().trim().max(30, { error: '关键词不能超过30个字符' }).optional(),
  }),
  output: pageOf(consoleDealRow).extend({ serverTime: ms }),
});

/** One deal in full, with the buyer's strikes; the buyer's phone unmasked for finance and admins only. */
export const consoleDealDetail = endpoint({
  method: 'GET',
  path: '/console/deals/:orderId',
  auth: 'operator',
  input: orderInput,
  output: dealView.extend({
    buyerId: z.string(),
    buyerStrikes: z.number().int(),
    buyerBarredUntil: ms.nullable(),
    /** Signed links for the operator (paper contract, transfer proof). */
    files: z.object({ paperContract: z.string().nullable(), transferProof: z.string().nullable() }),
  }),
});

/** An operator records the new registration: reviewers (they check documents) and admins. */
export const consoleRecordTransfer = endpoint({
  method: 'POST',
  path: '/console/deals/:orderId/transfer',
  auth: 'operator',
  operatorRoles: ['reviewer'],
  input: transferInput,
  output: z.object({ stage: stageSchema }),
});

export const consoleChooseAfterDefault = endpoint({
  method: 'POST',
  path: '/console/deals/:orderId/default/choose',
  auth: 'operator',
  input: choiceInput,
  output: defaultInfo,
});

/** A lot's terms before it closes (a running deal keeps the terms it opened with). */
export const consoleSetLotTerms = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/deal-terms',
  auth: 'operator',
  operatorRoles: ['scheduler', 'finance'],
  input: z.object({ orderId: idSchema, terms: dealTermsInput }),
  output: termsView,
});

export const consoleDefaultTerms = endpoint({
  method: 'GET',
  path: '/console/settings/deal-terms',
  auth: 'operator',
  input: z.object({}).loose(),
  output: termsView.extend({ barDays: z.number().int() }),
});

export const consoleSaveDefaultTerms = endpoint({
  method: 'POST',
  path: '/console/settings/deal-terms',
  auth: 'operator',
  operatorRoles: ['admin'],
  input: z.object({
    terms: dealTermsInput,
    barDays: z.coerce
      .number({ error: '禁止报名天数必须是数字' })
      .int({ error: '禁止报名天数必须是整数' })
      .min(1, { error: '禁止报名天数至少1天' })
      .max(3650, { error: '禁止报名天数不能超过3650天' })
      .optional(),
  }),
  output: termsView.extend({ barDays: z.number().int() }),
});

const defaultRow = z.object({
  orderId: z.string(),
  title: z.string(),
  buyerId: z.string(),
  buyerName: z.string(),
  buyerTel: z.string(),
  sellerName: z.string(),
  at: ms,
  reason: z.enum(['sign', 'pay']),
  reasonText: z.string(),
  forfeited: yuan,
  resolution: z.enum(['none', 'secondChance', 'relisted']),
  offerStatus: z.enum(['pending', 'accepted', 'declined', 'expired']).nullable(),
});

export const consoleDefaultList = endpoint({
  method: 'POST',
  path: '/console/defaults/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    /** Only defaults the seller has not resolved yet. */
    open: z.boolean().optional(),
  }),
  output: pageOf(defaultRow),
});

const strikeRow = z.object({
  buyerId: z.string(),
  buyerName: z.string(),
  buyerTel: z.string(),
  strikes: z.array(z.object({ orderId: z.string(), title: z.string(), at: ms, reasonText: z.string() })),
  /** The bar in force, if any. */
  bar: z.object({ barId: z.string(), since: ms, until: ms }).nullable(),
});

export const consoleStrikeList = endpoint({
  method: 'POST',
  path: '/console/strikes/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    barredOnly: z.boolean().optional(),
    keyword: z.string().trim().max(30, { error: '关键词不能超过30个字符' }).optional(),
  }),
  output: pageOf(strikeRow),
});

/** Lifts a buyer's bar early (audited); the strikes stay on record. */
export const consoleLiftBar = endpoint({
  method: 'POST',
  path: '/console/strikes/:buyerId/lift',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    buyerId: idSchema,
    reason: z
      .string({ error: '请填写解除原因' })
      .trim()
      .min(2, { error: '请填写解除原因（至少2个字）' })
      .max(500, { error: '解除原因不能超过500个字符' }),
  }),
  output: z.object({ liftedAt: ms }),
});

const contractRow = z.object({
  orderId: z.string(),
  title: z.string(),
  buyerName: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected']),
  statusText: z.string(),
  uploadedAt: ms,
  fileUrl: z.string(),
  contentType: z.string(),
  reason: z.string().nullable(),
});

/** The paper contracts to review, oldest first. */
export const consoleContractQueue = endpoint({
  method: 'POST',
  path: '/console/contracts/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    status: z.enum(['pending', 'accepted', 'rejected']).default('pending'),
  }),
  output: pageOf(contractRow),
});

/** Accepting signs the deal (→ 待付款); rejecting needs a reason and the buyer may upload again. */
export const consoleReviewContract = endpoint({
  method: 'POST',
  path: '/console/contracts/:orderId/review',
  auth: 'operator',
  operatorRoles: ['reviewer'],
  input: z
    .object({
      orderId: idSchema,
      accept: z.boolean({ error: '请选择通过或驳回' }),
      reason: z.string().trim().max(500, { error: '驳回原因不能超过500个字符' }).optional(),
    })
    .refine((v) => v.accept || (v.reason ?? '').length >= 2, {
      error: '请填写驳回原因（至少2个字）',
      path: ['reason'],
    }),
  output: paperContract,
});
