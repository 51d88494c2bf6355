import { z } from 'zod';
import { yuan, yuanInput } from './bidding';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';

/**
 * Ledger and settlement (docs/product.md#17-ledger-and-settlement): the seller's payouts and fee,
 * and the console's payments, refunds (maker-checker), payouts and reconciliation. Money in
 * answers is yuan ("128000.00"); times are epoch ms.
 */

export const PAYOUT_STATUS = {
  pending: '待打款',
  sending: '打款中',
  sent: '银行处理中',
  paid: '已到账',
  failed: '打款失败',
} as const;
export type PayoutStatus = keyof typeof PAYOUT_STATUS;
const payoutStatus = z.enum(Object.keys(PAYOUT_STATUS) as [PayoutStatus, ...PayoutStatus[]], {
  error: '结算状态不正确',
});

export const PAYOUT_KIND = { sale: '成交结算款', forfeit: '违约保证金分成' } as const;

export const REFUND_STATUS = {
  requested: '待复核',
  rejected: '已驳回',
  pending: '待退款',
  sending: '退款中',
  sent: '银行处理中',
  done: '已退回',
  failed: '退款失败',
} as const;
export type RefundStatus = keyof typeof REFUND_STATUS;
const refundStatus = z.enum(Object.keys(REFUND_STATUS) as [RefundStatus, ...RefundStatus[]], {
  error: '退款状态不正确',
});

export const REFUND_KIND = {
  deposit: '保证金退还',
  excess: '多付/违约款项退还',
  manual: '人工退款',
} as const;
export type RefundKind = keyof typeof REFUND_KIND;

/** The buyer's page calls the storage fee 场地存放费 (deals.PAYMENT_PURPOSE_TEXT): so does finance. */
export const PAYMENT_PURPOSE = {
  deposit: '保证金',
  balance: '成交余款',
  service_fee: '买方服务费',
  seller_fee: '卖方服务费',
  storage_fee: '场地存放费',
  offer_deposit: '次高价成交保证金',
} as const;
export type PaymentPurpose = keyof typeof PAYMENT_PURPOSE;

export const PAYMENT_STATUS = { pending: '待支付', paid: '已支付', closed: '已关闭' } as const;

const ms = z.number().int();
const page = { pageNum: pageNumSchema, pageSize: pageSizeSchema(20) };
const note = (label: string, min = 2) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, { error: `请填写${label}（至少${min}个字）` })
    .max(500, { error: `${label}不能超过500个字符` });
const no = (label: string) =>
  z
    .string({ error: `缺少${label}` })
    .trim()
    .regex(/^[A-Za-z0-9]{6,40}$/, { error: `${label}格式不正确` });

/** One payout to a unit's collection account. */
export const payout = z.object({
  payoutNo: z.string(),
  orderId: z.string(),
  title: z.string(),
  kind: z.enum(['sale', 'forfeit']),
  kindText: z.string(),
  /** Hammer price (or the forfeit share) before the seller's fee. */
  gross: yuan,
  sellerFee: yuan,
  amount: yuan,
  /** The account it went (or goes) to: name, bank, masked number; empty until sent. */
  account: z.object({ accountName: z.string(), bankName: z.string(), accountNo: z.string() }),
  status: payoutStatus,
  statusText: z.string(),
  /** Sends so far (a resend under the same request number counts). */
  attempts: z.number().int(),
  failure: z.string().nullable(),
  createdAt: ms,
  paidAt: ms.nullable(),
});
export type Payout = z.infer<typeof payout>;

// ——— Seller ———

/** The seller's own fee, when the lot's terms say it is paid separately rather than deducted. */
export const sellerFeePay = endpoint({
  method: 'POST',
  path: '/mall-auction/seller/auc_order/serviceFee/pay',
  auth: 'seller',
  input: z.object({ orderId: idSchema }),
  output: z.object({ paymentNo: z.string(), payUrl: z.string() }),
});

/** The deal's money for its unit: payouts so far and the seller's fee. */
export const sellerOrderSettlement = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/auc_order/settlement',
  auth: 'seller',
  input: z.object({ orderId: idSchema }),
  output: z.object({
    payouts: z.array(payout),
    sellerFee: z.object({
      amount: yuan,
      /** true: the seller pays it (sellerFeePay); false: it is deducted from the payout. */
      separate: z.boolean(),
      paid: z.boolean(),
      paidAt: ms.nullable(),
    }),
  }),
});

/** Every payout of the current unit, newest first, with totals. */
export const sellerStatement = endpoint({
  method: 'GET',
  path: '/mall-auction/seller/settlement/statement',
  auth: 'seller',
  input: z.object({ ...page, status: payoutStatus.optional() }),
  output: pageOf(payout).extend({
    totals: z.object({ paid: yuan, inTransit: yuan, failed: yuan }),
  }),
});

// ——— Console (finance) ———

export const paymentRow = z.object({
  paymentNo: z.string(),
  orderId: z.string(),
  title: z.string(),
  purpose: z.string(),
  purposeText: z.string(),
  amount: yuan,
  status: z.enum(['pending', 'paid', 'closed']),
  statusText: z.string(),
  payer: z.object({ name: z.string(), tel: z.string() }),
  providerTradeNo: z.string().nullable(),
  createdAt: ms,
  paidAt: ms.nullable(),
  /** Refunded or being refunded (approved), yuan. */
  refunded: yuan,
});

export const paymentList = endpoint({
  method: 'POST',
  path: '/console/finance/payments/list',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    ...page,
    status: z.enum(['pending', 'paid', 'closed'], { error: '支付状态不正确' }).optional(),
    purpose: z
      .enum(Object.keys(PAYMENT_PURPOSE) as [PaymentPurpose, ...PaymentPurpose[]], {
        error: '款项类型不正确',
      })
      .optional(),
    orderId: idSchema.optional(),
    paymentNo: no('支付单号').optional(),
  }),
  output: pageOf(paymentRow),
});

export const refundRow = z.object({
  refundNo: z.string(),
  kind: z.enum(['deposit', 'excess', 'manual']),
  kindText: z.string(),
  orderId: z.string(),
  title: z.string(),
  paymentNo: z.string(),
  amount: yuan,
  reason: z.string(),
  status: refundStatus,
  statusText: z.string(),
  payee: z.object({ name: z.string(), tel: z.string() }),
  /** Maker: who asked (manual refunds); checker: who approved or rejected. */
  requestedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  requestedAt: ms,
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  decidedAt: ms.nullable(),
  decisionNote: z.string().nullable(),
  failure: z.string().nullable(),
  attempts: z.number().int(),
  doneAt: ms.nullable(),
});
export type RefundRowView = z.infer<typeof refundRow>;

export const refundList = endpoint({
  method: 'POST',
  path: '/console/finance/refunds/list',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    ...page,
    status: refundStatus.optional(),
    kind: z.enum(['deposit', 'excess', 'manual'], { error: '退款类型不正确' }).optional(),
    orderId: idSchema.optional(),
  }),
  output: pageOf(refundRow),
});

/** Maker: asks for a manual refund of (part of) a paid payment; a second operator approves it. */
export const refundRequest = endpoint({
  method: 'POST',
  path: '/console/finance/refunds/request',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ paymentNo: no('支付单号'), amount: yuanInput('退款金额'), reason: note('退款原因') }),
  output: refundRow,
});

/** Checker: another finance operator approves; the refund goes out through the payment company. */
export const refundApprove = endpoint({
  method: 'POST',
  path: '/console/finance/refunds/:refundNo/approve',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ refundNo: no('退款单号'), note: z.string().trim().max(500).optional() }),
  output: refundRow,
});

export const refundReject = endpoint({
  method: 'POST',
  path: '/console/finance/refunds/:refundNo/reject',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ refundNo: no('退款单号'), reason: note('驳回原因') }),
  output: refundRow,
});

export const payoutList = endpoint({
  method: 'POST',
  path: '/console/finance/payouts/list',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ ...page, status: payoutStatus.optional(), orderId: idSchema.optional() }),
  output: pageOf(payout.extend({ unitId: z.string(), unitName: z.string() })),
});

/** Sends a failed (or waiting) payout again now. */
export const payoutRetry = endpoint({
  method: 'POST',
  path: '/console/finance/payouts/:payoutNo/retry',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ payoutNo: no('结算单号') }),
  output: payout,
});

export const mismatch = z.object({
  id: z.string(),
  kind: z.string(),
  kindText: z.string(),
  ref: z.string(),
  orderId: z.string().nullable(),
  detail: z.string(),
  foundAt: ms,
  lastSeenAt: ms,
  resolved: z
    .object({ at: ms, by: z.object({ id: z.string(), name: z.string() }), note: z.string() })
    .nullable(),
});

export const mismatchList = endpoint({
  method: 'POST',
  path: '/console/finance/mismatches/list',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    ...page,
    /** open (default): unresolved only; resolved; all. */
    state: z.enum(['open', 'resolved', 'all'], { error: '状态不正确' }).default('open'),
  }),
  output: pageOf(mismatch),
});

export const mismatchResolve = endpoint({
  method: 'POST',
  path: '/console/finance/mismatches/:id/resolve',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ id: idSchema, note: note('处理说明') }),
  output: mismatch,
});

/** Runs the reconciliation now (it also runs every 10 minutes). */
export const reconcileNow = endpoint({
  method: 'POST',
  path: '/console/finance/reconcile',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({}).loose(),
  output: z.object({ found: z.number().int() }),
});

/** A lot's journals with their lines and the balances they leave. */
export const lotLedger = endpoint({
  method: 'GET',
  path: '/console/finance/ledger/:orderId',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ orderId: idSchema }),
  output: z.object({
    journals: z.array(
      z.object({
        journalId: z.string(),
        kind: z.string(),
        kindText: z.string(),
        ref: z.string().nullable(),
        memo: z.string(),
        at: ms,
        lines: z.array(z.object({ account: z.string(), amount: yuan })),
      }),
    ),
    balances: z.array(z.object({ account: z.string(), balance: yuan })),
  }),
});
