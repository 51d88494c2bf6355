import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../../modules/accounts/sessions';
import { accounts } from '../../modules/ledger/accounts';
import { balanceOf, journalsOf } from '../../modules/ledger/ledger';
import { reconciliation } from '../../modules/settlement/reconciliation';
import { openDeal } from '../../modules/deals/deal-open';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { call, makeBuyer, MIN, payDeposit, placeBid, YUAN } from '../../test/bidding-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { demoBuyerIds, seedAccounts } from './accounts';
import { seedDepositNo, SEED_DEPOSIT_PREFIX } from './demo-deposits';
import { generateLot } from './lot-generator';
import { seedLots } from './lots';

const HOUR = 60 * MIN;
const NOW = new Date('2026-06-15T04:00:00Z');
const LATER = new Date(NOW.getTime() + 3 * HOUR);
const LATER_STILL = new Date(NOW.getTime() + 6 * HOUR);

let t: TestApp;
let demoIds: string[];
const db = () => t.ctx.dbh.db;

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  t.setNow(NOW);
  await seedAccounts(t.ctx);
  await seedLots(db(), NOW);
  demoIds = await demoBuyerIds(db());
});
afterAll(() => t.close());

/** Demo lots still open at `at` whose top bid is a demo account's. */
const demoLed = (at: Date) =>
  db()
    .selectFrom('lot')
    .innerJoin('bid', (j) => j.onRef('bid.lot_id', '=', 'lot.id').onRef('bid.seq', '=', 'lot.bid_count'))
    .select([
      'lot.id',
      'lot.demo_key',
      'lot.deposit',
      'lot.end_time',
      'lot.updated_at',
      'lot.current_price',
      'lot.increment',
    ])
    .select(['bid.bidder_id', 'bid.bidder_no'])
    .where('lot.demo_key', 'is not', null)
    .where('lot.status', 'in', [2, 3, 4])
    .where('lot.end_time', '>', at)
    .where('bid.bidder_id', 'in', demoIds)
    .orderBy('lot.id')
    .execute();

const seedPayments = () =>
  db()
    .selectFrom('payment')
    .selectAll()
    .where('payment_no', 'like', `${SEED_DEPOSIT_PREFIX}%`)
    .orderBy('payment_no')
    .execute();

/** What each seeded open lot should hold, as a list of what is wrong (empty when all is well). */
async function wrongDeposits(at: Date, except: string[] = []) {
  const led = (await demoLed(at)).filter((l) => !except.includes(l.id));
  const ids = led.map((l) => l.id);
  const deposits = await db().selectFrom('deposit_ledger').selectAll().where('lot_id', 'in', ids).execute();
  const bids = await db().selectFrom('bid').selectAll().where('lot_id', 'in', ids).execute();
  const wrong: string[] = [];
  for (const lot of led) {
    const held = deposits.filter((d) => d.lot_id === lot.id);
    const d = held[0];
    if (held.length !== 1 || !d) {
      wrong.push(`${lot.id}: ${held.length} deposits`);
      continue;
    }
    if (d.buyer_id !== lot.bidder_id || d.state !== 'frozen' || d.amount !== lot.deposit)
      wrong.push(`${lot.id}: deposit ${d.buyer_id} ${d.state} ${d.amount}, lot led by ${lot.bidder_id}`);
    if (d.payment_no !== seedDepositNo(lot.id)) wrong.push(`${lot.id}: payment ${d.payment_no}`);
    const own = bids.filter((b) => b.lot_id === lot.id && b.bidder_id === d.buyer_id);
    if (own.some((b) => b.bidder_no !== d.bidder_no))
      wrong.push(`${lot.id}: leader's bids not under ${d.bidder_no}`);
    if (bids.some((b) => b.lot_id === lot.id && b.bidder_id === null && b.bidder_no === d.bidder_no))
      wrong.push(`${lot.id}: another bidder also numbered ${d.bidder_no}`);
    if (own.some((b) => b.created_at < d.frozen_at)) wrong.push(`${lot.id}: a bid before the deposit`);
  }
  return { led, wrong };
}

describe('the demo accounts that lead open demo lots', () => {
  it('hold exactly one frozen deposit on each, paid as the cashier pays it, and bid under its number', async () => {
    const { led, wrong } = await wrongDeposits(NOW);
    expect(led.length).toBeGreaterThan(30);
    expect(new Set(led.map((l) => l.bidder_id))).toEqual(new Set(demoIds));
    expect(wrong).toEqual([]);
    // Only those lots: a closed lot or a lot with no bids holds no seeded deposit.
    const payments = await seedPayments();
    expect(payments.map((p) => p.lot_id).sort()).toEqual(led.map((l) => l.id).sort());
    for (const p of payments)
      expect(p).toMatchObject({ purpose: 'deposit', status: 'paid', provider: 'sandbox' });
    const movements = await db().selectFrom('deposit_movement').selectAll().execute();
    expect(movements).toHaveLength(led.length);
    for (const m of movements) expect(m).toMatchObject({ from_state: null, to_state: 'frozen' });
  });

  it('post each deposit to the ledger: the receipt journal, a balanced book, nothing for the reconciliation', async () => {
    const payments = await seedPayments();
    const journals = await journalsOf(db(), { journalIds: payments.map((p) => `pay:${p.payment_no}`) });
    expect(journals).toHaveLength(payments.length);
    const total = payments.reduce((s, p) => s + Number(p.amount), 0);
    expect(await balanceOf(db(), accounts.provider)).toBe(total);
    for (const id of demoIds) {
      const own = payments.filter((p) => p.buyer_id === id).reduce((s, p) => s + Number(p.amount), 0);
      expect(await balanceOf(db(), accounts.buyerDeposit(id))).toBe(-own);
    }
    expect(await reconciliation(t.ctx).run(NOW)).toBe(0);
  });

  it('are listed under 我的保证金 for 李娜: each frozen, with its bidder number', async () => {
    const lina = await db()
      .selectFrom('app_user')
      .select('id')
      .where('tel', '=', '13900139000')
      .executeTakeFirstOrThrow();
    const token = await sessions(t.ctx).create(lina.id, '127.0.0.1');
    const res = await call<{
      total: number;
      list: Array<{ orderId: string; state: string; bidderNo: string }>;
    }>(t, token, 'GET', '/api/mall-auction/user/buyer/deposit/list?pageNum=1&pageSize=100');
    const hers = (await demoLed(NOW)).filter((l) => l.bidder_id === lina.id);
    expect(hers.length).toBeGreaterThan(10);
    expect(res.data.total).toBe(hers.length);
    expect(res.data.list.map((d) => [d.orderId, d.state, d.bidderNo]).sort()).toEqual(
      hers.map((l) => [l.id, 'frozen', l.bidder_no]).sort(),
    );
  });

  it('seeding again later writes no second deposit, payment or journal and still refreshes the lots', async () => {
    const count = async (
      table: 'payment' | 'deposit_ledger' | 'deposit_movement' | 'journal' | 'journal_line',
    ) =>
      Number(
        (
          await db()
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const tables = ['payment', 'deposit_ledger', 'deposit_movement', 'journal', 'journal_line'] as const;
    const before = await Promise.all(tables.map(count));
    const ledBefore = await demoLed(NOW);
    t.setNow(LATER);
    await seedLots(db(), LATER);
    expect(await Promise.all(tables.map(count))).toEqual(before);
    const { led, wrong } = await wrongDeposits(LATER);
    expect(wrong).toEqual([]);
    // The same lots, led by the same accounts under the same numbers, at times relative to LATER.
    expect(led.map((l) => [l.id, l.bidder_id, l.bidder_no])).toEqual(
      ledBefore.map((l) => [l.id, l.bidder_id, l.bidder_no]),
    );
    led.forEach((l, i) => {
      expect(l.updated_at).toEqual(LATER);
      expect(l.end_time.getTime() - ledBefore[i]!.end_time.getTime()).toBe(3 * HOUR);
    });
  });
  it('gives a bidder drawn with the deposit’s number the leader’s made-up one', async () => {
    // The deposit's number is drawn at random, the other bidders' at generation: they may meet.
    const led = await demoLed(LATER);
    const others = await db()
      .selectFrom('bid')
      .select(['lot_id', 'bidder_no'])
      .where(
        'lot_id',
        'in',
        led.map((l) => l.id),
      )
      .where('bidder_id', 'is', null)
      .execute();
    const lot = led.find((l) => others.some((o) => o.lot_id === l.id))!;
    const taken = others.find((o) => o.lot_id === lot.id)!.bidder_no;
    const numbers = async () =>
      (await db().selectFrom('bid').select('bidder_no').distinct().where('lot_id', '=', lot.id).execute())
        .length;
    const distinct = await numbers();
    await db().updateTable('deposit_ledger').set({ bidder_no: taken }).where('lot_id', '=', lot.id).execute();
    await seedLots(db(), LATER);
    const bids = await db().selectFrom('bid').selectAll().where('lot_id', '=', lot.id).execute();
    expect(bids.filter((b) => b.bidder_no === taken).every((b) => b.bidder_id === lot.bidder_id)).toBe(true);
    expect(await numbers()).toBe(distinct);
    expect((await wrongDeposits(LATER)).wrong).toEqual([]);
  });
});

describe('a demo lot that buyers acted on', () => {
  it('is left alone: a buyer’s own deposit, or the demo leader raising its maximum through the engine', async () => {
    t.setNow(LATER);
    // Two long-running lots of different seeding batches (a kept lot must not move the leaders after it).
    const long = (await demoLed(LATER)).filter(
      (l) => l.end_time.getTime() > LATER_STILL.getTime() + 2 * HOUR,
    );
    const batchOf = (l: { demo_key: string | null }) => Math.floor(Number(l.demo_key?.slice(5)) / 50);
    const paidOn = long[0];
    const raisedOn = long.find((l) => paidOn && batchOf(l) !== batchOf(paidOn));
    if (!paidOn || !raisedOn) throw new Error('two long-running demo lots expected');
    const buyer = await makeBuyer(t);
    await payDeposit(t, buyer.token, paidOn.id);
    const leader = await sessions(t.ctx).create(raisedOn.bidder_id!, '127.0.0.1');
    const raise = (Number(raisedOn.current_price) + 10 * Number(raisedOn.increment)) / YUAN;
    const price = Number(raisedOn.current_price) / YUAN;
    const raised = await placeBid(
      t,
      leader,
      raisedOn.id,
      String(price + Number(raisedOn.increment) / YUAN),
      String(raise),
    );
    expect(raised.status, raised.msg).toBe(200);
    const rows = () =>
      db()
        .selectFrom('lot')
        .select(['id', 'updated_at', 'end_time', 'leader_id', 'leader_max'])
        .where('id', 'in', [paidOn.id, raisedOn.id])
        .orderBy('id')
        .execute();
    const bids = () =>
      db()
        .selectFrom('bid')
        .selectAll()
        .where('lot_id', 'in', [paidOn.id, raisedOn.id])
        .orderBy('lot_id')
        .orderBy('seq')
        .execute();
    const [lotsBefore, bidsBefore] = [await rows(), await bids()];
    t.setNow(LATER_STILL);
    await seedLots(db(), LATER_STILL);
    expect(await rows()).toEqual(lotsBefore);
    expect(await bids()).toEqual(bidsBefore);
    const deposits = await db()
      .selectFrom('deposit_ledger')
      .select(['lot_id', 'state'])
      .where('lot_id', 'in', [paidOn.id, raisedOn.id])
      .execute();
    expect(deposits.filter((d) => d.state === 'frozen')).toHaveLength(3);
    // The lots around them were refreshed, each led again by the account whose deposit it holds.
    expect((await wrongDeposits(LATER_STILL, [paidOn.id, raisedOn.id])).wrong).toEqual([]);
  });

  it('closes with its demo leader into a deal that applies the deposit, or unsold with the deposit refunded; never reset after', async () => {
    t.setNow(LATER_STILL);
    await seedLots(db(), LATER_STILL);
    const closing = (await demoLed(LATER_STILL)).filter(
      (l) => l.end_time.getTime() <= LATER_STILL.getTime() + 70 * MIN,
    );
    expect(closing.length).toBeGreaterThan(5);
    // One of them misses its reserve: unsold, its deposit goes back.
    const unsold = closing[0]!;
    await db()
      .updateTable('lot')
      .set({ reserve_price: Number(unsold.current_price) + 1000 * YUAN })
      .where('id', '=', unsold.id)
      .execute();
    t.setNow(new Date(LATER_STILL.getTime() + 70 * MIN));
    while (((await schedulerFor(t.ctx).scheduler.runOnce())['lot-close'] ?? 0) > 0);
    const ids = closing.map((l) => l.id);
    const deals = await db().selectFrom('deal').selectAll().where('lot_id', 'in', ids).execute();
    const deposits = await db().selectFrom('deposit_ledger').selectAll().where('lot_id', 'in', ids).execute();
    expect(deals.map((d) => d.lot_id).sort()).toEqual(ids.filter((id) => id !== unsold.id).sort());
    for (const deal of deals) {
      const d = deposits.find((x) => x.lot_id === deal.lot_id);
      expect(d).toMatchObject({ buyer_id: deal.buyer_id, state: 'applied' });
      expect(deal.deposit_applied).toBe(d?.amount);
      expect(Number(deal.deposit_applied)).toBeGreaterThan(0);
    }
    expect(deposits.find((d) => d.lot_id === unsold.id)?.state).toBe('refunded');
    expect(await reconciliation(t.ctx).run(t.ctx.now())).toBe(0);
    const snapshot = () =>
      Promise.all([
        db().selectFrom('lot').selectAll().where('id', 'in', ids).orderBy('id').execute(),
        db()
          .selectFrom('bid')
          .selectAll()
          .where('lot_id', 'in', ids)
          .orderBy('lot_id')
          .orderBy('seq')
          .execute(),
        db().selectFrom('deal').selectAll().where('lot_id', 'in', ids).orderBy('lot_id').execute(),
      ]);
    const before = await snapshot();
    const later = new Date(LATER_STILL.getTime() + 24 * HOUR);
    t.setNow(later);
    await seedLots(db(), later);
    expect(await snapshot()).toEqual(before);
    // Their slots go on with lots of the next generation, as the generator draws them now: the
    // halls keep their lots however long the demo runs.
    const closed = await db().selectFrom('lot').select(['demo_key']).where('id', 'in', ids).execute();
    const slots = closed.map((c) => ({ base: c.demo_key!, index: Number(c.demo_key!.slice(5)) }));
    const next = await db()
      .selectFrom('lot')
      .select(['demo_key', 'status', 'end_time'])
      .where(
        'demo_key',
        'in',
        slots.map((x) => `${x.base}.2`),
      )
      .orderBy('demo_key')
      .execute();
    expect(next).toEqual(
      slots
        .sort((a, b) => a.base.localeCompare(b.base))
        .map((x) => {
          const drawn = generateLot(x.index, later, 2).lot;
          return { demo_key: `${x.base}.2`, status: drawn.status, end_time: new Date(drawn.end_time) };
        }),
    );
    // Another car: a car just sold is not listed again beside its own result.
    const cars = await db()
      .selectFrom('lot as n')
      .innerJoin('lot as b', (j) => j.on(sql<boolean>`b.demo_key = split_part(n.demo_key, '.', 1)`))
      .select(['n.vin as next', 'b.vin as before', 'n.series_name as nextSeries', 'b.series_name as series'])
      .where(
        'n.demo_key',
        'in',
        slots.map((x) => `${x.base}.2`),
      )
      .execute();
    expect(cars).toHaveLength(next.length);
    for (const c of cars) {
      expect(c.next).not.toBe(c.before);
      expect(c.nextSeries).not.toBe(c.series);
    }
    // A slot moves on only once its lot has ended: the lots kept open (a buyer on them) have no successor.
    const successors = await db()
      .selectFrom('lot as n')
      .innerJoin('lot as b', (j) => j.on(sql<boolean>`b.demo_key = split_part(n.demo_key, '.', 1)`))
      .select(['n.demo_key', 'b.status'])
      .where('n.demo_key', 'like', 'demo-%.%')
      .execute();
    expect(successors.length).toBeGreaterThanOrEqual(next.length);
    expect(successors.filter((x) => ![5, 6, 7].includes(x.status))).toEqual([]);
    // Seeding again refreshes the new generation in place: no third one.
    await seedLots(db(), later);
    expect(await db().selectFrom('lot').select('id').where('demo_key', 'like', 'demo-%.3').execute()).toEqual(
      [],
    );
  });

  it('keeps a deal opened without a deposit (as the demo made them before its leaders paid) over its lot', async () => {
    const now = t.ctx.now();
    // An older database: a demo account on top of a sold demo lot, and the deal the close opened.
    const sold = await db()
      .selectFrom('lot')
      .select(['lot.id', 'lot.current_price', 'lot.bid_count'])
      .where('lot.demo_key', 'is not', null)
      .where('lot.status', '=', 5)
      .where('lot.bid_count', '>', 0)
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('deal').select('deal.lot_id').whereRef('deal.lot_id', '=', 'lot.id'))),
      )
      .executeTakeFirstOrThrow();
    const winner = demoIds[0]!;
    await db()
      .updateTable('bid')
      .set({ bidder_id: winner })
      .where('lot_id', '=', sold.id)
      .where('seq', '=', sold.bid_count)
      .execute();
    await db()
      .transaction()
      .execute((trx) => openDeal(trx, sold.id, winner, Number(sold.current_price), 0, now));
    const row = () => db().selectFrom('lot').selectAll().where('id', '=', sold.id).executeTakeFirstOrThrow();
    const before = await row();
    const later = new Date(now.getTime() + HOUR);
    t.setNow(later);
    await seedLots(db(), later);
    expect(await row()).toEqual(before);
  });
});
