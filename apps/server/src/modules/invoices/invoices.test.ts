import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeBuyer } from '../../test/bidding-fixture';
import { dealKit, DAY, HOUR } from '../../test/deal-fixture';
import { filesKit, minimalPdf, phoneJpeg } from '../../test/files-kit';
import { createListeningTestApp } from '../../test/listening-app';
import type { TestApp } from '../../test/test-app';

let t: TestApp & { baseUrl: string };
let k: Awaited<ReturnType<typeof dealKit>>;
const db = () => t.ctx.dbh.db;
const CONSOLE_UPLOAD = '/api/console/files/upload';
const doc = { type: 'document', isPrivate: 'true' };

type InvoiceState = {
  id: string;
  status: string;
  statusText: string;
  invoiceNo: string | null;
  invoiceDate: string | null;
  rejectReason: string | null;
};
type Row = InvoiceState & { paymentNo: string; fileUrl: string | null; decidedBy: { name: string } | null };
type Receipts = { receipts: Array<{ paymentNo: string; purpose: string; invoice: InvoiceState | null }> };

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  k = await dealKit(t);
}, 120_000);
afterAll(() => t.close());

/** The buyer's 发票信息, as the personal centre saves it. */
const saveInvoiceInfo = (token: string) =>
  call(t, token, 'POST', '/api/mall-auction/user/invoice/saveOrUpdate', {
    invoiceType: 'ordinary',
    titleType: 'company',
    title: '杭州恒通汽车服务有限公司',
    taxNo: '91350100M000100Y43',
  });

describe('invoices: the buyer asks, finance issues or rejects', () => {
  it('a rejected request is asked again and issued; only finance decides; the PDF is the buyer’s alone; twice is 409', async () => {
    const at = Date.now() + 300 * DAY;
    const { lot, buyer } = await k.wonLot(at);
    const { balance } = await k.payInFull(buyer, lot);
    const today = new Date(at + 8 * HOUR).toISOString().slice(0, 10);
    expect((await saveInvoiceInfo(buyer.token)).status).toBe(200);
    const apply = (token = buyer.token, paymentNo = balance) =>
      k.buyerApi<{ invoice: InvoiceState }>(token, 'POST', 'invoice/apply', { orderId: lot, paymentNo });
    const invoiceOf = async () =>
      (await k.buyerApi<Receipts>(buyer.token, 'GET', 'detail', { orderId: lot })).data.receipts.find(
        (r) => r.paymentNo === balance,
      )!.invoice;

    const [finance, admin, reviewer] = [
      await k.operator('finance'),
      await k.operator('admin'),
      await k.operator('reviewer'),
    ];
    const asked = await apply();
    expect(asked.status, asked.msg).toBe(200);
    expect(asked.data.invoice).toMatchObject({ status: 'requested', statusText: '申请中' });
    expect(await apply()).toMatchObject({ status: 409, msg: '该笔款项已申请开票' });
    // Another buyer cannot ask for this buyer's payment.
    const stranger = await makeBuyer(t);
    expect((await apply(stranger.token)).status).toBe(404);

    // Finance hears of the request.
    const financeNotices = await db()
      .selectFrom('notice')
      .select(['kind', 'link'])
      .where('user_id', '=', finance.id)
      .execute();
    expect(financeNotices).toContainEqual({ kind: 'ops.invoiceRequested', link: '/console/invoices' });

    const list = (token: string, body: Record<string, unknown> = {}) =>
      call<{ total: number; list: Row[] }>(t, token, 'POST', '/api/console/invoices/list', {
        orderId: lot,
        ...body,
      });
    const first = (await list(finance.token)).data.list[0]!;
    expect(first).toMatchObject({ status: 'requested', paymentNo: balance, fileUrl: null });
    expect((await list(reviewer.token)).status).toBe(403);
    expect((await list(buyer.token)).status).toBe(403);

    // 驳回 needs a reason; a reviewer may not; finance does.
    const reject = (token: string, reason: string, id = first.id) =>
      call<Row>(t, token, 'POST', `/api/console/invoices/${id}/reject`, { reason });
    expect(await reject(finance.token, ' ')).toMatchObject({
      status: 400,
      msg: '请填写驳回原因（至少2个字）',
    });
    expect(await reject(reviewer.token, '抬头有误')).toMatchObject({
      status: 403,
      msg: '您的运营角色无权执行此操作',
    });
    const rejected = await reject(finance.token, '纳税人识别号与抬头不符');
    expect(rejected.status, rejected.msg).toBe(200);
    expect(rejected.data).toMatchObject({ status: 'rejected', decidedBy: { name: '运营finance' } });
    expect(await invoiceOf()).toMatchObject({
      status: 'rejected',
      statusText: '已驳回',
      rejectReason: '纳税人识别号与抬头不符',
    });
    expect(await reject(finance.token, '再驳回一次')).toMatchObject({
      status: 409,
      msg: '该发票申请已驳回，买受人可重新申请',
    });

    // Asked again: a new request; the rejected one stays on record.
    const again = await apply();
    expect(again.status, again.msg).toBe(200);
    expect(again.data.invoice.id).not.toBe(first.id);
    const waiting = (await list(finance.token)).data;
    expect(waiting.total).toBe(2);
    // The one waiting comes first.
    expect(waiting.list.map((r) => r.status)).toEqual(['requested', 'rejected']);

    const files = filesKit(t);
    const pdf = await files.upload(
      finance.token,
      { data: minimalPdf(), filename: '发票.pdf' },
      doc,
      CONSOLE_UPLOAD,
    );
    const jpg = await files.upload(
      finance.token,
      { data: await phoneJpeg(), filename: 'a.jpg' },
      doc,
      CONSOLE_UPLOAD,
    );
    const adminPdf = await files.upload(
      admin.token,
      { data: minimalPdf(), filename: 'b.pdf' },
      doc,
      CONSOLE_UPLOAD,
    );
    expect(pdf.res.statusCode, pdf.body.msg).toBe(200);
    const issue = (token: string, over: Record<string, unknown> = {}) =>
      call<Row>(t, token, 'POST', `/api/console/invoices/${again.data.invoice.id}/issue`, {
        invoiceNo: '26332000000123456789',
        invoiceDate: today,
        fileId: pdf.body.data.id,
        ...over,
      });
    expect(await issue(reviewer.token)).toMatchObject({ status: 403 });
    expect(await issue(finance.token, { invoiceNo: '12AB' })).toMatchObject({
      status: 400,
      msg: '发票号码应为8–20位数字',
    });
    const tomorrow = new Date(at + DAY + 8 * HOUR).toISOString().slice(0, 10);
    expect(await issue(finance.token, { invoiceDate: tomorrow })).toMatchObject({
      status: 400,
      msg: '开票日期不能晚于今天',
    });
    expect(await issue(finance.token, { invoiceDate: '2026-02-30' })).toMatchObject({
      status: 400,
      msg: '开票日期不正确',
    });
    const longAgo = new Date(at - 10 * DAY).toISOString().slice(0, 10);
    expect(await issue(finance.token, { invoiceDate: longAgo })).toMatchObject({
      status: 400,
      msg: '开票日期不能早于申请日期',
    });
    expect(await issue(finance.token, { fileId: jpg.body.data.id })).toMatchObject({
      status: 400,
      msg: '电子发票须为PDF文件',
    });
    // Another operator's upload is not this operator's to attach.
    expect((await issue(finance.token, { fileId: adminPdf.body.data.id })).status).toBe(404);
    expect((await invoiceOf())?.status).toBe('requested');

    const issued = await issue(finance.token);
    expect(issued.status, issued.msg).toBe(200);
    expect(issued.data).toMatchObject({
      status: 'issued',
      invoiceNo: '26332000000123456789',
      invoiceDate: today,
    });
    expect(issued.data.fileUrl).toMatch(/^\/api\/files\/s\//);
    expect(await issue(finance.token)).toMatchObject({ status: 409, msg: '该发票已开具，不能重复处理' });
    expect(await issue(admin.token, { fileId: adminPdf.body.data.id })).toMatchObject({ status: 409 });
    expect(await apply()).toMatchObject({ status: 409, msg: '该笔款项已申请开票' });
    expect(await invoiceOf()).toMatchObject({
      status: 'issued',
      statusText: '已开具',
      invoiceNo: '26332000000123456789',
      invoiceDate: today,
    });

    // The buyer downloads the PDF through a signed link; nobody else gets one.
    const fileUrl = (token: string) =>
      k.buyerApi<string>(token, 'GET', 'invoice/file', { orderId: lot, paymentNo: balance });
    const link = await fileUrl(buyer.token);
    expect(link.status, link.msg).toBe(200);
    const bytes = await files.fetch(link.data);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('application/pdf');
    expect(bytes.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await fileUrl(stranger.token)).toMatchObject({ status: 404, msg: '未找到已开具的发票' });
    expect((await files.getUrl(stranger.token, pdf.body.data.id)).statusCode).toBe(403);
    expect((await files.getUrl(buyer.token, pdf.body.data.id)).statusCode).toBe(403);

    // Every decision is audited; the buyer is told each outcome.
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'operator_id', 'reason'])
      .where('target_type', '=', 'invoice')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'invoice.reject', operator_id: finance.id, reason: '纳税人识别号与抬头不符' },
      { action: 'invoice.issue', operator_id: finance.id, reason: '' },
    ]);
    const told = await db()
      .selectFrom('notice')
      .select('title')
      .where('user_id', '=', buyer.id)
      .where('kind', '=', 'deal.invoice')
      .orderBy('id')
      .execute();
    expect(told.map((n) => n.title)).toEqual(['发票申请未通过', '发票已开具']);
  });

  it('one invoice number names one invoice; admins may issue', async () => {
    const at = Date.now() + 320 * DAY;
    const { lot, buyer } = await k.wonLot(at);
    const { balance, fee } = await k.payInFull(buyer, lot);
    await saveInvoiceInfo(buyer.token);
    const ids: string[] = [];
    for (const paymentNo of [balance, fee]) {
      const r = await k.buyerApi<{ invoice: InvoiceState }>(buyer.token, 'POST', 'invoice/apply', {
        orderId: lot,
        paymentNo,
      });
      ids.push(r.data.invoice.id);
    }
    const admin = await k.operator('admin');
    const files = filesKit(t);
    const upload = async () =>
      (await files.upload(admin.token, { data: minimalPdf(), filename: 'i.pdf' }, doc, CONSOLE_UPLOAD)).body
        .data.id;
    const date = new Date(at + 8 * HOUR).toISOString().slice(0, 10);
    const issue = async (id: string) =>
      call(t, admin.token, 'POST', `/api/console/invoices/${id}/issue`, {
        invoiceNo: '04400260011',
        invoiceDate: date,
        fileId: await upload(),
      });
    expect((await issue(ids[0]!)).status).toBe(200);
    expect(await issue(ids[1]!)).toMatchObject({
      status: 409,
      msg: '发票号码 04400260011 已用于其他发票，请核对',
    });
  });

  it('a deposit forfeited by the default is 违约金: the receipt only, no invoice (409), nothing asked', async () => {
    const at = Date.now() + 340 * DAY;
    const { lot, buyer } = await k.wonLot(at);
    await saveInvoiceInfo(buyer.token);
    await k.clock(at + 24 * HOUR + 1000);
    await k.tick();
    const seen = await k.buyerApi<Receipts & { stage: string }>(buyer.token, 'GET', 'detail', {
      orderId: lot,
    });
    expect(seen.data.stage).toBe('defaulted');
    const deposit = seen.data.receipts.find((r) => r.purpose === 'deposit');
    expect(deposit).toMatchObject({
      invoice: null,
      noInvoice: '保证金已因违约被没收，违约金不开具发票，可下载收据',
    });
    const asked = await k.buyerApi(buyer.token, 'POST', 'invoice/apply', {
      orderId: lot,
      paymentNo: deposit!.paymentNo,
    });
    expect(asked).toMatchObject({ status: 409, msg: '保证金已因违约被没收，违约金不开具发票，可下载收据' });
    const rows = await db().selectFrom('invoice_request').select('id').where('lot_id', '=', lot).execute();
    expect(rows).toEqual([]);
    t.setNow(null);
  });
});
