import { z } from 'zod';
import { idCardSchema, realNameSchema, smsCodeSchema, telSchema } from './accounts';
import { idSchema } from './common';
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
/** Days after full payment to collect the car. */
export const PICKUP_DAYS = 7;
/** Days after the handover to complete the transfer of registration. */
export const TRANSFER_DAYS = 30;
/** The buyer's service fee: a share of the hammer price within a minimum and a cap (fen). */
export const BUYER_FEE = { rateBp: 500, minFen: 500_00, maxFen: 5_000_00 } as const;

/** The buyer's fee on a hammer price (fen): rounded to the fen, then held within min and cap. */
export function buyerServiceFee(
  priceFen: number,
  fee: { rateBp: number; minFen: number; maxFen: number } = BUYER_FEE,
) {
  const raw = Math.round((priceFen * fee.rateBp) / 10_000);
  return Math.min(Math.max(raw, fee.minFen), fee.maxFen);
}

const yuan = z.string().regex(/^-?\d+\.\d{2}$/);
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
