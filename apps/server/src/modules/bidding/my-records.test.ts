import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, makeBuyer, makeLot, MIN, payDeposit, placeBid } from './bidding-fixture';

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

describe('personal-centre lists', () => {
  it('lists my bids per lot with my top amount and whether I lead (priceRecord)', async () => {
    const res = await call<List<{ orderId: string; myTopAmount: string; leading: boolean; status: number }>>(t, winner.token, 'GET', '/api/mall-auction/user/buyer/auction/record?pageNum=1&pageSize=10');
    expect(res.data.total).toBe(2);
    const byLot = Object.fromEntries(res.data.list.map((r) => [r.orderId, r]));
    expect(byLot[sold]).toMatchObject({ myTopAmount: '12000.00', leading: true, status: 5 });
    expect(byLot[running]).toMatchObject({ myTopAmount: '10000.00', leading: false, status: 3 });
  });

  it('shows the won lot with deposit applied and the balance due within 72 h (dealCar)', async () => {
    const res = await call<List<Record<string, unknown>>>(t, winner.token, 'GET', '/api/mall-auction/user/buyer/deal/list');
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
    });
    expect((await call<List<unknown>>(t, loser.token, 'GET', '/api/mall-auction/user/buyer/deal/list')).data.total).toBe(0);
  });

  it("shows the loser's deposit refunded and the running one still frozen", async () => {
    const res = await call<List<{ orderId: string; state: string; amount: string; settledAt: number | null }>>(t, loser.token, 'GET', '/api/mall-auction/user/buyer/deposit/list');
    const byLot = Object.fromEntries(res.data.list.map((r) => [r.orderId, r]));
    expect(byLot[sold]).toMatchObject({ state: 'refunded', amount: '1000.00', settledAt: now + 30 * MIN });
    expect(byLot[running]).toMatchObject({ state: 'frozen', settledAt: null });
    expect((await call(t, null, 'GET', '/api/mall-auction/user/buyer/deposit/list')).status).toBe(401);
  });
});
