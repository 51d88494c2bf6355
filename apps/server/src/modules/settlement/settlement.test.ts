import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOperators } from '../../db/seed/operators';
import { seedSellers } from '../../db/seed/sellers';
import { dataCryptoFor } from '../../platform/crypto';
import { paymentsFor, TRANSFER_NOTIFY_PATH } from '../../platform/payments/payments';
import { loadOrCreateSecret, signBody } from '../../platform/payments/signature';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { call, makeBuyer, makeLot, MIN, payDeposit, placeBid, signDeal } from '../../test/bidding-fixture';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import type { TestApp } from '../../test/test-app';
import { sessions } from '../accounts/sessions';
import { balanceOf, balancesOfLot, journalsOf } from '../ledger/ledger';
import { COLLECTION_ACCOUNT_CONTEXT } from '../sellers/seller-profile.service';

let t: TestApp & { baseUrl: string };
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const tok = { sellerA: '', sellerB: '', finance: '', admin: '', reviewer: '' };
const ids = { unitA: '', unitB: '', sellerAUser: '' };
const db = () => t.ctx.dbh.db;
const transfers = () => paymentsFor(t.ctx).transfers!;
const buyerPost = <T>(token: string, path: string, body: Record<string, unknown>) =>
  call<T>(t, token, 'POST', `/api/mall-auction/buyer/auc_order/${path}`, body);
const succeed = (paymentNo: string) =>
  t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });

/** Moves the clock; every session stays signed in. */
async function clock(ms: number) {
  t.setNow(new Date(ms));
  await db()
    .updateTable('user_session')
    .set({ last_seen_at: new Date(ms), expires_at: new Date(ms + 30 * DAY) })
    .where('revoked_at', 'is', null)
    .execute();
}

/** One pass of every job, then the sandbox's notices delivered, then one more pass. */
async function runJobs() {
  await schedulerFor(t.ctx).scheduler.runOnce();
  await transfers().drain();
  await schedulerFor(t.ctx).scheduler.runOnce();
  await transfers().drain();
}

/** A lot of unit A won at 12,000 元 by `winner` over `loser` (each paid a 1,000 元 deposit). */
async function wonLot(at: number, over: { forfeitPct?: number; feeSeparate?: boolean; unit?: string } = {}) {
  await clock(at - 30 * MIN);
  const winner = await makeBuyer(t);
  const loser = await makeBuyer(t);
  const lot = await makeLot(t, {
    end_time: new Date(at),
    seller_id: over.unit ?? ids.unitA,
    title: '2020款 丰田 凯美瑞 2.0G',
  });
  await db()
    .updateTable('lot')
    .set({ forfeit_seller_pct: over.forfeitPct ?? 70, seller_fee_separate: over.feeSeparate ?? false })
    .where('id', '=', lot)
    .execute();
  const winnerDeposit = await payDeposit(t, winner.token, lot);
  const loserDeposit = await payDeposit(t, loser.token, lot);
  expect((await placeBid(t, loser.token, lot, '11000')).status).toBe(200);
  expect((await placeBid(t, winner.token, lot, '12000')).status).toBe(200);
  await clock(at);
  await runJobs();
  return { lot, winner, loser, winnerDeposit: winnerDeposit.paymentNo, loserDeposit: loserDeposit.paymentNo };
}

/** Signs, pays balance and fee; returns the payment numbers. */
async function payInFull(winner: { id: string; token: string }, lot: string) {
  await signDeal(t, winner, lot);
  const balance = await buyerPost<{ paymentNo: string }>(winner.token, 'pay', { orderId: lot });
  const fee = await buyerPost<{ paymentNo: string }>(winner.token, 'serviceFee/pay', { orderId: lot });
  expect(balance.status, balance.msg).toBe(200);
  expect(fee.status, fee.msg).toBe(200);
  await succeed(balance.data.paymentNo);
  await succeed(fee.data.paymentNo);
  return { balance: balance.data.paymentNo, fee: fee.data.paymentNo };
}

const handOver = (lot: string, at: number, token = tok.sellerA) =>
  call<{ stage: string }>(t, token, 'POST', '/api/mall-auction/seller/auc_order/confirmReceipt', {
    orderId: lot,
    handoverTime: at,
    mileageKm: 42_000,
  });

/** The lot's journals as { id: { account: amount } }, each checked to sum to zero. */
async function ledgerOf(lot: string) {
  const journals = await journalsOf(db(), { lotId: lot });
  const out: Record<string, Record<string, number>> = {};
  for (const j of journals) {
    expect(
      j.lines.reduce((s, l) => s + l.amount, 0),
      j.journalId,
    ).toBe(0);
    out[j.journalId] = Object.fromEntries(j.lines.map((l) => [l.account, l.amount]));
  }
  return out;
}
const journalCount = async () =>
  Number(
    (
      await db()
        .selectFrom('journal')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  await seedSellers(t.ctx);
  await seedOperators(t.ctx);
  const sellers = sellerKit(t.baseUrl);
  tok.sellerA = await sellers.token('lixiaomei');
  tok.sellerB = await sellers.token('chenqiang');
  const staff = sellerKit(t.baseUrl, { api: '/api/console', landing: '/console/' });
  for (const [key, username] of [
    ['finance', 'caiwu'],
    ['admin', 'yunying'],
    ['reviewer', 'shenhe'],
  ] as const) {
    const r = await staff.login(username);
    tok[key] = r.body.data.token;
  }
  const me = await sessions(t.ctx).resolve(tok.sellerA);
  const meB = await sessions(t.ctx).resolve(tok.sellerB);
  if (!me || !meB) throw new Error('no seller session');
  ids.sellerAUser = me.id;
  // The unit each seller's session acts for.
  const unitOf = async (sessionId: string) =>
    (
      await db()
        .selectFrom('seller_session')
        .select('seller_org_id')
        .where('session_id', '=', sessionId)
        .executeTakeFirstOrThrow()
    ).seller_org_id ?? '';
  ids.unitA = await unitOf(me.sessionId);
  ids.unitB = await unitOf(meB.sessionId);
  expect(ids.unitA).not.toBe(ids.unitB);
  const crypto = await dataCryptoFor(t.ctx);
  await db()
    .insertInto('collection_account')
    .values({
      seller_org_id: ids.unitA,
      account_name: '上海示范汽车服务有限公司',
      bank_name: '招商银行',
      branch_name: '上海张江支行',
      account_no_cipher: crypto.seal('6225880212345678', COLLECTION_ACCOUNT_CONTEXT),
      account_no_last4: '5678',
      bank_code: '308290003',
      updated_by: me.id,
      updated_at: new Date(),
    })
    .execute();
}, 180_000);
afterAll(() => t.close());

describe('from the hammer to the payout', () => {
  it('journals every movement, settles at the handover and pays the unit through the provider', async () => {
    const closeAt = Date.now() + HOUR;
    const { lot, winner, loser, winnerDeposit, loserDeposit } = await wonLot(closeAt);
    // The unit's commission (2 %) is deducted from the payout.
    await db().updateTable('deal').set({ seller_fee: 24_000 }).where('lot_id', '=', lot).execute();
    await clock(closeAt + HOUR);
    const paid = await payInFull(winner, lot);
    await clock(closeAt + 2 * HOUR);
    const handover = await handOver(lot, closeAt + 2 * HOUR);
    expect(handover.status, handover.msg).toBe(200);
    const [payout] = await db().selectFrom('payout').selectAll().where('lot_id', '=', lot).execute();
    expect(payout).toMatchObject({ kind: 'sale', gross: '1200000', seller_fee: '24000', amount: '1176000' });
    await runJobs();

    const A = ids.unitA;
    const refundNo = `RFD${lot}U${loser.id}`;
    const payoutNo = payout!.payout_no;
    expect(await ledgerOf(lot)).toEqual({
      [`pay:${winnerDeposit}`]: { 'clearing:provider': 100_000, [`buyer:${winner.id}:deposit`]: -100_000 },
      [`pay:${loserDeposit}`]: { 'clearing:provider': 100_000, [`buyer:${loser.id}:deposit`]: -100_000 },
      [`dep-apply:${lot}:${winner.id}`]: {
        [`buyer:${winner.id}:deposit`]: 100_000,
        [`escrow:lot:${lot}`]: -100_000,
      },
      [`refund:${refundNo}`]: { [`buyer:${loser.id}:deposit`]: 100_000, 'clearing:refunds': -100_000 },
      [`refund-sent:${refundNo}`]: { 'clearing:refunds': 100_000, 'clearing:provider': -100_000 },
      [`pay:${paid.balance}`]: { 'clearing:provider': 1_100_000, [`escrow:lot:${lot}`]: -1_100_000 },
      [`pay:${paid.fee}`]: { 'clearing:provider': 60_000, 'platform:revenue:buyer-fee': -60_000 },
      [`settle:${lot}:${closeAt}`]: {
        [`escrow:lot:${lot}`]: 1_200_000,
        [`seller:${A}:payable`]: -1_176_000,
        'platform:revenue:seller-fee': -24_000,
      },
      [`payout:${payoutNo}`]: { [`seller:${A}:payable`]: 1_176_000, 'clearing:payouts': -1_176_000 },
      [`payout-sent:${payoutNo}`]: { 'clearing:payouts': 1_176_000, 'clearing:provider': -1_176_000 },
    });
    // What is left: the platform's two fees at the provider; nobody else is owed anything.
    expect(await balancesOfLot(db(), lot)).toEqual({
      'clearing:provider': 84_000,
      'clearing:payouts': 0,
      'clearing:refunds': 0,
      [`buyer:${winner.id}:deposit`]: 0,
      [`buyer:${loser.id}:deposit`]: 0,
      [`escrow:lot:${lot}`]: 0,
      [`seller:${A}:payable`]: 0,
      'platform:revenue:buyer-fee': -60_000,
      'platform:revenue:seller-fee': -24_000,
    });
    expect(
      await db()
        .selectFrom('refund')
        .select(['status', 'amount'])
        .where('refund_no', '=', refundNo)
        .execute(),
    ).toEqual([{ status: 'done', amount: '100000' }]);

    // The unit sees the payout in the order and in its statement; the bank got the real account number.
    const view = await call<{ payouts: Array<Record<string, unknown>>; sellerFee: Record<string, unknown> }>(
      t,
      tok.sellerA,
      'GET',
      `/api/mall-auction/seller/auc_order/settlement?orderId=${lot}`,
    );
    expect(view.status, view.msg).toBe(200);
    expect(view.data.payouts).toEqual([
      expect.objectContaining({
        payoutNo,
        kind: 'sale',
        gross: '12000.00',
        sellerFee: '240.00',
        amount: '11760.00',
        status: 'paid',
        statusText: '已到账',
        account: {
          accountName: '上海示范汽车服务有限公司',
          bankName: '招商银行',
          accountNo: '**** **** **** 5678',
        },
      }),
    ]);
    expect(view.data.sellerFee).toEqual({ amount: '240.00', separate: false, paid: false, paidAt: null });
    const statement = await call<{
      total: number;
      list: Array<{ payoutNo: string }>;
      totals: Record<string, string>;
    }>(t, tok.sellerA, 'GET', '/api/mall-auction/seller/settlement/statement?pageNum=1&pageSize=10');
    expect(statement.status, statement.msg).toBe(200);
    expect(statement.data.list.map((p) => p.payoutNo)).toContain(payoutNo);
    const sent = await transfers().find('payout', payoutNo, 1);
    expect(sent).toMatchObject({ status: 'SUCCESS', amount: '1176000' });
    expect(sent?.payee).toContain('尾号5678');

    // A second handover or a second settlement pass moves nothing.
    expect((await handOver(lot, closeAt + 2 * HOUR)).status).toBe(409);
    const before = await journalCount();
    await runJobs();
    expect(await journalCount()).toBe(before);

    // Reconciliation finds nothing wrong with all of this.
    const recon = await call<{ found: number }>(t, tok.finance, 'POST', '/api/console/finance/reconcile', {});
    expect(recon.status, recon.msg).toBe(200);
    expect(recon.data.found).toBe(0);
  });

  it('a seller who pays its fee separately gets the whole price, and pays the fee through the provider', async () => {
    const closeAt = Date.now() + 3 * DAY;
    const { lot, winner } = await wonLot(closeAt, { feeSeparate: true });
    await db().updateTable('deal').set({ seller_fee: 36_000 }).where('lot_id', '=', lot).execute();
    await clock(closeAt + HOUR);
    await payInFull(winner, lot);
    const pay = await call<{ paymentNo: string; payUrl: string }>(
      t,
      tok.sellerA,
      'POST',
      '/api/mall-auction/seller/auc_order/serviceFee/pay',
      { orderId: lot },
    );
    expect(pay.status, pay.msg).toBe(200);
    expect(pay.data.payUrl).toContain('/api/pay/sandbox/');
    await succeed(pay.data.paymentNo);
    expect(
      (
        await call(t, tok.sellerA, 'POST', '/api/mall-auction/seller/auc_order/serviceFee/pay', {
          orderId: lot,
        })
      ).msg,
    ).toBe('卖方服务费已支付');
    expect((await handOver(lot, closeAt + HOUR)).status).toBe(200);
    await runJobs();
    const journals = await ledgerOf(lot);
    expect(journals[`pay:${pay.data.paymentNo}`]).toEqual({
      'clearing:provider': 36_000,
      'platform:revenue:seller-fee': -36_000,
    });
    expect(journals[`settle:${lot}:${closeAt}`]).toEqual({
      [`escrow:lot:${lot}`]: 1_200_000,
      [`seller:${ids.unitA}:payable`]: -1_200_000,
    });
    const payout = await db()
      .selectFrom('payout')
      .selectAll()
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ amount: '1200000', seller_fee: '0', status: 'paid' });
  });
});

describe('other payments', () => {
  it("journals any paid payment by its type, and nobody pays another buyer's deal", async () => {
    const closeAt = Date.now() + 24 * DAY;
    const { lot, winner, loser } = await wonLot(closeAt);
    await clock(closeAt + HOUR);
    await signDeal(t, winner, lot);
    const before = await journalCount();
    expect((await buyerPost(loser.token, 'pay', { orderId: lot })).status).toBe(404);
    expect((await buyerPost(loser.token, 'serviceFee/pay', { orderId: lot })).status).toBe(404);
    expect(await journalCount()).toBe(before);
    // A storage fee (the deal's own flow asks for it): revenue of its kind, at the provider.
    const { paymentNo } = await paymentsFor(t.ctx).service.create({
      purpose: 'storage_fee',
      lotId: lot,
      buyerId: winner.id,
      amount: 3_000,
      subject: '停车保管费 1 天',
      returnUrl: '/',
    });
    await succeed(paymentNo);
    expect((await ledgerOf(lot))[`pay:${paymentNo}`]).toEqual({
      'clearing:provider': 3_000,
      'platform:revenue:storage-fee': -3_000,
    });
  });
});

describe('defaults', () => {
  it('forfeits the deposit split per the lot terms and pays the unit its share', async () => {
    const closeAt = Date.now() + 6 * DAY;
    const { lot, winner } = await wonLot(closeAt, { forfeitPct: 33 });
    await clock(closeAt + 24 * HOUR);
    await runJobs();
    expect(
      (await db().selectFrom('deal').select('stage').where('lot_id', '=', lot).executeTakeFirstOrThrow())
        .stage,
    ).toBe('defaulted');
    const journals = await ledgerOf(lot);
    expect(journals[`forfeit:${lot}:${winner.id}`]).toEqual({
      [`escrow:lot:${lot}`]: 100_000,
      [`seller:${ids.unitA}:payable`]: -33_000,
      'platform:revenue:forfeit': -67_000,
    });
    const payout = await db()
      .selectFrom('payout')
      .selectAll()
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(payout).toMatchObject({ kind: 'forfeit', amount: '33000', status: 'paid' });
    const balances = await balancesOfLot(db(), lot);
    expect(balances[`escrow:lot:${lot}`]).toBe(0);
    expect(balances[`seller:${ids.unitA}:payable`]).toBe(0);

    // Paying after the default: refused, and not one journal more.
    const before = await journalCount();
    const late = await buyerPost(winner.token, 'pay', { orderId: lot });
    expect(late).toMatchObject({ status: 409, msg: '已超过付款期限，保证金不予退还' });
    expect(await journalCount()).toBe(before);
  });

  it('a default after the balance was paid forfeits the deposit and sends the balance back', async () => {
    const closeAt = Date.now() + 9 * DAY;
    const { lot, winner } = await wonLot(closeAt);
    await clock(closeAt + HOUR);
    await signDeal(t, winner, lot);
    const balance = await buyerPost<{ paymentNo: string }>(winner.token, 'pay', { orderId: lot });
    await succeed(balance.data.paymentNo);
    // Paying twice: refused, no second journal.
    const before = await journalCount();
    expect(await buyerPost(winner.token, 'pay', { orderId: lot })).toMatchObject({
      status: 409,
      msg: '该车辆余款已付清',
    });
    expect(await journalCount()).toBe(before);
    await clock(closeAt + 72 * HOUR);
    await runJobs();
    const journals = await ledgerOf(lot);
    const refundNo = `RFX${balance.data.paymentNo}`;
    expect(journals[`forfeit:${lot}:${winner.id}`]).toEqual({
      [`escrow:lot:${lot}`]: 100_000,
      [`seller:${ids.unitA}:payable`]: -70_000,
      'platform:revenue:forfeit': -30_000,
    });
    expect(journals[`refund:${refundNo}`]).toEqual({
      [`escrow:lot:${lot}`]: 1_100_000,
      'clearing:refunds': -1_100_000,
    });
    expect(journals[`refund-sent:${refundNo}`]).toEqual({
      'clearing:refunds': 1_100_000,
      'clearing:provider': -1_100_000,
    });
    expect((await balancesOfLot(db(), lot))[`escrow:lot:${lot}`]).toBe(0);
  });
});

describe('payout notices', () => {
  it('retries a failed bank transfer with back-off; forged and replayed notices are refused and move nothing', async () => {
    const closeAt = Date.now() + 12 * DAY;
    const { lot, winner } = await wonLot(closeAt);
    await clock(closeAt + HOUR);
    await payInFull(winner, lot);
    transfers().failNext('收款行系统繁忙');
    expect((await handOver(lot, closeAt + HOUR)).status).toBe(200);
    await runJobs();
    const payoutOf = () =>
      db().selectFrom('payout').selectAll().where('lot_id', '=', lot).executeTakeFirstOrThrow();
    const failed = await payoutOf();
    expect(failed).toMatchObject({ status: 'pending', failure: '收款行系统繁忙', attempts: 1 });
    expect(failed.next_attempt_at!.getTime()).toBe(closeAt + HOUR + 60_000);
    const payoutNo = failed.payout_no;
    const sentJournal = `payout-sent:${payoutNo}`;
    const post = (body: string, signature: string) =>
      t.app.inject({
        method: 'POST',
        url: TRANSFER_NOTIFY_PATH,
        headers: { 'content-type': 'application/json', 'x-sandbox-signature': signature },
        payload: body,
      });
    const secret = await loadOrCreateSecret(db(), 'pay_sandbox_hmac');
    const success = (over: Record<string, unknown> = {}) =>
      JSON.stringify({
        noticeId: `FORGED${Math.random()}`,
        kind: 'payout',
        merchantNo: `${payoutNo}#1`,
        transferNo: 'SBTFAKE',
        amount: 1_200_000,
        status: 'SUCCESS',
        reason: null,
        at: closeAt + HOUR,
        ...over,
      });
    // Forged: signed with another key, or no signature at all.
    const forged = success();
    expect((await post(forged, signBody('not-the-key', t.ctx.now().getTime(), forged))).statusCode).toBe(400);
    expect((await post(forged, '')).statusCode).toBe(400);
    // Signed, but for another amount, or too old.
    const wrongAmount = success({ amount: 1 });
    expect((await post(wrongAmount, signBody(secret, t.ctx.now().getTime(), wrongAmount))).statusCode).toBe(
      400,
    );
    const stale = success();
    expect((await post(stale, signBody(secret, t.ctx.now().getTime() - 10 * MIN, stale))).statusCode).toBe(
      400,
    );
    expect((await payoutOf()).status).toBe('pending');
    expect(
      await db().selectFrom('journal').select('journal_id').where('journal_id', '=', sentJournal).execute(),
    ).toEqual([]);

    // Before the back-off has passed nothing is sent; after it, the second attempt goes through.
    await clock(closeAt + HOUR + 30_000);
    await runJobs();
    expect((await payoutOf()).attempts).toBe(1);
    await clock(closeAt + HOUR + 61_000);
    await runJobs();
    expect(await payoutOf()).toMatchObject({ status: 'paid', attempts: 2, failure: null });
    expect((await ledgerOf(lot))[sentJournal]).toEqual({
      'clearing:payouts': 1_200_000,
      'clearing:provider': -1_200_000,
    });

    // The provider's genuine notice delivered again is a replay: refused, nothing moves.
    const transfer = await transfers().find('payout', payoutNo, 2);
    const genuine = await transfers().notice(transfer!);
    const first = await post(genuine.body, genuine.signature);
    expect(first.statusCode).toBe(200);
    const before = await journalCount();
    const replay = await post(genuine.body, genuine.signature);
    expect(replay.statusCode).toBe(409);
    expect(replay.json()).toMatchObject({ msg: '重复的通知，已拒绝' });
    expect(await journalCount()).toBe(before);
    const rejected = await db()
      .selectFrom('transfer_notice')
      .select(['outcome', 'reason'])
      .where('ref', '=', payoutNo)
      .where('outcome', '=', 'rejected')
      .execute();
    expect(rejected.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['通知金额与结算单不符', '重复的通知，已拒绝']),
    );
  });

  it('an operator retries a payout that gave up, and a unit without an account waits for one', async () => {
    const closeAt = Date.now() + 15 * DAY;
    const { lot, winner } = await wonLot(closeAt);
    await clock(closeAt + HOUR);
    await payInFull(winner, lot);
    transfers().failNext(...Array.from({ length: 7 }, () => '账户状态异常'));
    expect((await handOver(lot, closeAt + HOUR)).status).toBe(200);
    let now = closeAt + HOUR;
    for (let i = 0; i < 7; i++) {
      await runJobs();
      now += 7 * HOUR;
      await clock(now);
    }
    const gaveUp = await db()
      .selectFrom('payout')
      .selectAll()
      .where('lot_id', '=', lot)
      .executeTakeFirstOrThrow();
    expect(gaveUp).toMatchObject({ status: 'failed', attempts: 7, failure: '账户状态异常' });
    const list = await call<{ list: Array<{ payoutNo: string; status: string }> }>(
      t,
      tok.finance,
      'POST',
      '/api/console/finance/payouts/list',
      { status: 'failed' },
    );
    expect(list.data.list.map((p) => p.payoutNo)).toContain(gaveUp.payout_no);
    const retry = await call<{ status: string }>(
      t,
      tok.finance,
      'POST',
      `/api/console/finance/payouts/${gaveUp.payout_no}/retry`,
      {},
    );
    expect(retry.status, retry.msg).toBe(200);
    expect(retry.data.status).toBe('pending');
    await runJobs();
    expect(
      (await db().selectFrom('payout').select('status').where('lot_id', '=', lot).executeTakeFirstOrThrow())
        .status,
    ).toBe('paid');
    expect(
      (await call(t, tok.finance, 'POST', `/api/console/finance/payouts/${gaveUp.payout_no}/retry`, {}))
        .status,
    ).toBe(409);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'operator_name'])
      .where('target_id', '=', gaveUp.payout_no)
      .execute();
    expect(audit).toEqual([{ action: 'payout.retry', operator_name: '郑财务' }]);

    // Unit B has no collection account: its payout waits, saying why, and goes once the account exists.
    const b = await wonLot(now + DAY, { unit: ids.unitB });
    await clock(now + DAY + HOUR);
    await payInFull(b.winner, b.lot);
    expect((await handOver(b.lot, now + DAY + HOUR, tok.sellerB)).status).toBe(200);
    await runJobs();
    const waiting = await db()
      .selectFrom('payout')
      .selectAll()
      .where('lot_id', '=', b.lot)
      .executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({
      status: 'pending',
      failure: '处置单位尚未设置收款账户',
      account_name: '',
    });
    expect(await transfers().find('payout', waiting.payout_no, 1)).toBeUndefined();
  });
});

describe('manual refunds (maker-checker)', () => {
  it('one finance operator asks, another approves; nobody approves their own', async () => {
    const closeAt = Date.now() + 18 * DAY;
    const { lot, winner } = await wonLot(closeAt);
    await clock(closeAt + HOUR);
    const { fee } = await payInFull(winner, lot);
    const request = (amount: string, reason = '服务费多收，协商退还') =>
      call<{ refundNo: string; status: string; requestedBy: { name: string } }>(
        t,
        tok.finance,
        'POST',
        '/api/console/finance/refunds/request',
        { paymentNo: fee, amount, reason },
      );
    const asked = await request('100');
    expect(asked.status, asked.msg).toBe(200);
    expect(asked.data).toMatchObject({ status: 'requested', requestedBy: { name: '郑财务' } });
    const refundNo = asked.data.refundNo;
    // Requested is not yet money: no journal.
    expect(
      await db().selectFrom('journal').select('journal_id').where('ref', '=', refundNo).execute(),
    ).toEqual([]);

    const approve = (token: string) =>
      call<{ status: string }>(t, token, 'POST', `/api/console/finance/refunds/${refundNo}/approve`, {
        note: '已核实',
      });
    expect(await approve(tok.finance)).toMatchObject({
      status: 403,
      msg: '不能审批自己提交的退款申请，请由另一位财务人员复核',
    });
    expect((await approve(tok.reviewer)).status).toBe(403);
    // More than is left (600 − 100 asked): refused.
    expect(await request('500.01')).toMatchObject({ status: 400 });
    const ok = await approve(tok.admin);
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.status).toBe('pending');
    expect((await approve(tok.admin)).status).toBe(409);
    await runJobs();
    const journals = await ledgerOf(lot);
    expect(journals[`refund:${refundNo}`]).toEqual({
      'platform:revenue:buyer-fee': 10_000,
      'clearing:refunds': -10_000,
    });
    expect(journals[`refund-sent:${refundNo}`]).toEqual({
      'clearing:refunds': 10_000,
      'clearing:provider': -10_000,
    });

    // A rejected request moves nothing and cannot be approved afterwards.
    await clock(closeAt + 2 * HOUR);
    const second = await request('50');
    const rejected = await call<{ status: string }>(
      t,
      tok.admin,
      'POST',
      `/api/console/finance/refunds/${second.data.refundNo}/reject`,
      { reason: '买受人已撤回申请' },
    );
    expect(rejected.data.status).toBe('rejected');
    expect(
      (await call(t, tok.admin, 'POST', `/api/console/finance/refunds/${second.data.refundNo}/approve`, {}))
        .status,
    ).toBe(409);
    expect(
      await db().selectFrom('journal').select('journal_id').where('ref', '=', second.data.refundNo).execute(),
    ).toEqual([]);
    const list = await call<{
      list: Array<{ refundNo: string; status: string; decidedBy: { name: string } | null }>;
    }>(t, tok.finance, 'POST', '/api/console/finance/refunds/list', { kind: 'manual', orderId: lot });
    expect(list.data.list.map((r) => [r.refundNo, r.status, r.decidedBy?.name])).toEqual([
      [second.data.refundNo, 'rejected', '周运营'],
      [refundNo, 'done', '周运营'],
    ]);
    const audit = await db()
      .selectFrom('audit_log')
      .select(['action', 'operator_name'])
      .where('target_id', 'in', [refundNo, second.data.refundNo])
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'refund.request', operator_name: '郑财务' },
      { action: 'refund.approve', operator_name: '周运营' },
      { action: 'refund.request', operator_name: '郑财务' },
      { action: 'refund.reject', operator_name: '周运营' },
    ]);
    const payments = await call<{ list: Array<{ paymentNo: string; refunded: string }> }>(
      t,
      tok.finance,
      'POST',
      '/api/console/finance/payments/list',
      { paymentNo: fee },
    );
    expect(payments.data.list).toEqual([expect.objectContaining({ paymentNo: fee, refunded: '100.00' })]);
  });
});

describe('reconciliation', () => {
  it('finds a payment marked paid without its journal, lists it, and an operator resolves it', async () => {
    const buyer = await makeBuyer(t);
    const lot = await makeLot(t, { seller_id: ids.unitA });
    const now = t.ctx.now();
    await db()
      .insertInto('payment')
      .values({
        payment_no: `DPPLANTED${now.getTime()}`,
        purpose: 'deposit',
        lot_id: lot,
        buyer_id: buyer.id,
        amount: 100_000,
        subject: '保证金',
        provider: 'sandbox',
        status: 'paid',
        created_at: now,
        paid_at: now,
      })
      .execute();
    // And a payout marked paid by hand, with no confirmation in the ledger.
    await db()
      .insertInto('payout')
      .values({
        payout_no: `POPLANTED${now.getTime()}`,
        lot_id: lot,
        seller_org_id: ids.unitA,
        gross: 5_000,
        seller_fee: 0,
        amount: 5_000,
        account_name: '',
        bank_name: '',
        account_no_last4: '',
        status: 'paid',
        source_journal: `planted:${now.getTime()}`,
        created_at: now,
      })
      .execute();
    const run = await call<{ found: number }>(t, tok.finance, 'POST', '/api/console/finance/reconcile', {});
    expect(run.data.found).toBeGreaterThanOrEqual(1);
    const open = await call<{ list: Array<{ id: string; kind: string; ref: string; detail: string }> }>(
      t,
      tok.finance,
      'POST',
      '/api/console/finance/mismatches/list',
      {},
    );
    const planted = open.data.list.find((m) => m.ref === `DPPLANTED${now.getTime()}`);
    expect(planted).toMatchObject({ kind: 'paid_without_journal', detail: '支付单已付 ¥1,000.00，入账 —' });
    expect(open.data.list.find((m) => m.ref === `POPLANTED${now.getTime()}`)).toMatchObject({
      kind: 'payout_mismatch',
      detail: '结算单已打款，缺少打款分录',
    });
    // Running again keeps one open finding per problem.
    await call(t, tok.finance, 'POST', '/api/console/finance/reconcile', {});
    const again = await call<{ list: Array<{ ref: string }> }>(
      t,
      tok.finance,
      'POST',
      '/api/console/finance/mismatches/list',
      {},
    );
    expect(again.data.list.filter((m) => m.ref === planted!.ref)).toHaveLength(1);

    expect(
      (
        await call(t, tok.finance, 'POST', `/api/console/finance/mismatches/${planted!.id}/resolve`, {
          note: '',
        })
      ).status,
    ).toBe(400);
    const resolved = await call<{ resolved: { by: { name: string }; note: string } }>(
      t,
      tok.finance,
      'POST',
      `/api/console/finance/mismatches/${planted!.id}/resolve`,
      { note: '测试数据，已人工核对' },
    );
    expect(resolved.status, resolved.msg).toBe(200);
    expect(resolved.data.resolved).toMatchObject({ by: { name: '郑财务' }, note: '测试数据，已人工核对' });
    expect(
      (
        await call(t, tok.finance, 'POST', `/api/console/finance/mismatches/${planted!.id}/resolve`, {
          note: '再次处理',
        })
      ).status,
    ).toBe(409);
    const ledger = await call<{ journals: unknown[] }>(
      t,
      tok.finance,
      'GET',
      `/api/console/finance/ledger/${lot}`,
    );
    expect(ledger.status).toBe(200);
    expect(ledger.data.journals).toEqual([]);
    expect(await balanceOf(db(), `buyer:${buyer.id}:deposit`)).toBe(0);
  });
});

describe('reconciliation at volume', () => {
  it('stores thousands of findings, one open per problem, and refreshes them on the next run', async () => {
    const buyer = await makeBuyer(t);
    const lot = await makeLot(t, { seller_id: ids.unitA });
    const now = t.ctx.now();
    const tag = `DPBULK${now.getTime()}_`;
    await db()
      .insertInto('payment')
      .values(
        Array.from({ length: 2_500 }, (_, i) => ({
          payment_no: `${tag}${i}`,
          // Storage fees are the purpose one buyer may have many paid payments of on one lot.
          purpose: 'storage_fee' as const,
          lot_id: lot,
          buyer_id: buyer.id,
          amount: 100_000 + i,
          subject: '仓储费',
          provider: 'sandbox',
          status: 'paid' as const,
          created_at: now,
          paid_at: now,
        })),
      )
      .execute();
    const planted = () =>
      db()
        .selectFrom('reconciliation_mismatch')
        .select(['id', 'ref', 'kind', 'detail', 'lot_id'])
        .where('ref', 'like', `${tag}%`)
        .where('resolved_at', 'is', null)
        .orderBy('ref')
        .execute();
    const first = await call<{ found: number }>(t, tok.finance, 'POST', '/api/console/finance/reconcile', {});
    expect(first.status, first.msg).toBe(200);
    expect(first.data.found).toBeGreaterThanOrEqual(2_500);
    const found = await planted();
    expect(found).toHaveLength(2_500);
    expect(found.every((m) => m.kind === 'paid_without_journal' && m.lot_id === lot)).toBe(true);
    expect(found.find((m) => m.ref === `${tag}7`)?.detail).toBe('支付单已付 ¥1,000.07，入账 —');

    await db().updateTable('payment').set({ amount: 200_000 }).where('payment_no', '=', `${tag}7`).execute();
    const second = await call<{ found: number }>(
      t,
      tok.finance,
      'POST',
      '/api/console/finance/reconcile',
      {},
    );
    expect(second.status, second.msg).toBe(200);
    const again = await planted();
    expect(again).toHaveLength(2_500);
    // The same rows, refreshed: the changed payment's finding says what it says now.
    expect(again.map((m) => m.id)).toEqual(found.map((m) => m.id));
    expect(again.find((m) => m.ref === `${tag}7`)?.detail).toBe('支付单已付 ¥2,000.00，入账 —');
  });
});

describe('who may call the new endpoints', () => {
  it('sellers see only their unit, buyers and anonymous callers none; only finance staff see the desk', async () => {
    const closeAt = Date.now() + 21 * DAY;
    const { lot, winner } = await wonLot(closeAt, { feeSeparate: true });
    await db().updateTable('deal').set({ seller_fee: 10_000 }).where('lot_id', '=', lot).execute();
    const sellerEndpoints: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['POST', '/api/mall-auction/seller/auc_order/serviceFee/pay', { orderId: lot }],
      ['GET', `/api/mall-auction/seller/auc_order/settlement?orderId=${lot}`],
      ['GET', '/api/mall-auction/seller/settlement/statement'],
    ];
    for (const [method, url, body] of sellerEndpoints) {
      expect((await call(t, null, method, url, body)).status, url).toBe(401);
      expect((await call(t, winner.token, method, url, body)).status, url).toBe(403);
      expect((await call(t, tok.finance, method, url, body)).status, url).toBe(403);
    }
    // Another unit: as if the deal did not exist; its statement is its own (empty).
    expect((await call(t, tok.sellerB, 'POST', sellerEndpoints[0]![1], { orderId: lot })).status).toBe(404);
    expect((await call(t, tok.sellerB, 'GET', sellerEndpoints[1]![1])).status).toBe(404);
    const otherStatement = await call<{ list: Array<{ orderId: string }> }>(
      t,
      tok.sellerB,
      'GET',
      sellerEndpoints[2]![1],
    );
    expect(otherStatement.status).toBe(200);
    const lotsOfB = await db().selectFrom('lot').select('id').where('seller_id', '=', ids.unitB).execute();
    const bIds = new Set(lotsOfB.map((l) => l.id));
    expect(otherStatement.data.list.every((p) => bIds.has(p.orderId))).toBe(true);

    const payout = await db().selectFrom('payout').select('payout_no').executeTakeFirstOrThrow();
    const refund = await db().selectFrom('refund').select('refund_no').executeTakeFirstOrThrow();
    const desk: Array<['GET' | 'POST', string, Record<string, unknown>?]> = [
      ['POST', '/api/console/finance/payments/list', {}],
      ['POST', '/api/console/finance/refunds/list', {}],
      [
        'POST',
        '/api/console/finance/refunds/request',
        { paymentNo: 'DP1234567', amount: '1', reason: '测试退款' },
      ],
      ['POST', `/api/console/finance/refunds/${refund.refund_no}/approve`, {}],
      ['POST', `/api/console/finance/refunds/${refund.refund_no}/reject`, { reason: '测试驳回' }],
      ['POST', '/api/console/finance/payouts/list', {}],
      ['POST', `/api/console/finance/payouts/${payout.payout_no}/retry`, {}],
      ['POST', '/api/console/finance/mismatches/list', {}],
      ['POST', '/api/console/finance/mismatches/1/resolve', { note: '测试处理' }],
      ['POST', '/api/console/finance/reconcile', {}],
      ['GET', `/api/console/finance/ledger/${lot}`],
    ];
    for (const [method, url, body] of desk) {
      expect((await call(t, null, method, url, body)).status, url).toBe(401);
      expect((await call(t, winner.token, method, url, body)).status, url).toBe(403);
      expect((await call(t, tok.sellerA, method, url, body)).status, url).toBe(403);
      expect((await call(t, tok.reviewer, method, url, body)).status, url).toBe(403);
    }
    // The seller's fee of a lot whose terms deduct it cannot be paid separately.
    await db().updateTable('lot').set({ seller_fee_separate: false }).where('id', '=', lot).execute();
    expect(await call(t, tok.sellerA, 'POST', sellerEndpoints[0]![1], { orderId: lot })).toMatchObject({
      status: 409,
      msg: '该拍品的卖方服务费从结算款中扣除，无需单独支付',
    });
  });
});
