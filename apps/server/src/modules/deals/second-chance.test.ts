import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/bidding-fixture';
import { dealKit, DAY, HOUR } from '../../test/deal-fixture';
import { createListeningTestApp } from '../../test/listening-app';
import type { TestApp } from '../../test/test-app';
import { journalsOf } from '../ledger/ledger';
import { NO_RUNNER_UP } from './deal-defaults';

// Who may be offered the lot after a default, and how an offer is accepted (decision 025).
let t: TestApp & { baseUrl: string };
let k: Awaited<ReturnType<typeof dealKit>>;
type Buyer = { id: string; token: string };
type Offer = { offerId: string; orderId: string; status: string; deposit: string; paying: boolean };
type Info = {
  canOfferSecondChance: boolean;
  canRelist: boolean;
  offers: Array<{ status: string; price: string }>;
};
const db = () => t.ctx.dbh.db;

const offersOf = async (b: Buyer) =>
  (await call<{ list: Offer[] }>(t, b.token, 'GET', '/api/mall-auction/buyer/second-chance/list')).data.list;
const answer = (b: Buyer, offerId: string, accept: boolean) =>
  call<Offer & { payUrl: string | null }>(
    t,
    b.token,
    'POST',
    '/api/mall-auction/buyer/second-chance/answer',
    {
      offerId,
      accept,
    },
  );
const choose = (action: 'secondChance' | 'relist') => (lot: string) =>
  k.sellerApi<Info>(k.seller.a, 'default/choose', { orderId: lot, action });
const offerNext = choose('secondChance');
const info = async (lot: string) =>
  (
    await call<{ defaultInfo: Info }>(
      t,
      k.seller.a,
      'GET',
      `/api/mall-auction/seller/auc_order/deal?orderId=${lot}`,
    )
  ).data;
const bar = (b: Buyer, until: number) =>
  db()
    .insertInto('buyer_bar')
    .values({ buyer_id: b.id, since: new Date(until - 180 * DAY), until: new Date(until) })
    .execute();
const stageOf = async (lot: string) =>
  await db()
    .selectFrom('deal')
    .select(['stage', 'buyer_id'])
    .where('lot_id', '=', lot)
    .executeTakeFirstOrThrow();

/** Accepts by paying: the answer gives the cashier; the provider's notice of that payment follows. */
async function acceptAndPay(b: Buyer, offerId: string) {
  const r = await answer(b, offerId, true);
  expect(r.status, r.msg).toBe(200);
  expect(r.data).toMatchObject({ status: 'pending', paying: true, deposit: '1000.00' });
  expect(r.data.payUrl).toMatch(/\/api\/pay\/sandbox\//);
  const { payment_no } = await db()
    .selectFrom('second_chance_offer')
    .select('payment_no')
    .where('id', '=', offerId)
    .executeTakeFirstOrThrow();
  await k.paid(payment_no!);
  return payment_no!;
}

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  k = await dealKit(t);
}, 120_000);
afterAll(() => t.close());

describe('the second chance', () => {
  it('skips a barred runner-up; with nobody eligible left it is a 409 and the seller relists', async () => {
    const closeAt = Date.now() + 300 * DAY;
    const { lot, others } = await k.wonLot(closeAt, { under: 2 });
    const [low, high] = others as [Buyer, Buyer];
    await bar(high, closeAt + 100 * DAY);
    await k.clock(closeAt + 24 * HOUR);
    await k.tick();
    // The unit's own order pages say so: the auction result 已成交, the deal 已违约.
    const seen = await call<{ status: number; dealStage: string; dealStageText: string }>(
      t,
      k.seller.a,
      'POST',
      '/api/mall-auction/user/order/detail',
      { orderId: lot },
    );
    expect(seen.status, seen.msg).toBe(200);
    expect(seen.data).toMatchObject({ status: 5, dealStage: 'defaulted', dealStageText: '已违约' });
    const listed = await call<{ list: Array<{ orderId: string; dealStage: string | null }> }>(
      t,
      k.seller.a,
      'POST',
      '/api/mall-auction/user/order/list',
      { pageNum: 1, pageSize: 50 },
    );
    expect(listed.data.list.find((o) => o.orderId === lot)).toMatchObject({ dealStage: 'defaulted' });
    // The barred 10,500 bidder is passed over: the offer goes to the 10,000 one.
    const offered = await offerNext(lot);
    expect(offered.status, offered.msg).toBe(200);
    expect(offered.data.offers).toEqual([expect.objectContaining({ price: '10000.00', status: 'pending' })]);
    expect(await offersOf(high)).toEqual([]);
    const [offer] = await offersOf(low);
    expect((await answer(low, offer!.offerId, false)).data.status).toBe('declined');
    // Nobody is left: the defaulter, the declined, the barred.
    expect(await info(lot)).toMatchObject({ defaultInfo: { canOfferSecondChance: false, canRelist: true } });
    expect(await offerNext(lot)).toMatchObject({ status: 409, msg: NO_RUNNER_UP });
    // Once the bar is lifted the runner-up may be asked again.
    await db()
      .updateTable('buyer_bar')
      .set({ lifted_at: new Date(closeAt + 25 * HOUR) })
      .where('buyer_id', '=', high.id)
      .execute();
    expect((await offerNext(lot)).data.offers[0]).toMatchObject({ price: '10500.00', status: 'pending' });
    t.setNow(null);
  });

  it('accepting is paying the deposit; a second-round default forfeits it and the next offer skips both defaulters', async () => {
    const closeAt = Date.now() + 320 * DAY;
    const { lot, buyer, others } = await k.wonLot(closeAt, { under: 2 });
    const [low, high] = others as [Buyer, Buyer];
    await k.clock(closeAt + 24 * HOUR);
    await k.tick();
    await offerNext(lot);
    const [offer] = await offersOf(high);
    // Until the deposit is paid nothing changes; a bar that started meanwhile refuses the acceptance.
    const paymentNo = await acceptAndPay(high, offer!.offerId);
    expect(await stageOf(lot)).toEqual({ stage: 'signing', buyer_id: high.id });
    const deal = await k.buyerApi<{ depositApplied: string; balanceDue: string }>(
      high.token,
      'GET',
      'detail',
      {
        orderId: lot,
      },
    );
    expect(deal.data).toMatchObject({ depositApplied: '1000.00', balanceDue: '9500.00' });
    // The new buyer misses the signing too: the second-chance deposit is forfeited from the escrow.
    await k.clock(closeAt + 48 * HOUR + 1000);
    await k.tick();
    expect((await stageOf(lot)).stage).toBe('defaulted');
    const journals = Object.fromEntries(
      (await journalsOf(db(), { lotId: lot })).map((j) => [
        j.journalId,
        Object.fromEntries(j.lines.map((l) => [l.account, l.amount])),
      ]),
    );
    expect(journals[`pay:${paymentNo}`]).toEqual({
      'clearing:provider': 100_000,
      [`escrow:lot:${lot}`]: -100_000,
    });
    expect(journals[`forfeit:${lot}:${high.id}`]).toEqual({
      [`escrow:lot:${lot}`]: 100_000,
      [`seller:${k.seller.unitA}:payable`]: -70_000,
      'platform:revenue:forfeit': -30_000,
    });
    expect(
      await db().selectFrom('refund').select('refund_no').where('payment_no', '=', paymentNo).execute(),
    ).toEqual([]);
    // The next offer skips the first and the second defaulter.
    expect((await offerNext(lot)).data.offers[0]).toMatchObject({ price: '10000.00', status: 'pending' });
    expect(await offersOf(buyer)).toEqual([]);
    const [last] = await offersOf(low);
    await bar(low, closeAt + 200 * DAY);
    expect(await answer(low, last!.offerId, true)).toMatchObject({ status: 403 });
    t.setNow(null);
  });

  it('a deposit paid after the offer lapsed goes back, and the deal stays open to the seller', async () => {
    const closeAt = Date.now() + 340 * DAY;
    const { lot, others } = await k.wonLot(closeAt, { under: 1 });
    const runner = others[0] as Buyer;
    await k.clock(closeAt + 24 * HOUR);
    await k.tick();
    await offerNext(lot);
    const [offer] = await offersOf(runner);
    const started = await answer(runner, offer!.offerId, true);
    expect(started.data.payUrl).toBeTruthy();
    // Asking again reuses the same payment.
    expect((await answer(runner, offer!.offerId, true)).data.payUrl).toBe(started.data.payUrl);
    await k.clock(closeAt + 48 * HOUR + 1000);
    await k.tick();
    expect((await offersOf(runner))[0]).toMatchObject({ status: 'expired', paying: false });
    const { payment_no } = await db()
      .selectFrom('second_chance_offer')
      .select('payment_no')
      .where('id', '=', offer!.offerId)
      .executeTakeFirstOrThrow();
    await k.paid(payment_no!);
    expect((await stageOf(lot)).stage).toBe('defaulted');
    const refund = await db()
      .selectFrom('refund')
      .select(['amount', 'kind', 'status'])
      .where('payment_no', '=', payment_no!)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ amount: '100000', kind: 'excess' });
    const notice = await db()
      .selectFrom('notice')
      .select('title')
      .where('user_id', '=', runner.id)
      .where('kind', '=', 'deposit.refunded')
      .execute();
    expect(notice.map((n) => n.title)).toContain('保证金将原路退还');
    expect(await answer(runner, offer!.offerId, true)).toMatchObject({ status: 409 });
    t.setNow(null);
  });
});
