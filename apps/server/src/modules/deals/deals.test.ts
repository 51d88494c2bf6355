import { idCardCheckChar } from '@chepai/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { call, latestCode, makeBuyer, signDeal } from '../../test/bidding-fixture';
import { dealKit, DAY, HOUR, pdfText } from '../../test/deal-fixture';
import { createListeningTestApp } from '../../test/listening-app';
import { dealViews } from './deal-view';
import type { TestApp } from '../../test/test-app';

let t: TestApp & { baseUrl: string };
const AGENT_ID = `11010119900307777${idCardCheckChar('11010119900307777')}`;

type Deal = {
  stage: string;
  stageText: string;
  deadline: number | null;
  finalPrice: string;
  finalPriceInWords: string;
  depositApplied: string;
  balanceDue: string;
  serviceFee: string;
  totalDue: string;
  balancePaid: boolean;
  feePaid: boolean;
  contract: { no: string; sha256: string | null; signedAt: number | null };
  buyer: { name: string; tel: string };
  seller: { name: string };
  pickupPlan: Record<string, unknown> | null;
  handover: { at: number; mileageKm: number } | null;
  steps: Array<{ stage: string; at: number | null }>;
};

let k: Awaited<ReturnType<typeof dealKit>>;
const buyerApi = <T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  path: string,
  body: Record<string, unknown>,
) => k.buyerApi<T>(token, method, path, body);
const detail = (token: string, orderId: string) => buyerApi<Deal>(token, 'GET', 'detail', { orderId });
const sellerDetail = (token: string, orderId: string) =>
  call<Deal>(t, token, 'GET', `/api/mall-auction/seller/auc_order/deal?orderId=${orderId}`);
const paid = (paymentNo: string) => k.paid(paymentNo);
const contract = (token: string, orderId: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/mall-auction/buyer/auc_order/get/sign/contract?orderId=${orderId}`,
    headers: { authorization: token },
  });
const clock = (ms: number) => k.clock(ms);
const wonLot = (at: number) => k.wonLot(at);
const seller = { a: '', b: '', aUserId: '', unitA: '' };

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  k = await dealKit(t);
  Object.assign(seller, k.seller);
}, 120_000);
afterAll(() => t.close());

describe('the deal from the hammer to the handover', () => {
  it('signs online, pays balance and fee, arranges pickup; the seller confirms the handover', async () => {
    const closeAt = Date.now() + HOUR;
    const { lot, buyer } = await wonLot(closeAt);

    const opened = await detail(buyer.token, lot);
    expect(opened.status, opened.msg).toBe(200);
    expect(opened.data).toMatchObject({
      stage: 'signing',
      stageText: '待签约',
      deadline: closeAt + 24 * HOUR,
      finalPrice: '12000.00',
      finalPriceInWords: '壹万贰仟元整',
      depositApplied: '1000.00',
      balanceDue: '11000.00',
      // 5 % of 12,000 is 600, above the 500 minimum.
      serviceFee: '600.00',
      totalDue: '11600.00',
    });
    expect(opened.data.seller.name).toBeTruthy();
    expect(opened.data.contract.sha256).toMatch(/^[0-9a-f]{64}$/);

    // The PDF says who, what, how much — in figures and in capitals.
    const pdf = await contract(buyer.token, lot);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf.rawPayload);
    for (const fact of [
      '车辆拍卖成交确认书',
      opened.data.contract.no,
      opened.data.seller.name,
      '2021款 大众 帕萨特 330TSI',
    ])
      expect(text).toContain(fact);
    expect(text).toMatch(/¥12,000\.00（人民币壹万贰仟元整）/);
    expect(text).toContain(opened.data.contract.sha256);
    expect(text).toContain('尚未签署');

    // Nothing can be paid or arranged before signing.
    expect(await buyerApi(buyer.token, 'POST', 'pay', { orderId: lot })).toMatchObject({
      status: 409,
      msg: '请先签署成交确认书',
    });
    expect(await buyerApi(buyer.token, 'POST', 'serviceFee/pay', { orderId: lot })).toMatchObject({
      status: 409,
    });

    // A wrong code, a stale digest: refused, nothing signed.
    expect((await buyerApi(buyer.token, 'POST', 'sign/code', { orderId: lot })).status).toBe(200);
    const code = await latestCode(t, buyer.id, 'signContract');
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const bad = await buyerApi(buyer.token, 'POST', 'sign', {
      orderId: lot,
      code: wrong,
      sha256: opened.data.contract.sha256,
    });
    expect(bad.status).toBe(400);
    const stale = await buyerApi(buyer.token, 'POST', 'sign', { orderId: lot, code, sha256: 'a'.repeat(64) });
    expect(stale).toMatchObject({ status: 409, msg: '成交确认书内容已更新，请重新阅读后签署' });
    expect((await detail(buyer.token, lot)).data.stage).toBe('signing');

    const signed = await buyerApi<{ signedAt: number }>(buyer.token, 'POST', 'sign', {
      orderId: lot,
      code,
      sha256: opened.data.contract.sha256,
    });
    expect(signed.status, signed.msg).toBe(200);
    const row = await t.ctx.dbh.db
      .selectFrom('deal')
      .select(['stage', 'signed_ip', 'contract_sha256', 'signed_at'])
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stage: 'paying', contract_sha256: opened.data.contract.sha256 });
    expect(row.signed_ip).toBeTruthy();
    expect(pdfText((await contract(buyer.token, lot)).rawPayload)).toContain('电子签署');
    expect((await buyerApi(buyer.token, 'POST', 'sign/code', { orderId: lot })).msg).toBe('成交确认书已签署');

    // The seller sees the deal with the buyer masked until paid in full, and cannot hand over yet.
    const early = await sellerDetail(seller.a, lot);
    expect(early.status, early.msg).toBe(200);
    expect(early.data.buyer.tel).toMatch(/^\d{3}\*{4}\d{4}$/);
    expect(early.data.buyer.name).toContain('*');
    const handoverEarly = await call(
      t,
      seller.a,
      'POST',
      '/api/mall-auction/seller/auc_order/confirmReceipt',
      {
        orderId: lot,
        handoverTime: closeAt + HOUR,
        mileageKm: 56_100,
      },
    );
    expect(handoverEarly).toMatchObject({ status: 409, msg: '买受人尚未付清全部款项，不能确认交车' });

    await clock(closeAt + 2 * HOUR);
    const balance = await buyerApi<{ paymentNo: string }>(buyer.token, 'POST', 'pay', { orderId: lot });
    const fee = await buyerApi<{ paymentNo: string }>(buyer.token, 'POST', 'serviceFee/pay', {
      orderId: lot,
    });
    const amounts = await t.ctx.dbh.db
      .selectFrom('payment')
      .select(['purpose', 'amount'])
      .where('payment_no', 'in', [balance.data.paymentNo, fee.data.paymentNo])
      .orderBy('purpose')
      .execute();
    expect(amounts).toEqual([
      { purpose: 'balance', amount: '1100000' },
      { purpose: 'service_fee', amount: '60000' },
    ]);
    await paid(balance.data.paymentNo);
    expect((await detail(buyer.token, lot)).data).toMatchObject({
      stage: 'paying',
      balancePaid: true,
      feePaid: false,
    });
    await paid(fee.data.paymentNo);
    // A replayed notice changes nothing.
    await paid(fee.data.paymentNo);
    const full = (await detail(buyer.token, lot)).data;
    expect(full).toMatchObject({ stage: 'pickup', stageText: '待提车', balancePaid: true, feePaid: true });
    expect(full.deadline).toBe(closeAt + 2 * HOUR + 7 * DAY);
    expect((await buyerApi(buyer.token, 'POST', 'serviceFee/pay', { orderId: lot })).msg).toBe(
      '买方服务费已支付',
    );

    // Pickup: an agent needs name, ID and phone; the ID is kept sealed and shown masked.
    const day = new Date(closeAt + 3 * DAY + 8 * HOUR).toISOString().slice(0, 10);
    const missing = await buyerApi(buyer.token, 'POST', 'dispose', {
      orderId: lot,
      pickupDate: day,
      slot: 'am',
      collector: 'agent',
      transfer: 'local',
    });
    expect(missing.status).toBe(400);
    const past = await buyerApi(buyer.token, 'POST', 'dispose', {
      orderId: lot,
      pickupDate: '2020-01-01',
      slot: 'am',
      collector: 'self',
      transfer: 'local',
    });
    expect(past).toMatchObject({ status: 400, msg: '提车日期不能早于今天' });
    const plan = await buyerApi<Record<string, unknown>>(buyer.token, 'POST', 'dispose', {
      orderId: lot,
      pickupDate: day,
      slot: 'pm',
      collector: 'agent',
      agentName: '王小明',
      agentIdNo: AGENT_ID,
      agentTel: '13912345678',
      transfer: 'outOfTown',
    });
    expect(plan.status, plan.msg).toBe(200);
    expect(plan.data).toMatchObject({
      collector: 'agent',
      agentName: '王小明',
      agentIdMasked: `110***********${AGENT_ID.slice(-4)}`,
    });
    const stored = await t.ctx.dbh.db
      .selectFrom('deal')
      .select('pickup_plan')
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.pickup_plan)).not.toContain(AGENT_ID);

    const paidView = await sellerDetail(seller.a, lot);
    expect(paidView.data.buyer.name).not.toContain('*');
    expect(paidView.data.pickupPlan).toMatchObject({ pickupDate: day, agentTel: '139****5678' });

    const handover = await call<{ stage: string }>(
      t,
      seller.a,
      'POST',
      '/api/mall-auction/seller/auc_order/confirmReceipt',
      {
        orderId: lot,
        handoverTime: closeAt + 2 * HOUR,
        mileageKm: 56_100,
      },
    );
    expect(handover.status, handover.msg).toBe(200);
    const after = (await detail(buyer.token, lot)).data;
    expect(after).toMatchObject({
      stage: 'transfer',
      handover: { at: closeAt + 2 * HOUR, mileageKm: 56_100 },
    });
    expect(after.deadline).toBe(closeAt + 2 * HOUR + 30 * DAY);
    const change = await buyerApi(buyer.token, 'POST', 'dispose', {
      orderId: lot,
      pickupDate: day,
      slot: 'am',
      collector: 'self',
      transfer: 'local',
    });
    expect(change).toMatchObject({ status: 409, msg: '车辆已交接，提车安排不能再修改' });

    const kinds = await t.ctx.dbh.db
      .selectFrom('notice')
      .select(['user_id', 'kind'])
      .where('event_key', 'like', `deal-%:${lot}`)
      .orderBy('id')
      .execute();
    expect(kinds).toEqual([
      { user_id: seller.aUserId, kind: 'deal.signed' },
      { user_id: buyer.id, kind: 'deal.paid' },
      { user_id: seller.aUserId, kind: 'deal.paid' },
      { user_id: buyer.id, kind: 'deal.handedOver' },
    ]);
    t.setNow(null);
  });
});

describe('defaults', () => {
  it('an unsigned deal defaults at the signing deadline, exactly once, and the deposit is forfeited', async () => {
    const closeAt = Date.now() + 10 * DAY;
    const { lot, buyer } = await wonLot(closeAt);
    await clock(closeAt + 24 * HOUR - 1000);
    await schedulerFor(t.ctx).scheduler.runOnce();
    expect(
      (
        await t.ctx.dbh.db
          .selectFrom('deal')
          .select('stage')
          .where('lot_id', '=', lot)
          .executeTakeFirstOrThrow()
      ).stage,
    ).toBe('signing');
    await clock(closeAt + 24 * HOUR);
    await schedulerFor(t.ctx).scheduler.runOnce();
    await schedulerFor(t.ctx).scheduler.runOnce();
    const deal = await t.ctx.dbh.db
      .selectFrom('deal')
      .select(['stage', 'state'])
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(deal).toEqual({ stage: 'defaulted', state: 'defaulted' });
    const moves = await t.ctx.dbh.db
      .selectFrom('deposit_movement')
      .select('to_state')
      .where('lot_id', '=', lot)
      .where('buyer_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => m.to_state)).toEqual(['frozen', 'applied', 'forfeited']);
    const notices = await t.ctx.dbh.db
      .selectFrom('notice')
      .select(['user_id', 'kind'])
      .where('event_key', '=', `deal-defaulted:${lot}`)
      .orderBy('id')
      .execute();
    expect(notices).toEqual([
      { user_id: buyer.id, kind: 'deal.defaulted' },
      { user_id: seller.aUserId, kind: 'deal.defaulted' },
    ]);
    // Signing after the deadline is refused; nothing moves.
    const late = await buyerApi(buyer.token, 'POST', 'sign/code', { orderId: lot });
    expect(late.status).toBe(409);
    t.setNow(null);
  });

  it('a signed deal whose balance is paid but fee is not defaults at the payment deadline', async () => {
    const closeAt = Date.now() + 20 * DAY;
    const { lot, buyer } = await wonLot(closeAt);
    await signDeal(t, buyer, lot);
    const balance = await buyerApi<{ paymentNo: string }>(buyer.token, 'POST', 'pay', { orderId: lot });
    await paid(balance.data.paymentNo);
    await clock(closeAt + 72 * HOUR);
    await schedulerFor(t.ctx).scheduler.runOnce();
    const deal = await t.ctx.dbh.db
      .selectFrom('deal')
      .select(['stage'])
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(deal.stage).toBe('defaulted');
    const fee = await buyerApi(buyer.token, 'POST', 'serviceFee/pay', { orderId: lot });
    expect(fee).toMatchObject({ status: 409, msg: '已超过付款期限，保证金不予退还' });
    t.setNow(null);
  });
});

describe('who may see and act on a deal', () => {
  it('answers 404 to another buyer and another unit, 401 anonymous, 403 across roles', async () => {
    const { lot, buyer } = await wonLot(Date.now() + 30 * DAY);
    const stranger = await makeBuyer(t);
    expect((await detail(stranger.token, lot)).status).toBe(404);
    expect((await contract(stranger.token, lot)).statusCode).toBe(404);
    expect((await buyerApi(stranger.token, 'POST', 'sign/code', { orderId: lot })).status).toBe(404);
    expect((await buyerApi(stranger.token, 'POST', 'pay', { orderId: lot })).status).toBe(404);
    expect((await sellerDetail(seller.b, lot)).status).toBe(404);
    const otherUnit = await call(t, seller.b, 'POST', '/api/mall-auction/seller/auc_order/confirmReceipt', {
      orderId: lot,
      handoverTime: Date.now(),
      mileageKm: 1,
    });
    expect(otherUnit.status).toBe(404);
    expect(
      (await call(t, null, 'GET', `/api/mall-auction/buyer/auc_order/detail?orderId=${lot}`)).status,
    ).toBe(401);
    expect((await detail(seller.a, lot)).status).toBe(403);
    expect((await sellerDetail(buyer.token, lot)).status).toBe(403);
    // Bad input is a 400 with a Chinese message, never a 500.
    const junk = await call(t, seller.a, 'POST', '/api/mall-auction/seller/auc_order/confirmReceipt', {
      orderId: lot,
      handoverTime: 'yesterday',
      mileageKm: -5,
    });
    expect(junk.status).toBe(400);
    expect(junk.msg).toMatch(/[\u4e00-\u9fa5]/);
    t.setNow(null);
  });
});

// Needs a second connection to commit a payment while the page is being read (PGlite is one
// connection, and its transactions run one at a time).
describe.skipIf(!process.env.TEST_DATABASE_URL)('a deal page read while a payment lands', () => {
  it('shows the payment as a receipt and as paid together, or neither', async () => {
    const { lot, buyer } = await wonLot(Date.now() + 2 * DAY);
    await signDeal(t, buyer, lot);
    const fee = await buyerApi<{ paymentNo: string }>(buyer.token, 'POST', 'serviceFee/pay', {
      orderId: lot,
    });
    expect(fee.status, fee.msg).toBe(200);
    const feeNo = fee.data.paymentNo;
    // The fee is paid (its notice committed) after the page has read the deal row, before the rest.
    const views = dealViews(t.ctx, {
      afterRow: async () => {
        expect((await paid(feeNo)).statusCode).toBe(200);
      },
    });
    const { view } = await views.page(lot, { kind: 'buyer', userId: buyer.id });
    const receipt = view.receipts.some((r) => r.paymentNo === feeNo);
    // The page stops waiting for a payment once its receipt shows: it must not show it unpaid then.
    expect({ receipt, feePaid: view.feePaid }).toEqual({ receipt: false, feePaid: false });
    const after = await detail(buyer.token, lot);
    expect(after.data.feePaid).toBe(true);
    t.setNow(null);
  });
});
