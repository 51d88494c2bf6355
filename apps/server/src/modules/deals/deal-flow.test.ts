import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, makeBuyer, makeLot, payDeposit, signDeal } from '../../test/bidding-fixture';
import { dealKit, DAY, HOUR, pdfText } from '../../test/deal-fixture';
import { filesKit, minimalPdf } from '../../test/files-kit';
import { createListeningTestApp } from '../../test/listening-app';
import type { TestApp } from '../../test/test-app';
import { NO_RUNNER_UP } from './deal-defaults';
import { sendDealReminders } from './deal-reminders';

let t: TestApp & { baseUrl: string };
let k: Awaited<ReturnType<typeof dealKit>>;
const db = () => t.ctx.dbh.db;

type DefaultInfo = {
  reason: string;
  forfeited: string;
  sellerShare: string;
  platformShare: string;
  resolution: string;
  canOfferSecondChance: boolean;
  canRelist: boolean;
  relistedOrderId: string | null;
  offers: Array<{ offerId: string; price: string; status: string }>;
};
type View = {
  stage: string;
  deadline: number | null;
  overdue: boolean;
  finalPrice: string;
  depositApplied: string;
  balanceDue: string;
  serviceFee: string;
  terms: Record<string, unknown>;
  storage: { perDay: string; days: number; accrued: string; paid: string; outstanding: string };
  owed: { total: string; paid: string; outstanding: string };
  transfer: { newPlateNo: string; transferDate: string; recordedBy: string } | null;
  paperContract: { status: string; reason: string | null } | null;
  receipts: Array<{ paymentNo: string; purpose: string; amount: string; invoice: { title: string } | null }>;
  defaultInfo: (DefaultInfo & { standing: unknown }) | null;
};

const view = (token: string, orderId: string) =>
  call<View>(t, token, 'GET', `/api/mall-auction/buyer/auc_order/detail?orderId=${orderId}`);
const sellerView = (token: string, orderId: string) =>
  call<View>(t, token, 'GET', `/api/mall-auction/seller/auc_order/deal?orderId=${orderId}`);
const stageOf = async (lot: string) =>
  (await db().selectFrom('deal').select('stage').where('lot_id', '=', lot).executeTakeFirstOrThrow()).stage;

/** Signs, pays balance and fee: the deal stands at 待提车. */
async function paidInFull(buyer: { id: string; token: string }, lot: string) {
  await k.payInFull(buyer, lot);
  expect(await stageOf(lot)).toBe('pickup');
}

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  k = await dealKit(t);
}, 120_000);
afterAll(() => t.close());

describe('defaults, strikes and the second chance', () => {
  it('a missed signing forfeits the deposit (70/30), strikes the buyer; the runner-up declines, the next lets the offer lapse, the seller relists', async () => {
    const closeAt = Date.now() + 2 * DAY;
    const { lot, buyer, others } = await k.wonLot(closeAt, { under: 2 });
    const [low, high] = others as [{ id: string; token: string }, { id: string; token: string }];
    // Nothing to choose before a default.
    expect(await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'relist' })).toMatchObject(
      {
        status: 409,
        msg: '该成交订单未违约，不能另行处置',
      },
    );
    await k.clock(closeAt + 24 * HOUR);
    await k.tick();
    const seen = await sellerView(k.seller.a, lot);
    expect(seen.data.stage).toBe('defaulted');
    expect(seen.data.defaultInfo).toMatchObject({
      reason: 'sign',
      forfeited: '1000.00',
      sellerShare: '700.00',
      platformShare: '300.00',
      resolution: 'none',
      canOfferSecondChance: true,
      canRelist: true,
    });
    const strikes = await db()
      .selectFrom('buyer_strike')
      .select('lot_id')
      .where('buyer_id', '=', buyer.id)
      .execute();
    expect(strikes).toEqual([{ lot_id: lot }]);
    // The buyer reads their own record (one strike, no bar yet); the seller does not.
    expect((await view(buyer.token, lot)).data.defaultInfo?.standing).toEqual({
      strikes: 1,
      strikesToBar: 3,
      barredUntil: null,
    });
    expect(seen.data.defaultInfo?.standing).toBeNull();

    // Another unit cannot act on it; bad input is a 400.
    expect((await k.sellerApi(k.seller.b, 'default/choose', { orderId: lot, action: 'relist' })).status).toBe(
      404,
    );
    expect((await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'sell' })).status).toBe(
      400,
    );

    // The next-highest bidder is offered the lot at their own last bid.
    const offered = await k.sellerApi<DefaultInfo>(k.seller.a, 'default/choose', {
      orderId: lot,
      action: 'secondChance',
    });
    expect(offered.status, offered.msg).toBe(200);
    expect(offered.data.offers).toEqual([expect.objectContaining({ price: '10500.00', status: 'pending' })]);
    expect(offered.data).toMatchObject({ canOfferSecondChance: false, canRelist: false });
    // While it is open the seller cannot choose again.
    expect((await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'relist' })).status).toBe(
      409,
    );
    const mine = await call<{ list: Array<{ offerId: string; orderId: string }> }>(
      t,
      high.token,
      'GET',
      '/api/mall-auction/buyer/second-chance/list',
    );
    expect(mine.data.list.map((o) => o.orderId)).toEqual([lot]);
    // The invitation's notice opens 我的成交车辆, where pending offers are listed (a page that exists).
    const invitation = await db()
      .selectFrom('notice')
      .select(['link', 'body'])
      .where('user_id', '=', high.id)
      .where('kind', '=', 'deal.secondChance')
      .executeTakeFirstOrThrow();
    expect(invitation.link).toBe('/personalCenter/dealCar');
    // Money in notices as on every page: ¥10,500.00.
    expect(invitation.body).toContain('以您的最高出价 ¥10,500.00 成交');
    const offerId = mine.data.list[0]!.offerId;
    // Another buyer cannot answer it.
    expect(
      (
        await call(t, low.token, 'POST', '/api/mall-auction/buyer/second-chance/answer', {
          offerId,
          accept: true,
        })
      ).status,
    ).toBe(404);
    const declined = await call<{ status: string }>(
      t,
      high.token,
      'POST',
      '/api/mall-auction/buyer/second-chance/answer',
      {
        offerId,
        accept: false,
      },
    );
    expect(declined.data.status).toBe('declined');
    expect(
      (
        await call(t, high.token, 'POST', '/api/mall-auction/buyer/second-chance/answer', {
          offerId,
          accept: true,
        })
      ).status,
    ).toBe(409);

    // The seller asks the next one, who lets 24 h pass.
    const again = await k.sellerApi<DefaultInfo>(k.seller.a, 'default/choose', {
      orderId: lot,
      action: 'secondChance',
    });
    expect(again.data.offers[0]).toMatchObject({ price: '10000.00', status: 'pending' });
    await k.clock(closeAt + 48 * HOUR + 1000);
    await k.tick();
    const lapsed = await sellerView(k.seller.a, lot);
    expect(lapsed.data.defaultInfo?.offers.map((o) => o.status)).toEqual(['expired', 'declined']);
    // Nobody is left to ask: only relisting remains.
    expect(lapsed.data.defaultInfo).toMatchObject({ canOfferSecondChance: false, canRelist: true });
    expect(
      await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'secondChance' }),
    ).toMatchObject({ status: 409, msg: NO_RUNNER_UP });

    const relisted = await k.sellerApi<DefaultInfo>(k.seller.a, 'default/choose', {
      orderId: lot,
      action: 'relist',
    });
    expect(relisted.status, relisted.msg).toBe(200);
    expect(relisted.data.resolution).toBe('relisted');
    const copy = await db()
      .selectFrom('auction_order')
      .select(['stage', 'form', 'vin', 'seller_org_id'])
      .where('id', '=', relisted.data.relistedOrderId!)
      .executeTakeFirstOrThrow();
    // Back in the review queue with the same photos and documents.
    expect(copy).toMatchObject({ stage: 'pending', vin: 'LSVAU2A30000DEAL1', seller_org_id: k.seller.unitA });
    expect(copy.form).toMatchObject({ photos: ['1'] });
    expect((await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'relist' })).msg).toBe(
      '该车辆已重新上拍',
    );
    t.setNow(null);
  });

  it('a missed payment: the runner-up accepts and gets a new deal at their bid, with its own deadlines', async () => {
    const closeAt = Date.now() + 10 * DAY;
    const { lot, buyer, others } = await k.wonLot(closeAt, { under: 1 });
    const runner = others[0]!;
    await signDeal(t, buyer, lot);
    await k.clock(closeAt + 72 * HOUR);
    await k.tick();
    expect(await stageOf(lot)).toBe('defaulted');
    const forfeited = (await sellerView(k.seller.a, lot)).data.defaultInfo;
    expect(forfeited).toMatchObject({ reason: 'pay', forfeited: '1000.00' });

    await k.sellerApi(k.seller.a, 'default/choose', { orderId: lot, action: 'secondChance' });
    const offer = (
      await call<{ list: Array<{ offerId: string }> }>(
        t,
        runner.token,
        'GET',
        '/api/mall-auction/buyer/second-chance/list',
      )
    ).data.list[0]!;
    const acceptAt = closeAt + 80 * HOUR;
    await k.clock(acceptAt);
    // Accepting is paying the lot's deposit again (decision 025); the paid deposit opens the round.
    const accepted = await call<{ status: string; payUrl: string }>(
      t,
      runner.token,
      'POST',
      '/api/mall-auction/buyer/second-chance/answer',
      {
        offerId: offer.offerId,
        accept: true,
      },
    );
    expect(accepted.status, accepted.msg).toBe(200);
    expect(accepted.data.status).toBe('pending');
    const depositNo = new URL(accepted.data.payUrl, 'http://x').pathname.split('/').pop()!;
    // The cashier sends the buyer back to the deal's page (which waits for the deposit to land).
    const trade = await db()
      .selectFrom('sandbox_trade')
      .select('return_url')
      .where('merchant_payment_no', '=', depositNo)
      .executeTakeFirstOrThrow();
    expect(trade.return_url).toBe(`/buyerDetailInfo/${lot}`);
    await k.paid(depositNo);
    const fresh = await view(runner.token, lot);
    expect(fresh.data).toMatchObject({
      stage: 'signing',
      finalPrice: '10000.00',
      depositApplied: '1000.00',
      balanceDue: '9000.00',
      serviceFee: '500.00',
      deadline: acceptAt + 24 * HOUR,
    });
    // Her receipts: the deposit that accepted the offer, not her bid's deposit (refunded at the close).
    expect(fresh.data.receipts.map((p) => p.purpose)).toEqual(['offer_deposit']);
    expect(
      (
        await k.buyerApi(runner.token, 'POST', 'invoice/apply', {
          orderId: lot,
          paymentNo: (
            await db()
              .selectFrom('payment')
              .select('payment_no')
              .where('lot_id', '=', lot)
              .where('buyer_id', '=', runner.id)
              .where('purpose', '=', 'deposit')
              .executeTakeFirstOrThrow()
          ).payment_no,
        })
      ).msg,
    ).toBe('该笔款项已全额退还，不能开具发票');
    // The defaulter no longer sees the deal; the new buyer finds it in user/order/list.
    expect((await view(buyer.token, lot)).status).toBe(404);
    const list = await call<{ list: Array<{ orderId: string; stage: string }> }>(
      t,
      runner.token,
      'POST',
      '/api/mall-auction/user/order/list',
      {},
    );
    expect(list.data.list).toEqual([expect.objectContaining({ orderId: lot, stage: 'signing' })]);
    const detail = await call<{ stage: string }>(
      t,
      runner.token,
      'POST',
      '/api/mall-auction/user/order/detail',
      {
        orderId: lot,
      },
    );
    expect(detail.data.stage).toBe('signing');
    expect(
      (await call(t, buyer.token, 'POST', '/api/mall-auction/user/order/detail', { orderId: lot })).status,
    ).toBe(404);
    // The new round can be signed, like any deal.
    await signDeal(t, runner, lot);
    expect(await stageOf(lot)).toBe('paying');
    t.setNow(null);
  });

  it('three strikes bar a buyer from deposits for the set period; an operator lifts the bar (audited)', async () => {
    const base = Date.now() + 30 * DAY;
    const buyer = await makeBuyer(t);
    for (let i = 0; i < 3; i++) {
      const at = base + i * 3 * DAY;
      await k.wonLot(at, { buyer });
      await k.clock(at + 24 * HOUR);
      await k.tick();
    }
    const now = base + 6 * DAY + 24 * HOUR;
    const bar = await db()
      .selectFrom('buyer_bar')
      .selectAll()
      .where('buyer_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(bar.until.getTime()).toBe(now + 180 * DAY);
    const barredNotice = await db()
      .selectFrom('notice')
      .select('link')
      .where('user_id', '=', buyer.id)
      .where('kind', '=', 'deal.barred')
      .executeTakeFirstOrThrow();
    expect(barredNotice.link).toBe('/personalCenter/dealCar');
    // The third default's page says so: three strikes, barred until then.
    const lastLot = (
      await db()
        .selectFrom('buyer_strike')
        .select('lot_id')
        .where('buyer_id', '=', buyer.id)
        .orderBy('at', 'desc')
        .executeTakeFirstOrThrow()
    ).lot_id;
    expect((await view(buyer.token, lastLot)).data.defaultInfo?.standing).toEqual({
      strikes: 3,
      strikesToBar: 3,
      barredUntil: now + 180 * DAY,
    });
    const next = await makeLot(t, { end_time: new Date(now + DAY) });
    const refused = await call(t, buyer.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', {
      orderId: next,
    });
    expect(refused.status).toBe(403);
    expect(refused.msg).toMatch(/累计3次.*前不能报名缴纳保证金/);

    const finance = await k.operator('finance');
    const reviewer = await k.operator('reviewer');
    const list = await call<{
      list: Array<{ buyerId: string; strikes: unknown[]; bar: { until: number } | null }>;
    }>(t, finance.token, 'POST', '/api/console/strikes/list', { barredOnly: true });
    expect(list.data.list.find((r) => r.buyerId === buyer.id)).toMatchObject({
      bar: { until: now + 180 * DAY },
    });
    expect(list.data.list.find((r) => r.buyerId === buyer.id)?.strikes).toHaveLength(3);
    // A reviewer may not lift a bar; a reason is required.
    expect(
      (await call(t, reviewer.token, 'POST', `/api/console/strikes/${buyer.id}/lift`, { reason: '误判' }))
        .status,
    ).toBe(403);
    expect((await call(t, finance.token, 'POST', `/api/console/strikes/${buyer.id}/lift`, {})).status).toBe(
      400,
    );
    const lifted = await call(t, finance.token, 'POST', `/api/console/strikes/${buyer.id}/lift`, {
      reason: '买受人申诉成立',
    });
    expect(lifted.status, lifted.msg).toBe(200);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_id', '=', buyer.id)
      .execute();
    expect(audit).toEqual([{ action: 'buyer.liftBar', reason: '买受人申诉成立' }]);
    expect(
      (await call(t, finance.token, 'POST', `/api/console/strikes/${buyer.id}/lift`, { reason: '再次解除' }))
        .status,
    ).toBe(409);
    await payDeposit(t, buyer.token, next);
    t.setNow(null);
  });
});

describe('an operator acts on a default', () => {
  it('lists open defaults and relists from the console, audited', async () => {
    const closeAt = Date.now() + 250 * DAY;
    const { lot } = await k.wonLot(closeAt);
    await k.clock(closeAt + 24 * HOUR);
    await k.tick();
    const ops = await k.operator('scheduler');
    const open = await call<{ list: Array<{ orderId: string; resolution: string; forfeited: string }> }>(
      t,
      ops.token,
      'POST',
      '/api/console/defaults/list',
      { open: true },
    );
    expect(open.data.list.find((d) => d.orderId === lot)).toMatchObject({
      resolution: 'none',
      forfeited: '1000.00',
    });
    const chosen = await call<DefaultInfo>(t, ops.token, 'POST', `/api/console/deals/${lot}/default/choose`, {
      action: 'relist',
    });
    expect(chosen.status, chosen.msg).toBe(200);
    expect(chosen.data.resolution).toBe('relisted');
    const audit = await db().selectFrom('audit_log').select('action').where('target_id', '=', lot).execute();
    expect(audit).toEqual([{ action: 'deal.relist' }]);
    t.setNow(null);
  });
});

describe('deal terms', () => {
  it('fixes the lot’s own terms over the platform defaults on the deal when it opens', async () => {
    const admin = await k.operator('admin');
    const scheduler = await k.operator('scheduler');
    const saveDefaults = (token: string, body: Record<string, unknown>) =>
      call<{ storageFeePerDay: string; barDays: number }>(
        t,
        token,
        'POST',
        '/api/console/settings/deal-terms',
        body,
      );
    expect((await saveDefaults(scheduler.token, { terms: { storageFeePerDay: '60' } })).status).toBe(403);
    expect((await saveDefaults(admin.token, { terms: { signHours: 0 } })).status).toBe(400);
    const saved = await saveDefaults(admin.token, { terms: { storageFeePerDay: '60' }, barDays: 90 });
    expect(saved.data).toMatchObject({ storageFeePerDay: '60.00', barDays: 90 });

    const closeAt = Date.now() + 200 * DAY;
    const { lot, buyer } = await k.wonLot(closeAt, {
      beforeClose: async (id) => {
        const set = await call<{ payHours: number; buyerFeeRatePercent: number }>(
          t,
          scheduler.token,
          'POST',
          `/api/console/lots/${id}/deal-terms`,
          {
            terms: {
              signHours: 12,
              payHours: 48,
              buyerFeeRatePercent: 2,
              buyerFeeMin: '100',
              forfeitSellerSharePercent: 50,
            },
          },
        );
        expect(set.status, set.msg).toBe(200);
        expect(set.data).toMatchObject({ payHours: 48, buyerFeeRatePercent: 2 });
      },
    });
    const d = (await view(buyer.token, lot)).data;
    expect(d).toMatchObject({
      deadline: closeAt + 12 * HOUR,
      serviceFee: '240.00',
      terms: { signHours: 12, payHours: 48, storageFeePerDay: '60.00', forfeitSellerSharePercent: 50 },
    });
    // The ledger reads the split from the lot too.
    const own = await db()
      .selectFrom('lot')
      .select('forfeit_seller_pct')
      .where('id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(own.forfeit_seller_pct).toBe(50);
    // Closed: the deal keeps the terms it opened with.
    expect(
      (
        await call(t, scheduler.token, 'POST', `/api/console/lots/${lot}/deal-terms`, {
          terms: { payHours: 24 },
        })
      ).status,
    ).toBe(409);
    await saveDefaults(admin.token, { terms: { storageFeePerDay: '50' }, barDays: 180 });
    expect((await view(buyer.token, lot)).data.terms).toMatchObject({ storageFeePerDay: '60.00' });
    t.setNow(null);
  });
});

describe('reminders', () => {
  it('sends each deadline reminder 24 h and 2 h before (a lead longer than the window is skipped), once however often the job runs', async () => {
    const closeAt = Date.now() + 60 * DAY;
    const { lot, buyer } = await k.wonLot(closeAt);
    const reminders = async () =>
      (
        await db()
          .selectFrom('notice')
          .select('event_key')
          .where('user_id', '=', buyer.id)
          .where('event_key', 'like', `deal-remind:${lot}:%`)
          .orderBy('id')
          .execute()
      ).map((n) => n.event_key.split(':').slice(3).join(':'));
    // At the close the signing deadline is 24 h away: no '24 h left' beside the won notice (the
    // deadline was never further than that lead); the payment's (72 h) not yet.
    await sendDealReminders(db(), new Date(closeAt));
    await sendDealReminders(db(), new Date(closeAt + HOUR));
    expect(await reminders()).toEqual([]);
    await sendDealReminders(db(), new Date(closeAt + 22 * HOUR));
    await sendDealReminders(db(), new Date(closeAt + 23 * HOUR));
    expect(await reminders()).toEqual(['sign:2h']);
    await sendDealReminders(db(), new Date(closeAt + 48 * HOUR));
    await sendDealReminders(db(), new Date(closeAt + 71 * HOUR));
    expect(await reminders()).toEqual(['sign:2h', 'pay:24h', 'pay:2h']);
    const kinds = await db()
      .selectFrom('notice')
      .select('kind')
      .where('event_key', 'like', `deal-remind:${lot}:%`)
      .execute();
    expect(new Set(kinds.map((n) => n.kind))).toEqual(new Set(['deal.deadline']));
    // Each went to the SMS queue too (a deadline event), once.
    const sms = await db()
      .selectFrom('notice_delivery')
      .innerJoin('notice', 'notice.id', 'notice_delivery.notice_id')
      .select('notice.event_key')
      .where('notice.event_key', 'like', `deal-remind:${lot}:%`)
      .execute();
    expect(sms).toHaveLength(3);
    t.setNow(null);
  });
});

describe('pickup, storage, handover and transfer', () => {
  it('charges storage per started day after the pickup deadline, refuses the handover until paid, then records the transfer', async () => {
    const closeAt = Date.now() + 90 * DAY;
    const { lot, buyer } = await k.wonLot(closeAt);
    await k.clock(closeAt + HOUR);
    await paidInFull(buyer, lot);
    const pickupDeadline = closeAt + HOUR + 7 * DAY;
    expect((await view(buyer.token, lot)).data.deadline).toBe(pickupDeadline);
    expect((await k.buyerApi(buyer.token, 'POST', 'storageFee/pay', { orderId: lot })).msg).toBe(
      '当前没有应付的场地存放费',
    );

    // 1.5 days late: two started days at 50 元.
    await k.clock(pickupDeadline + 36 * HOUR);
    const late = await view(buyer.token, lot);
    expect(late.data.overdue).toBe(true);
    expect(late.data.storage).toEqual({
      perDay: '50.00',
      startsAt: pickupDeadline,
      days: 2,
      accrued: '100.00',
      paid: '0.00',
      outstanding: '100.00',
    });
    // What the buyer owes in all: balance 11,000 + fee 600 paid, the storage not yet.
    expect(late.data.owed).toEqual({ total: '11700.00', paid: '11600.00', outstanding: '100.00' });
    const handover = { orderId: lot, handoverTime: pickupDeadline + 36 * HOUR, mileageKm: 56_200 };
    expect(await k.sellerApi(k.seller.a, 'confirmReceipt', handover)).toMatchObject({
      status: 409,
      msg: '买受人尚有场地存放费 ¥100.00 未付，付清后才能确认交车',
    });
    const pay = await k.buyerApi<{ paymentNo: string }>(buyer.token, 'POST', 'storageFee/pay', {
      orderId: lot,
    });
    expect(pay.status, pay.msg).toBe(200);
    expect(
      await db()
        .selectFrom('payment')
        .select(['purpose', 'amount'])
        .where('payment_no', '=', pay.data.paymentNo)
        .executeTakeFirst(),
    ).toEqual({ purpose: 'storage_fee', amount: '10000' });
    await k.paid(pay.data.paymentNo);
    const paidUp = (await view(buyer.token, lot)).data;
    expect(paidUp.storage).toMatchObject({ paid: '100.00', outstanding: '0.00' });
    expect(paidUp.owed).toEqual({ total: '11700.00', paid: '11700.00', outstanding: '0.00' });
    // Another unit may not confirm; this one may.
    expect((await k.sellerApi(k.seller.b, 'confirmReceipt', handover)).status).toBe(404);
    const done = await k.sellerApi(k.seller.a, 'confirmReceipt', handover);
    expect(done.status, done.msg).toBe(200);

    // The receipts list every paid payment; each has a PDF and may ask for an invoice.
    const receipts = (await view(buyer.token, lot)).data.receipts;
    expect(receipts.map((r) => [r.purpose, r.amount])).toEqual([
      ['deposit', '1000.00'],
      ['balance', '11000.00'],
      ['service_fee', '600.00'],
      ['storage_fee', '100.00'],
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: `/api/mall-auction/buyer/auc_order/receipt?orderId=${lot}&paymentNo=${receipts[1]!.paymentNo}`,
      headers: { authorization: buyer.token },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('收款凭证');
    expect(text).toContain('成交余款');
    expect(text).toMatch(/人民币壹万壹仟元整/);
    const stranger = await makeBuyer(t);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/mall-auction/buyer/auc_order/receipt?orderId=${lot}&paymentNo=${receipts[1]!.paymentNo}`,
      headers: { authorization: stranger.token },
    });
    expect(theirs.statusCode).toBe(404);
    const invoiceInput = { orderId: lot, paymentNo: receipts[1]!.paymentNo };
    expect(await k.buyerApi(buyer.token, 'POST', 'invoice/apply', invoiceInput)).toMatchObject({
      status: 409,
      msg: '请先在“发票信息”中填写开票信息',
    });
    await db()
      .insertInto('invoice_info')
      .values({
        user_id: buyer.id,
        invoice_type: 'ordinary',
        title_type: 'personal',
        title: '张三',
        tax_no: '',
        address: '',
        phone: '',
        bank_name: '',
        bank_account: '',
        updated_at: new Date(),
      })
      .execute();
    const invoice = await k.buyerApi<{ invoice: { title: string; status: string } }>(
      buyer.token,
      'POST',
      'invoice/apply',
      invoiceInput,
    );
    expect(invoice.data.invoice).toMatchObject({ title: '张三', status: 'requested' });
    expect((await k.buyerApi(buyer.token, 'POST', 'invoice/apply', invoiceInput)).msg).toBe(
      '该笔款项已申请开票',
    );

    // The transfer: the proof must be a PDF or an image the unit uploaded.
    const files = filesKit(t);
    const buyerPdf = await files.upload(
      buyer.token,
      { data: minimalPdf(), filename: 'x.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    const proof = await files.upload(
      k.seller.a,
      { data: minimalPdf(), filename: '登记证书.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    expect(proof.res.statusCode, proof.body.msg).toBe(200);
    const zip = await plantFile(buyer.id, 'application/zip');
    const transfer = (proofFileId: string) => ({
      orderId: lot,
      newPlateNo: '沪B67890',
      transferDate: new Date(pickupDeadline + 40 * HOUR + 8 * HOUR).toISOString().slice(0, 10),
      proofFileId,
    });
    await k.clock(pickupDeadline + 3 * DAY);
    expect(
      (await k.sellerApi(k.seller.a, 'transfer', { ...transfer(proof.body.data.id), newPlateNo: 'ABC' }))
        .status,
    ).toBe(400);
    expect((await k.sellerApi(k.seller.a, 'transfer', transfer(buyerPdf.body.data.id))).status).toBe(404);
    expect((await k.sellerApi(k.seller.b, 'transfer', transfer(proof.body.data.id))).status).toBe(404);
    const sellerZip = await plantFile(k.seller.aUserId, 'application/zip');
    expect((await k.sellerApi(k.seller.a, 'transfer', transfer(sellerZip))).status).toBe(400);
    expect(zip).toBeTruthy();
    const recorded = await k.sellerApi(k.seller.a, 'transfer', transfer(proof.body.data.id));
    expect(recorded.status, recorded.msg).toBe(200);
    expect((await view(buyer.token, lot)).data).toMatchObject({
      stage: 'done',
      transfer: { newPlateNo: '沪B67890', recordedBy: 'seller' },
    });
    expect((await k.sellerApi(k.seller.a, 'transfer', transfer(proof.body.data.id))).msg).toBe('过户已登记');
    t.setNow(null);
  });

  it('flags an overdue transfer for operators, who may record it', async () => {
    const closeAt = Date.now() + 120 * DAY;
    const { lot, buyer } = await k.wonLot(closeAt);
    await k.clock(closeAt + HOUR);
    await paidInFull(buyer, lot);
    await k.sellerApi(k.seller.a, 'confirmReceipt', {
      orderId: lot,
      handoverTime: closeAt + HOUR,
      mileageKm: 1,
    });
    await k.clock(closeAt + 31 * DAY + HOUR);
    const ops = await k.operator('scheduler');
    const list = await call<{ list: Array<{ orderId: string; overdue: boolean; stage: string }> }>(
      t,
      ops.token,
      'POST',
      '/api/console/deals/list',
      { stage: 'transfer', overdueOnly: true },
    );
    expect(list.status, list.msg).toBe(200);
    expect(list.data.list.find((d) => d.orderId === lot)).toMatchObject({ overdue: true });
    const proof = await filesKit(t).upload(
      k.seller.a,
      { data: minimalPdf(), filename: 'p.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    // Recording it is for reviewers and admins (the scheduler only watches).
    const reviewer = await k.operator('reviewer');
    const rec = await call(t, reviewer.token, 'POST', `/api/console/deals/${lot}/transfer`, {
      newPlateNo: '京C11111',
      transferDate: new Date(closeAt + 31 * DAY + 8 * HOUR).toISOString().slice(0, 10),
      proofFileId: proof.body.data.id,
    });
    expect(rec.status, rec.msg).toBe(200);
    const detail = await call<View & { files: { transferProof: string | null } }>(
      t,
      ops.token,
      'GET',
      `/api/console/deals/${lot}`,
    );
    expect(detail.data).toMatchObject({ stage: 'done', transfer: { recordedBy: 'operator' } });
    expect(detail.data.files.transferProof).toMatch(/sig=/);
    t.setNow(null);
  });
});

describe('the paper contract', () => {
  it('accepts only the buyer’s own PDF or image; an operator rejects with a reason, then accepts', async () => {
    const closeAt = Date.now() + 150 * DAY;
    const { lot, buyer } = await k.wonLot(closeAt);
    const files = filesKit(t);
    const other = await makeBuyer(t);
    const theirs = await files.upload(
      other.token,
      { data: minimalPdf(), filename: 'c.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    const upload = (fileId: string, token = buyer.token) =>
      k.buyerApi<{ status: string }>(token, 'POST', 'upload/sign/contract', { orderId: lot, fileId });
    expect((await upload(theirs.body.data.id)).status).toBe(404);
    expect((await upload(theirs.body.data.id, other.token)).status).toBe(404);
    // Not a PDF or image: the files module refuses it, and so does the contract upload.
    const exe = await files.upload(
      buyer.token,
      { data: Buffer.from('PK\u0003\u0004zipzipzip'), filename: 'c.zip' },
      { type: 'document', isPrivate: 'true' },
    );
    expect(exe.res.statusCode).toBe(400);
    const planted = await plantFile(buyer.id, 'application/zip');
    expect(await upload(planted)).toMatchObject({
      status: 400,
      msg: '签署后的纸质合同须为PDF或图片（JPG、PNG、WebP）',
    });

    const scan = await files.upload(
      buyer.token,
      { data: minimalPdf(), filename: '确认书.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    const sent = await upload(scan.body.data.id);
    expect(sent.status, sent.msg).toBe(200);
    expect(sent.data.status).toBe('pending');
    expect((await upload(scan.body.data.id)).status).toBe(409);

    const reviewer = await k.operator('reviewer');
    const queue = await call<{ list: Array<{ orderId: string; fileUrl: string }> }>(
      t,
      reviewer.token,
      'POST',
      '/api/console/contracts/list',
      {},
    );
    expect(queue.data.list.find((c) => c.orderId === lot)?.fileUrl).toMatch(/sig=/);
    expect(
      (await call(t, reviewer.token, 'POST', `/api/console/contracts/${lot}/review`, { accept: false }))
        .status,
    ).toBe(400);
    const rejected = await call<{ status: string; reason: string }>(
      t,
      reviewer.token,
      'POST',
      `/api/console/contracts/${lot}/review`,
      {
        accept: false,
        reason: '缺少买受人签字',
      },
    );
    expect(rejected.data).toMatchObject({ status: 'rejected', reason: '缺少买受人签字' });
    expect((await view(buyer.token, lot)).data).toMatchObject({
      stage: 'signing',
      paperContract: { status: 'rejected', reason: '缺少买受人签字' },
    });
    await upload(scan.body.data.id);
    const accepted = await call(t, reviewer.token, 'POST', `/api/console/contracts/${lot}/review`, {
      accept: true,
    });
    expect(accepted.status, accepted.msg).toBe(200);
    expect(await stageOf(lot)).toBe('paying');
    expect(
      (await call(t, reviewer.token, 'POST', `/api/console/contracts/${lot}/review`, { accept: true })).msg,
    ).toBe('该合同已审核');
    // A buyer may not use the console.
    expect((await call(t, buyer.token, 'POST', '/api/console/contracts/list', {})).status).toBe(403);
    t.setNow(null);
  });
});

/** A stored file of a type the files module no longer accepts (an older row, another path). */
async function plantFile(ownerId: string, contentType: string) {
  const row = await db()
    .insertInto('file')
    .values({
      owner_id: ownerId,
      owner_unit_id: null,
      is_private: true,
      type: 'document',
      content_type: contentType,
      size: 10,
      storage_key: `planted/${Date.now()}`,
      sha256: '0'.repeat(64),
      thumb_key: null,
      thumb_size: null,
      width: null,
      height: null,
      original_name: 'x.zip',
      created_at: new Date(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
