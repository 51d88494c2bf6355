import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { createTestApp, type TestApp } from '../../test/test-app';
import { call, makeBuyer, makeLot, MIN, payDeposit, placeBid, YUAN } from '../../test/bidding-fixture';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

const db = () => t.ctx.dbh.db;
const lotRow = (id: string) =>
  db().selectFrom('lot').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const bidsOf = (id: string) =>
  db().selectFrom('bid').selectAll().where('lot_id', '=', id).orderBy('seq').execute();
const runScheduler = () => schedulerFor(t.ctx).scheduler.runOnce();

describe('deposit registration', () => {
  it('needs a buyer login, an open lot, and pays through the sandbox', async () => {
    const lot = await makeLot(t, { status: 2 });
    const a = await makeBuyer(t);
    expect(
      (await call(t, null, 'POST', '/api/mall-auction/buyer/auc_order/deposit', { orderId: lot })).status,
    ).toBe(401);
    const info0 = await call<{ registered: boolean; state: string | null; amount: string }>(
      t,
      a.token,
      'GET',
      `/api/mall-auction/buyer/auc_order/deposit/${lot}`,
    );
    expect(info0.data).toMatchObject({ registered: false, state: null, amount: '1000.00' });
    const { paymentNo, payUrl } = await payDeposit(t, a.token, lot);
    expect(payUrl).toMatch(`/api/pay/sandbox/${paymentNo}?ticket=`);
    const info = await call<{ registered: boolean; state: string; bidderNo: string }>(
      t,
      a.token,
      'GET',
      `/api/mall-auction/buyer/auc_order/deposit/${lot}`,
    );
    expect(info.data).toMatchObject({ registered: true, state: 'frozen', paymentNo });
    expect(info.data.bidderNo).toMatch(/^\d{6}$/);
    const again = await call(t, a.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', {
      orderId: lot,
    });
    expect([again.status, again.msg]).toEqual([409, '您已缴纳保证金，无需重复缴纳']);
  });

  it('is closed outside statuses 2–4 and for unknown lots', async () => {
    const a = await makeBuyer(t);
    const preview = await makeLot(t, { status: 0 });
    expect(
      (await call(t, a.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', { orderId: preview })).msg,
    ).toBe('报名尚未开始，请在报名期内缴纳保证金');
    const sold = await makeLot(t, { status: 5 });
    expect(
      (await call(t, a.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', { orderId: sold })).status,
    ).toBe(409);
    expect(
      (
        await call(t, a.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', {
          orderId: '1234567890123456789',
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, a.token, 'POST', '/api/mall-auction/buyer/auc_order/deposit', { orderId: 'abc' }))
        .status,
    ).toBe(400);
  });
});

describe('bidding', () => {
  it('refuses without a deposit, with the reason and the current state', async () => {
    const lot = await makeLot(t);
    const a = await makeBuyer(t);
    const res = await placeBid(t, a.token, lot, '10000');
    expect(res.status).toBe(409);
    expect(res.msg).toBe('未缴纳保证金');
    expect(res.data).toMatchObject({
      reason: 'NO_DEPOSIT',
      orderId: lot,
      status: 3,
      currentPrice: null,
      minNextBid: '10000.00',
      bidCount: 0,
      leading: false,
    });
    expect(res.data.serverTime).toBeTypeOf('number');
  });

  it('applies the rules, proxy bids and per-lot seq end to end', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await payDeposit(t, a.token, lot);
    await payDeposit(t, b.token, lot);
    expect((await placeBid(t, a.token, lot, '9500')).msg).toBe('出价低于起拍价');
    const first = await placeBid(t, a.token, lot, '10000');
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      result: 'accepted',
      bid: { seq: 1, amount: '10000.00', auto: false, mine: true },
      state: { currentPrice: '10000.00', leading: true, lastSeq: 1, minNextBid: '10500.00' },
    });
    // A plain bid sets no proxy: nothing to show as 代理上限, in the answer or on the lot page.
    expect((first.data as { state: { myMaxAmount: string | null } }).state.myMaxAmount).toBeNull();
    expect(
      (
        await call<{ myMaxAmount: string | null }>(t, a.token, 'POST', '/api/mall-auction/home/detail/info', {
          orderId: lot,
        })
      ).data.myMaxAmount,
    ).toBeNull();
    expect((await placeBid(t, a.token, lot, '10500')).msg).toBe('您已是最高出价者');
    const raised = await placeBid(t, a.token, lot, '10500', '12000');
    expect(raised.data).toMatchObject({
      result: 'maxRaised',
      bid: null,
      state: { leading: true, myMaxAmount: '12000.00', bidCount: 1 },
    });
    expect((await placeBid(t, b.token, lot, '10200')).msg).toBe('加价幅度不符');
    expect((await placeBid(t, b.token, lot, '10000')).msg).toBe('出价已被超越');
    const outbid = await placeBid(t, b.token, lot, '10500');
    expect(outbid.status).toBe(200);
    expect(outbid.data).toMatchObject({
      result: 'accepted',
      bid: { seq: 2, amount: '10500.00' },
      state: { leading: false, currentPrice: '11000.00', bidCount: 3 },
    });
    const tie = await placeBid(t, b.token, lot, '11500', '12000');
    expect(tie.status).toBe(409);
    expect(tie.data).toMatchObject({
      reason: 'OUTBID',
      currentPrice: '12000.00',
      bidCount: 4,
      leading: false,
    });
    const wins = await placeBid(t, b.token, lot, '12500', '20000');
    expect(wins.data).toMatchObject({
      state: { leading: true, currentPrice: '12500.00', myMaxAmount: '20000.00' },
    });
    const bids = await bidsOf(lot);
    expect(
      bids.map((x) => [x.seq, x.bidder_id === a.id ? 'a' : 'b', Number(x.amount) / YUAN, x.auto]),
    ).toEqual([
      [1, 'a', 10_000, false],
      [2, 'b', 10_500, false],
      [3, 'a', 11_000, true],
      [4, 'a', 12_000, true],
      [5, 'b', 12_500, false],
    ]);
    const row = await lotRow(lot);
    expect(row).toMatchObject({
      bid_count: 5,
      current_price: String(12_500 * YUAN),
      leader_id: b.id,
      leader_max: String(20_000 * YUAN),
    });
  });

  it('answers bad input with Chinese 400s and unknown lots with 404', async () => {
    const a = await makeBuyer(t);
    const lot = await makeLot(t);
    expect((await placeBid(t, a.token, lot, 'abc')).status).toBe(400);
    expect((await placeBid(t, a.token, lot, '1.005')).msg).toContain('最多两位小数');
    expect((await placeBid(t, a.token, 'x1', '100')).status).toBe(400);
    expect((await placeBid(t, a.token, '1234567890123456789', '100')).status).toBe(404);
    expect(
      (await call(t, null, 'POST', '/api/mall-auction/buyer/auc_order/bid', { orderId: lot, amount: '100' }))
        .status,
    ).toBe(401);
  });

  it('extends the end exactly for a bid inside the window and sets status 4', async () => {
    const base = new Date();
    t.setNow(base);
    const lot = await makeLot(t, { end_time: new Date(base.getTime() + 10 * MIN) });
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, lot);
    const at = base.getTime() + 7 * MIN + 1234;
    t.setNow(new Date(at));
    const res = await placeBid(t, a.token, lot, '10000');
    expect(res.data.state).toMatchObject({ status: 4, endTime: at + 5 * MIN });
    const [bid] = await bidsOf(lot);
    expect(bid).toMatchObject({ extended: true, status_after: 4 });
    expect(bid?.end_time_after?.getTime()).toBe(at + 5 * MIN);
    t.setNow(null);
  });
});

describe('time-driven transitions and the close', () => {
  it('moves 0 → 2 → 3 when the times pass, once', async () => {
    const now = Date.now();
    t.setNow(new Date(now));
    const lot = await makeLot(t, {
      status: 0,
      reg_start_time: new Date(now + MIN),
      start_time: new Date(now + 2 * MIN),
      end_time: new Date(now + 60 * MIN),
    });
    await runScheduler();
    expect((await lotRow(lot)).status).toBe(0);
    t.setNow(new Date(now + MIN));
    await runScheduler();
    expect((await lotRow(lot)).status).toBe(2);
    t.setNow(new Date(now + 2 * MIN));
    await runScheduler();
    expect((await lotRow(lot)).status).toBe(3);
    t.setNow(null);
  });

  it('closes a due lot once: sold at or above the reserve, deposits settled, later bids refused', async () => {
    const now = Date.now();
    t.setNow(new Date(now));
    const lot = await makeLot(t, { end_time: new Date(now + 30 * MIN), reserve_price: 10_500 * YUAN });
    const [a, b, c] = [await makeBuyer(t), await makeBuyer(t), await makeBuyer(t)];
    for (const x of [a, b, c]) await payDeposit(t, x.token, lot);
    await placeBid(t, a.token, lot, '10000');
    await placeBid(t, b.token, lot, '10500');
    t.setNow(new Date(now + 30 * MIN));
    expect((await placeBid(t, a.token, lot, '11000')).msg).toBe('拍卖已结束');
    await runScheduler();
    const row = await lotRow(lot);
    expect(row.status).toBe(5);
    expect(row.closed_at?.getTime()).toBe(now + 30 * MIN);
    const ledger = await db()
      .selectFrom('deposit_ledger')
      .select(['buyer_id', 'state'])
      .where('lot_id', '=', lot)
      .execute();
    expect(Object.fromEntries(ledger.map((l) => [l.buyer_id, l.state]))).toEqual({
      [a.id]: 'refunded',
      [b.id]: 'applied',
      [c.id]: 'refunded',
    });
    await runScheduler();
    const moves = await db()
      .selectFrom('deposit_movement')
      .select('to_state')
      .where('lot_id', '=', lot)
      .execute();
    expect(moves).toHaveLength(6);
    expect((await placeBid(t, c.token, lot, '11000')).msg).toBe('拍卖已结束');
    t.setNow(null);
  });

  it('leaves a lot below its reserve unsold and refunds everyone', async () => {
    const now = Date.now();
    t.setNow(new Date(now));
    const lot = await makeLot(t, { end_time: new Date(now + MIN), reserve_price: 50_000 * YUAN });
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, lot);
    // In the last minute: the bid moves the end to now + 5 min.
    expect((await placeBid(t, a.token, lot, '10000')).data.state.endTime).toBe(now + 5 * MIN);
    t.setNow(new Date(now + 5 * MIN - 1));
    await runScheduler();
    expect((await lotRow(lot)).status).toBe(4);
    t.setNow(new Date(now + 5 * MIN));
    await runScheduler();
    expect((await lotRow(lot)).status).toBe(6);
    expect(
      (await db().selectFrom('deposit_ledger').select('state').where('lot_id', '=', lot).executeTakeFirst())
        ?.state,
    ).toBe('refunded');
    t.setNow(null);
  });
});

describe('lot detail for a logged-in buyer', () => {
  it('carries registered, leading, the bidder number, my top bid and my proxy maximum', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    type Mine = {
      registered: boolean;
      leading: boolean;
      bidderNo: string | null;
      myTopAmount: string | null;
      myMaxAmount: string | null;
    };
    const detail = async (token: string | null) =>
      (await call<Mine>(t, token, 'POST', '/api/mall-auction/home/detail/info', { orderId: lot })).data;
    const nobody = {
      registered: false,
      leading: false,
      bidderNo: null,
      myTopAmount: null,
      myMaxAmount: null,
    };
    expect(await detail(null)).toMatchObject(nobody);
    expect(await detail(a.token)).toMatchObject(nobody);
    await payDeposit(t, a.token, lot);
    await payDeposit(t, b.token, lot);
    const aNo = (
      await call<{ bidderNo: string }>(t, a.token, 'GET', `/api/mall-auction/buyer/auc_order/deposit/${lot}`)
    ).data.bidderNo;
    expect(aNo).toMatch(/^\d{6}$/);
    expect(await detail(a.token)).toMatchObject({
      registered: true,
      leading: false,
      bidderNo: aNo,
      myTopAmount: null,
      myMaxAmount: null,
    });
    // a leads with a proxy maximum; b's bid is answered by the proxy, so b is 已出局 with a top bid.
    await placeBid(t, a.token, lot, '10000', '12000');
    expect(await detail(a.token)).toMatchObject({
      registered: true,
      leading: true,
      bidderNo: aNo,
      myTopAmount: '10000.00',
      myMaxAmount: '12000.00',
    });
    await placeBid(t, b.token, lot, '10500');
    expect(await detail(b.token)).toMatchObject({
      registered: true,
      leading: false,
      myTopAmount: '10500.00',
      myMaxAmount: null,
    });
    expect(await detail(a.token)).toMatchObject({
      leading: true,
      myTopAmount: '11000.00',
      myMaxAmount: '12000.00',
    });
    expect(await detail('not-a-token')).toMatchObject(nobody);
  });
});

describe('demo data and real bids', () => {
  it('re-seeding the demo lots leaves a lot with deposits and real bids untouched', async () => {
    const { seedLots } = await import('../../db/seed/lots');
    const now = new Date();
    t.setNow(now);
    await seedLots(db(), now, 12);
    const demo = await db()
      .selectFrom('lot')
      .select(['id', 'current_price', 'bid_count'])
      .where('demo_key', 'is not', null)
      .where('status', '=', 3)
      .where('end_time', '>', new Date(now.getTime() + 3600_000))
      .executeTakeFirstOrThrow();
    const a = await makeBuyer(t);
    await payDeposit(t, a.token, demo.id);
    const next =
      demo.bid_count > 0
        ? (Number(demo.current_price) + Number((await lotRow(demo.id)).increment)) / YUAN
        : Number((await lotRow(demo.id)).start_price) / YUAN;
    expect((await placeBid(t, a.token, demo.id, String(next))).status).toBe(200);
    const before = await bidsOf(demo.id);
    await seedLots(db(), new Date(now.getTime() + 60_000), 12);
    expect(await bidsOf(demo.id)).toEqual(before);
    expect((await lotRow(demo.id)).bid_count).toBe(before.length);
    t.setNow(null);
  });
});
