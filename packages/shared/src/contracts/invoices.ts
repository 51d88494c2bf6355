import { z } from 'zod';
import { invoiceFields } from './accounts';
import { yuan } from './bidding';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { invoiceStatusSchema } from './deals';
import { endpoint } from './define';

/**
 * Invoices (docs/product.md#16-the-deal-after-the-hammer): a buyer asks for one per paid payment
 * (`deals.requestInvoice`); finance issues it in the tax system and records it here — number, date
 * and the e-invoice PDF — or rejects it with a reason (docs/decisions/036-invoices-issued-by-finance.md).
 */

const ms = z.number().int();

/** The invoice details the request was made out from (copied from the buyer's 发票信息 when asked). */
const madeOutTo = invoiceFields.omit({ updatedAt: true }).extend({
  invoiceType: z.string(),
  invoiceTypeText: z.string(),
  titleType: z.string(),
});

export const invoiceRow = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The vehicle. */
  title: z.string(),
  paymentNo: z.string(),
  purposeText: z.string(),
  amount: yuan,
  buyer: z.object({ id: z.string(), name: z.string(), tel: z.string() }),
  madeOutTo,
  status: invoiceStatusSchema,
  statusText: z.string(),
  requestedAt: ms,
  invoiceNo: z.string().nullable(),
  invoiceDate: z.string().nullable(),
  /** A signed link to the e-invoice PDF (issued ones). */
  fileUrl: z.string().nullable(),
  rejectReason: z.string().nullable(),
  decidedAt: ms.nullable(),
  decidedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type InvoiceRow = z.infer<typeof invoiceRow>;

/** Requests, those waiting first (oldest first), then the decided ones (newest first). */
export const consoleInvoiceList = endpoint({
  method: 'POST',
  path: '/console/invoices/list',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    status: invoiceStatusSchema.optional(),
    orderId: idSchema.optional(),
  }),
  output: pageOf(invoiceRow),
});

/** 开具: the invoice number, its date and the e-invoice PDF the operator uploaded (console/files/upload). */
export const consoleIssueInvoice = endpoint({
  method: 'POST',
  path: '/console/invoices/:id/issue',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    id: idSchema,
    invoiceNo: z
      .string({ error: '请填写发票号码' })
      .trim()
      .regex(/^\d{8,20}$/, { error: '发票号码应为8–20位数字' }),
    invoiceDate: z
      .string({ error: '请选择开票日期' })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '开票日期格式应为YYYY-MM-DD' }),
    fileId: idSchema,
  }),
  output: invoiceRow,
});

/** 驳回 with a reason the buyer reads; the buyer may apply again. */
export const consoleRejectInvoice = endpoint({
  method: 'POST',
  path: '/console/invoices/:id/reject',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({
    id: idSchema,
    reason: z
      .string({ error: '请填写驳回原因' })
      .trim()
      .min(2, { error: '请填写驳回原因（至少2个字）' })
      .max(500, { error: '驳回原因不能超过500个字符' }),
  }),
  output: invoiceRow,
});
