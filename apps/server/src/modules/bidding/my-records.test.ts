import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { sessions } from '../accounts/sessions';
import { call, makeBuyer, makeLot, MIN, payDeposit, placeBid, signDeal } from '../../test/bidding-fixture';

let t: TestApp;
let winner: { id: string; token: string };
let loser: { id: string; token: string };
let sold: string;
let running: string;
const now = Date.now();

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  t.setNow(new Date(now));
  [winner, loser] = [await makeBuyer(t), await makeBuyer(t)];
  sold = await makeLot(t, { end_time: new Date(now + 30 * MIN), title: '2020款 丰田 凯美瑞 2.5G 豪华版' });
  running = await makeLot(t, { end_time: new Date(now + 90 * MIN), title: '2018款 本田 雅阁 260TURBO' });
  for (const lot of [sold, running]) for (const b of [winner, loser]) await payDeposit(t, b.token, lot);
  await placeBid(t, loser.token, sold, '10000');
  await placeBid(t, winner.token, sold, '12000');
  await placeBid(t, winner.token, running, '10000');
  await placeBid(t, loser.token, running, '10500', '11500');
  t.setNow(new Date(now + 30 * MIN));
  await schedulerFor(t.ctx).scheduler.runOnce();
});
afterAll(() => t.close());

type List<T> = { total: number; list: T[] };

type Deal = {
  orderId: string;
  dealState: string;
  depositState: string;
  balanceDue: string;
  paidAt: number | null;
};
const deals = async (token: string) =>
  (await call<List<Deal>>(t, token, 'GET', '/api/mall-auction/user/buyer/deal/list')).data.list;
const payBalance = (token: string, orderId: string) =>
  call<{ paymentNo: string; payUrl: string }>(t, token, 'POST', '/api/mall-auction/buyer/auc_order/pay', {
    orderId,
  });
const notifyPaid = (paymentNo: string) =>
  t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });

/** A lot won by a new buyer at 12,000 (deposit 1,000 applied), closed at `at`. */
async function wonLot(at: number) {
  t.setNow(new Date(at - 30 * MIN));
  const buyer = await makeBuyer(t);
  const lot = await makeLot(t, { end_time: new Date(at) });
  await payDeposit(t, buyer.token, lot);
  await placeBid(t, buyer.token, lot, '12000');
  t.setNow(new Date(at));
  await schedulerFor(t.ctx).scheduler.runOnce();
  return { lot, buyer };
}
/** Sessions expire over days: log the buyer in again at the current clock. */
const relogin = async (buyer: { id: string }) => sessions(t.ctx).create(buyer.id, '127.0.0.1');

describe('personal-centre lists', () => {
  it('lists my bids per lot with my top amount and whether I lead (priceRecord)', async () => {
    const res = await call<List<{ orderId: string; myTopAmount: string; leading: boolean; status: number }>>(
      t,
      winner.token,
      'GET',
      '/api/mall-auction/user/buyer/auction/record?pageNum=1&pageSize=10',
    );
    expect(res.data.total).toBe(2);
    const byLot = Object.fromEntries(res.data.list.map((r) => [r.orderId, r]));
    expect(byLot[sold]).toMatchObject({ myTopAmount: '12000.00', leading: true, status: 5 });
    expect(byLot[running]).toMatchObject({ myTopAmount: '10000.00', leading: false, status: 3 });
  });

  it('shows the won lot with deposit applied and the balance due within 72 h (dealCar)', async () => {
    const res = await call<List<Record<string, unknown>>>(
      t,
      winner.token,
      'GET',
      '/api/mall-auction/user/buyer/deal/list',
    );
    expect(res.data.total).toBe(1);
    expect(res.data.list[0]).toMatchObject({
      orderId: sold,
      title: '2020款 丰田 凯美瑞 2.5G 豪华版',
      finalPrice: '12000.00',
      deposit: '1000.00',
      depositState: 'applied',
      balanceDue: '11000.00',
      closedAt: now + 30 * MIN,
      payDeadline: now + 30 * MIN + 72 * 3600_000,
      dealState: 'awaiting_payment',
      paidAt: null,
    });
    expect(
      (await call<List<unknown>>(t, loser.token, 'GET', '/api/mall-auction/user/buyer/deal/list')).data.total,
    ).toBe(0);
  });

  it("shows the loser's deposit refunded and the running one still frozen", async () => {
    const res = await call<
      List<{ orderId: string; state: string; amount: string; settledAt: number | null }>
    >(t, loser.token, 'GET', '/api/mall-auction/user/buyer/deposit/list');
    const byLot = Object.fromEntries(res.data.list.map((r) => [r.orderId, r]));
    expect(byLot[sold]).toMatchObject({ state: 'refunded', amount: '1000.00', settledAt: now + 30 * MIN });
    expect(byLot[running]).toMatchObject({ state: 'frozen', settledAt: null });
    expect((await call(t, null, 'GET', '/api/mall-auction/user/buyer/deposit/list')).status).toBe(401);
  });
});

describe('after the sale: balance payment within 72 h, or the deposit is forfeited', () => {
  it('pays the balance through the payment provider and settles the deal', async () => {
    const { lot, buyer: winner } = await wonLot(now + 2 * 3600_000);
    expect((await payBalance(loser.token, lot)).status).toBe(404);
    // The 成交确认书 comes first (docs/product.md#16-the-deal-after-the-hammer).
    expect(await payBalance(winner.token, lot)).toMatchObject({ status: 409, msg: '请先签署成交确认书' });
    await signDeal(t, winner, lot);
    const pay = await payBalance(winner.token, lot);
    expect(pay.status).toBe(200);
    expect(pay.data.payUrl).toContain(pay.data.paymentNo);
    const payment = await t.ctx.dbh.db
      .selectFrom('payment')
      .select(['amount', 'purpose'])
      .where('payment_no', '=', pay.data.paymentNo)
      .executeTakeFirstOrThrow();
    expect(payment).toEqual({ amount: String(11_000 * 100), purpose: 'balance' });
    expect((await deals(winner.token)).find((d) => d.orderId === lot)).toMatchObject({
      dealState: 'awaiting_payment',
      balanceDue: '11000.00',
    });
    expect((await notifyPaid(pay.data.paymentNo)).statusCode).toBe(200);
    expect((await deals(winner.token)).find((d) => d.orderId === lot)).toMatchObject({
      dealState: 'paid',
      depositState: 'applied',
      balanceDue: '0.00',
    });
    expect((await payBalance(winner.token, lot)).msg).toBe('该车辆余款已付清');
    const fee = await call<{ paymentNo: string }>(
      t,
      winner.token,
      'POST',
      '/api/mall-auction/buyer/auc_order/serviceFee/pay',
      {
        orderId: lot,
      },
    );
    expect((await notifyPaid(fee.data.paymentNo)).statusCode).toBe(200);
    // 72 h later nothing is forfeited: the deal was paid in full.
    t.setNow(new Date(now + 2 * 3600_000 + 73 * 3600_000));
    await schedulerFor(t.ctx).scheduler.runOnce();
    expect((await deals(await relogin(winner))).find((d) => d.orderId === lot)).toMatchObject({
      dealState: 'paid',
      depositState: 'applied',
    });
  });

  it('defaults an unpaid deal at the deadline exactly once and forfeits the deposit; a late payment is kept aside', async () => {
    const closeAt = now + 200 * 3600_000;
    const { lot, buyer } = await wonLot(closeAt);
    await signDeal(t, buyer, lot);
    const pending = await payBalance(buyer.token, lot);
    expect(pending.status).toBe(200);
    t.setNow(new Date(closeAt + 72 * 3600_000 - 1000));
    await schedulerFor(t.ctx).scheduler.runOnce();
    const winner = { ...buyer, token: await relogin(buyer) };
    expect((await deals(winner.token)).find((d) => d.orderId === lot)).toMatchObject({
      dealState: 'awaiting_payment',
      depositState: 'applied',
    });
    t.setNow(new Date(closeAt + 72 * 3600_000));
    await schedulerFor(t.ctx).scheduler.runOnce();
    await schedulerFor(t.ctx).scheduler.runOnce();
    expect((await deals(winner.token)).find((d) => d.orderId === lot)).toMatchObject({
      dealState: 'defaulted',
      depositState: 'forfeited',
    });
    const moves = await t.ctx.dbh.db
      .selectFrom('deposit_movement')
      .select(['to_state', 'reason'])
      .where('lot_id', '=', lot)
      .where('buyer_id', '=', winner.id)
      .orderBy('id')
      .execute();
    expect(moves.map((m) => m.to_state)).toEqual(['frozen', 'applied', 'forfeited']);
    const late = await payBalance(winner.token, lot);
    expect([late.status, late.msg]).toEqual([409, '已超过付款期限，保证金不予退还']);
    // The payment the buyer had opened completes after the default: recorded, owed back, the deal stays defaulted.
    await notifyPaid(pending.data.paymentNo);
    const deal = await t.ctx.dbh.db
      .selectFrom('deal')
      .select(['state', 'late_payment_no'])
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(deal).toEqual({ state: 'defaulted', late_payment_no: pending.data.paymentNo });
    t.setNow(new Date(now));
  });
});
