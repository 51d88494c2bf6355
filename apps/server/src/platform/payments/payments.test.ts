import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, makeLot } from '../../test/bidding-fixture';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { paymentsFor, type Payments } from './payments';
import { NOTIFY_BACKOFF_MS, sandboxPaymentProvider } from './sandbox-provider';
import { loadOrCreateSecret, signBody } from './signature';

let t: TestApp;
let p: Payments;
let LOT: string;
const nextBuyer = async () => (await makeBuyer(t)).id;

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  p = paymentsFor(t.ctx);
  LOT = await makeLot(t, { status: 2 });
});
afterAll(() => t.close());

const db = () => t.ctx.dbh.db;
const newDeposit = (buyerId: string, amount = 500_000, lotId = LOT) =>
  p.service.create({
    purpose: 'deposit',
    lotId,
    buyerId,
    amount,
    subject: '竞买保证金：2019款 宝马 5系',
    returnUrl: `/promiseMoneyReport/${lotId}`,
  });
const ledgerOf = (buyerId: string) =>
  db().selectFrom('deposit_ledger').selectAll().where('buyer_id', '=', buyerId).execute();
const movementsOf = (buyerId: string) =>
  db().selectFrom('deposit_movement').selectAll().where('buyer_id', '=', buyerId).execute();
const notificationsOf = (paymentNo: string) =>
  db()
    .selectFrom('payment_notification')
    .selectAll()
    .where('payment_no', '=', paymentNo)
    .orderBy('id')
    .execute();
const statusOf = async (paymentNo: string) =>
  (
    await db()
      .selectFrom('payment')
      .select('status')
      .where('payment_no', '=', paymentNo)
      .executeTakeFirstOrThrow()
  ).status;

describe('sandbox payment company', () => {
  it('serves a hosted Chinese cashier page for a new payment', async () => {
    const { paymentNo, payUrl } = await newDeposit(await nextBuyer());
    expect(payUrl).toMatch(new RegExp(`^/api/pay/sandbox/${paymentNo}\\?ticket=\\d+\\.[0-9a-f]{64}$`));
    const res = await t.app.inject({ method: 'GET', url: payUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const text of ['车拍收银台', '沙箱', '5,000.00', '确认支付', '取消', '2019款 宝马 5系', paymentNo])
      expect(res.body).toContain(text);
    // Without the payer's ticket nothing opens (payments-exposure.test.ts covers who may pay).
    expect((await t.app.inject({ method: 'GET', url: '/api/pay/sandbox/NOPE000000' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: "/api/pay/sandbox/'%20or%201=1" })).statusCode).toBe(
      403,
    );
  });

  it('reuses the open payment instead of charging twice', async () => {
    const buyer = await nextBuyer();
    const a = await newDeposit(buyer);
    const b = await newDeposit(buyer);
    expect(b.paymentNo).toBe(a.paymentNo);
    const racer = await nextBuyer();
    const [c, d] = await Promise.all([newDeposit(racer), newDeposit(racer)]);
    expect(c.paymentNo).toBe(d.paymentNo);
  });

  it('on 确认支付 sends a signed notification that freezes the deposit with a bidder number', async () => {
    const buyer = await nextBuyer();
    const { paymentNo, payUrl } = await newDeposit(buyer);
    const ticket = new URL(payUrl, 'http://x').search;
    const res = await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/${paymentNo}/confirm${ticket}` });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/promiseMoneyReport/${LOT}?paymentNo=${paymentNo}`);
    await p.sandbox?.drain();
    expect(await statusOf(paymentNo)).toBe('paid');
    const [ledger] = await ledgerOf(buyer);
    expect(ledger).toMatchObject({ lot_id: LOT, state: 'frozen', amount: '500000', payment_no: paymentNo });
    expect(ledger?.bidder_no).toMatch(/^\d{6}$/);
    expect((await movementsOf(buyer)).map((m) => [m.from_state, m.to_state, m.amount])).toEqual([
      [null, 'frozen', '500000'],
    ]);
    expect((await notificationsOf(paymentNo)).map((n) => n.outcome)).toEqual(['applied']);
    const page = await t.app.inject({ method: 'GET', url: payUrl });
    expect(page.body).toContain('支付成功');
    expect(page.body).not.toContain('确认支付</button>');
  });

  it('changes nothing when a notification is replayed', async () => {
    const buyer = await nextBuyer();
    const { paymentNo } = await newDeposit(buyer);
    await t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });
    const first = (await notificationsOf(paymentNo))[0];
    if (!first) throw new Error('no notification recorded');
    const before = { ledger: await ledgerOf(buyer), moves: await movementsOf(buyer) };
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': first.signature },
        payload: first.body,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('success');
    }
    expect(await ledgerOf(buyer)).toEqual(before.ledger);
    expect(await movementsOf(buyer)).toEqual(before.moves);
    expect((await notificationsOf(paymentNo)).map((n) => n.outcome)).toEqual([
      'applied',
      'duplicate',
      'duplicate',
      'duplicate',
    ]);
  });

  it('refuses forged, tampered and stale notifications with a Chinese 400 and records them', async () => {
    const buyer = await nextBuyer();
    const { paymentNo } = await newDeposit(buyer);
    const secret = await loadOrCreateSecret(db(), 'pay_sandbox_hmac');
    const body = JSON.stringify({
      tradeNo: 'SBX1',
      paymentNo,
      amount: 500_000,
      status: 'TRADE_SUCCESS',
      paidAt: Date.now(),
    });
    const post = (payload: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pay/notify/sandbox',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'x-sandbox-signature': signature } : {}),
        },
        payload,
      });
    const cases: Array<[string, string | undefined, string]> = [
      [body, undefined, '通知签名校验失败'],
      [body, signBody('wrong-secret', Date.now(), body), '通知签名校验失败'],
      [body.replace('500000', '1'), signBody(secret, Date.now(), body), '通知签名校验失败'],
      [body, signBody(secret, Date.now() - 10 * 60_000, body), '通知已过期'],
      [
        body.replace('500000', '1'),
        signBody(secret, Date.now(), body.replace('500000', '1')),
        '通知金额与支付单不符',
      ],
    ];
    for (const [payload, sig, msg] of cases) {
      const res = await post(payload, sig);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toBe(msg);
    }
    expect(await statusOf(paymentNo)).toBe('pending');
    expect(await ledgerOf(buyer)).toEqual([]);
    const rejected = await db()
      .selectFrom('payment_notification')
      .select('reason')
      .where('outcome', '=', 'rejected')
      .execute();
    expect(rejected.length).toBeGreaterThanOrEqual(5);
    expect((await post('not json', signBody(secret, Date.now(), 'not json'))).statusCode).toBe(400);
  });

  it('lets the buyer cancel, then starts a fresh payment', async () => {
    const buyer = await nextBuyer();
    const { paymentNo, payUrl } = await newDeposit(buyer);
    const ticket = new URL(payUrl, 'http://x').search;
    const res = await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/${paymentNo}/cancel${ticket}` });
    expect(res.headers.location).toContain('cancelled=1');
    expect((await t.app.inject({ method: 'GET', url: payUrl })).body).toContain('交易已关闭');
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/pay/sandbox/${paymentNo}/confirm${ticket}` }))
        .statusCode,
    ).toBe(303);
    expect(await statusOf(paymentNo)).toBe('pending');
    const again = await newDeposit(buyer);
    expect(again.paymentNo).not.toBe(paymentNo);
    expect(await statusOf(paymentNo)).toBe('closed');
    expect((await p.sandbox?.query(again.paymentNo))?.status).toBe('pending');
  });

  it('retries a failed notification with back-off until the merchant answers', async () => {
    let now = new Date();
    let failures = 2;
    const delivered: string[] = [];
    const flaky = sandboxPaymentProvider({
      db: db(),
      now: () => now,
      secret: () => loadOrCreateSecret(db(), 'pay_sandbox_hmac'),
      pageBase: '/api/pay/sandbox',
      dispatch: async (_url, body, signature) => {
        if (failures-- > 0) throw new Error('connect ECONNREFUSED');
        await p.service.handleNotification(body, signature);
        delivered.push(body);
        return true;
      },
    });
    const buyer = await nextBuyer();
    const { paymentNo } = await newDeposit(buyer);
    await flaky.createPayment({
      paymentNo: `${paymentNo}`,
      amount: 500_000,
      subject: 's',
      notifyUrl: 'x',
      returnUrl: '/',
    });
    await flaky.confirm(paymentNo);
    await flaky.drain();
    let trade = await flaky.find(paymentNo);
    expect(trade).toMatchObject({
      notify_attempts: 1,
      notified_at: null,
      last_notify_error: 'connect ECONNREFUSED',
    });
    expect(trade?.next_notify_at?.getTime()).toBe(now.getTime() + (NOTIFY_BACKOFF_MS[0] ?? 0));
    expect(await flaky.deliverDue()).toBe(0);
    now = new Date(now.getTime() + 15_000);
    expect(await flaky.deliverDue()).toBe(1);
    now = new Date(now.getTime() + 15_000);
    expect(await flaky.deliverDue()).toBe(1);
    trade = await flaky.find(paymentNo);
    expect(trade).toMatchObject({ notify_attempts: 3, next_notify_at: null, last_notify_error: null });
    expect(delivered).toHaveLength(1);
    expect(await statusOf(paymentNo)).toBe('paid');
    expect(await flaky.deliverDue()).toBe(0);
  });
});

describe('development payment endpoint', () => {
  it('plays the success notification', async () => {
    const buyer = await nextBuyer();
    const { paymentNo } = await newDeposit(buyer);
    const res = await t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });
    expect(envelope(res)).toEqual({ code: 200, msg: '操作成功', data: { paymentNo, status: 'paid' } });
    expect((await ledgerOf(buyer))[0]?.state).toBe('frozen');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/dev/payments/DP000000000/succeed' })).statusCode,
    ).toBe(404);
  });

  it('answers 404 in production', async () => {
    const prod = await createTestApp({
      env: { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', SCHEDULER_INTERVAL_MS: '0' },
    });
    try {
      const [lotId, buyer] = [await makeLot(prod), await makeBuyer(prod)];
      const { paymentNo } = await paymentsFor(prod.ctx).service.create({
        purpose: 'deposit',
        lotId,
        buyerId: buyer.id,
        amount: 100,
        subject: 's',
        returnUrl: '/',
      });
      const res = await prod.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });
      expect(res.statusCode).toBe(404);
      expect(
        await prod.ctx.dbh.db
          .selectFrom('payment')
          .select('status')
          .where('payment_no', '=', paymentNo)
          .executeTakeFirst(),
      ).toEqual({ status: 'pending' });
    } finally {
      await prod.close();
    }
  });
});
