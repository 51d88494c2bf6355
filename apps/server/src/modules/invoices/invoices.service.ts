import { accounts, deals, fenToYuanString, maskTel, type invoices } from '@chepai/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { beijingDateStart } from '../../lib/time';
import { isUniqueViolation } from '../accounts/accounts.repo';
import { writeAudit, type Actor } from '../console/audit';
import { dealFlowRepo } from '../deals/deal-flow.repo';
import { dealExtrasRepo, dealsRepo } from '../deals/deals.repo';
import { filesRepo } from '../files/files.repo';
import type { signedUrls } from '../files/signed-url';
import { invoiceNotices } from '../notices/invoice-notices';
import { invoicesRepo, type InvoiceRequestRow } from './invoices.repo';

const DAY = 86_400_000;
const GONE = '发票申请不存在';
type ConsoleRow = NonNullable<Awaited<ReturnType<ReturnType<typeof invoicesRepo>['byId']>>>;

/** A request as the buyer reads it beside the payment. */
export function invoiceStateOf(r: InvoiceRequestRow): deals.InvoiceState {
  return {
    id: r.id,
    status: r.status,
    statusText: deals.INVOICE_STATUS_TEXT[r.status],
    title: r.title,
    requestedAt: r.requested_at.getTime(),
    invoiceNo: r.invoice_no,
    invoiceDate: r.invoice_date,
    rejectReason: r.reject_reason,
    decidedAt: (r.issued_at ?? r.rejected_at)?.getTime() ?? null,
  };
}

/** The buyer's latest request of each of these payments. */
export async function latestInvoices(db: AppContext['dbh']['db'], paymentNos: string[]) {
  const rows = await invoicesRepo(db).latestOf(paymentNos);
  return new Map(rows.map((r) => [r.payment_no, invoiceStateOf(r)]));
}

/**
 * Invoices (docs/decisions/036-invoices-issued-by-finance.md): the buyer asks for one per paid
 * payment, made out from the saved 发票信息; finance issues it (number, date, the e-invoice PDF it
 * uploaded) or rejects it with a reason, audited; the buyer reads the PDF through a signed link and
 * may ask again after a rejection.
 */
export function invoicesService(ctx: AppContext, deps: { urls: ReturnType<typeof signedUrls> }) {
  const { db } = ctx.dbh;
  const repo = invoicesRepo(db);

  function consoleRow(r: ConsoleRow): invoices.InvoiceRow {
    const info = r.info;
    const type = info.invoiceType as keyof typeof accounts.INVOICE_TYPES;
    return {
      id: r.id,
      orderId: r.lot_id,
      title: r.lot_title,
      paymentNo: r.payment_no,
      purposeText: deals.PAYMENT_PURPOSE_TEXT[r.purpose],
      amount: fenToYuanString(Number(r.amount)),
      buyer: { id: r.user_id, name: r.buyer_name, tel: r.buyer_tel ? maskTel(r.buyer_tel) : '' },
      madeOutTo: {
        invoiceType: type ?? '',
        invoiceTypeText: accounts.INVOICE_TYPES[type] ?? '',
        titleType: info.titleType ?? '',
        title: r.title,
        taxNo: info.taxNo ?? '',
        address: info.address ?? '',
        phone: info.phone ?? '',
        bankName: info.bankName ?? '',
        bankAccount: info.bankAccount ?? '',
      },
      status: r.status,
      statusText: deals.INVOICE_STATUS_TEXT[r.status],
      requestedAt: r.requested_at.getTime(),
      invoiceNo: r.invoice_no,
      invoiceDate: r.invoice_date,
      fileUrl: r.invoice_file_id ? deps.urls.sign(r.invoice_file_id, 'original') : null,
      rejectReason: r.reject_reason,
      decidedAt: (r.issued_at ?? r.rejected_at)?.getTime() ?? null,
      decidedBy: r.decided_by ? { id: r.decided_by, name: r.decider_name ?? '' } : null,
    };
  }

  async function rowOf(id: string) {
    const r = await repo.byId(id);
    if (!r) throw notFound(GONE);
    return consoleRow(r);
  }

  /** Locks a waiting request, refusing one already decided. */
  async function lockWaiting(trx: typeof db, id: string) {
    const r = await invoicesRepo(trx).lock(id);
    if (!r) throw notFound(GONE);
    if (r.status === 'issued') throw conflict('该发票已开具，不能重复处理');
    if (r.status === 'rejected') throw conflict('该发票申请已驳回，买受人可重新申请');
    return r;
  }

  return {
    /** Asks for an invoice of one of the buyer's paid payments of the deal; again after a rejection. */
    async apply(buyerId: string, orderId: string, paymentNo: string) {
      const deal = await dealsRepo(db).view(orderId);
      if (!deal || deal.buyer_id !== buyerId) throw notFound('未找到该成交订单');
      const pay = (await dealExtrasRepo(db).receipts(orderId, buyerId)).find(
        (p) => p.payment_no === paymentNo,
      );
      if (!pay || !pay.paid_at) throw notFound('未找到该付款记录');
      if (Number(pay.refunded ?? 0) >= Number(pay.amount)) throw conflict('该笔款项已全额退还，不能开具发票');
      const refusal = deals.invoiceRefusal(deal.stage, pay.purpose);
      if (refusal) throw conflict(refusal);
      const info = await dealFlowRepo(db).invoiceInfo(buyerId);
      if (!info || !info.title) throw conflict('请先在“发票信息”中填写开票信息');
      const now = ctx.now();
      const purposeText = deals.PAYMENT_PURPOSE_TEXT[pay.purpose];
      await db.transaction().execute(async (trx) => {
        const inserted = await invoicesRepo(trx).insert({
          payment_no: paymentNo,
          user_id: buyerId,
          lot_id: orderId,
          status: 'requested',
          title: info.title,
          info: JSON.stringify({
            invoiceType: info.invoice_type,
            titleType: info.title_type,
            title: info.title,
            taxNo: info.tax_no,
            address: info.address,
            phone: info.phone,
            bankName: info.bank_name,
            bankAccount: info.bank_account,
          }),
          requested_at: now,
        });
        // The payment's live request (asked, or issued) stands: one invoice per payment.
        if (!inserted) throw conflict('该笔款项已申请开票');
        await invoiceNotices.requested(trx, { id: inserted.id, title: deal.title, purposeText }, now);
      });
      const state = (await latestInvoices(db, [paymentNo])).get(paymentNo)!;
      return {
        paymentNo,
        purpose: pay.purpose,
        purposeText,
        amount: fenToYuanString(Number(pay.amount)),
        paidAt: pay.paid_at.getTime(),
        invoice: state,
        noInvoice: null,
      };
    },

    /** A signed link to the issued e-invoice of the buyer's own payment; anyone else gets 404. */
    async fileUrl(buyerId: string, orderId: string, paymentNo: string) {
      const [r] = await repo.latestOf([paymentNo]);
      if (!r || r.user_id !== buyerId || r.lot_id !== orderId || r.status !== 'issued' || !r.invoice_file_id)
        throw notFound('未找到已开具的发票');
      return deps.urls.sign(r.invoice_file_id, 'original');
    },

    async list(q: {
      pageNum: number;
      pageSize: number;
      status?: InvoiceRequestRow['status'] | undefined;
      orderId?: string | undefined;
    }) {
      const { total, rows } = await repo.list({
        status: q.status,
        orderId: q.orderId,
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return pageOf(q, total, rows.map(consoleRow));
    },

    /** 开具: the number, the date and the PDF the operator uploaded through the console. */
    async issue(actor: Actor, input: { id: string; invoiceNo: string; invoiceDate: string; fileId: string }) {
      const day = beijingDateStart(input.invoiceDate);
      if (Number.isNaN(day)) throw badRequest('开票日期不正确');
      if (day > ctx.now().getTime()) throw badRequest('开票日期不能晚于今天');
      const file = await filesRepo(db).live(input.fileId);
      if (!file || String(file.owner_id) !== actor.id) throw notFound('文件不存在或已删除，请重新上传');
      if (file.content_type !== 'application/pdf') throw badRequest('电子发票须为PDF文件');
      try {
        return await decide(actor, input.id, { issue: input, day });
      } catch (e) {
        // The number names one invoice only (a unique index): another request has it.
        if (isUniqueViolation(e)) throw conflict(`发票号码 ${input.invoiceNo} 已用于其他发票，请核对`);
        throw e;
      }
    },

    /** 驳回 with a reason the buyer reads; they may apply again. */
    reject: (actor: Actor, input: { id: string; reason: string }) =>
      decide(actor, input.id, { reason: input.reason }),
  };

  /** Issues or rejects a waiting request, with its audit row and the buyer's notice, in one transaction. */
  async function decide(
    actor: Actor,
    id: string,
    how:
      { issue: { invoiceNo: string; invoiceDate: string; fileId: string }; day: number } | { reason: string },
  ) {
    const now = ctx.now();
    const shown = await repo.byId(id);
    if (!shown) throw notFound(GONE);
    await db.transaction().execute(async (trx) => {
      const r = await lockWaiting(trx, id);
      const tx = invoicesRepo(trx);
      if ('issue' in how) {
        if (how.day + DAY <= r.requested_at.getTime()) throw badRequest('开票日期不能早于申请日期');
        await tx.issue(id, { ...how.issue, by: actor.id, at: now });
      } else await tx.reject(id, { reason: how.reason, by: actor.id, at: now });
      const issued = 'issue' in how ? how.issue : null;
      await writeAudit(trx, actor, {
        action: issued ? 'invoice.issue' : 'invoice.reject',
        targetType: 'invoice',
        targetId: id,
        before: { status: r.status },
        after: issued
          ? { status: 'issued', invoiceNo: issued.invoiceNo, invoiceDate: issued.invoiceDate }
          : { status: 'rejected' },
        ...('reason' in how ? { reason: how.reason } : {}),
      });
      await invoiceNotices.decided(
        trx,
        {
          id,
          buyerId: r.user_id,
          lotId: r.lot_id,
          title: shown.lot_title,
          purposeText: deals.PAYMENT_PURPOSE_TEXT[shown.purpose],
          invoiceNo: issued?.invoiceNo ?? null,
          reason: 'reason' in how ? how.reason : null,
        },
        now,
      );
    });
    return rowOf(id);
  }
}
