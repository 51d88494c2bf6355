import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataCryptoFor } from '../../platform/crypto';
import { paymentsFor } from '../../platform/payments/payments';
import { createTestApp, type TestApp } from '../../test/test-app';
import { freezeDepositsDirectly, makeBuyer, makeLot } from '../../test/bidding-fixture';
import { accounts } from '../ledger/accounts';
import { balancesOfLot } from '../ledger/ledger';
import { transfers } from '../settlement/transfers';
import { depositOf, forfeitDeposit, settleDeposits } from './deposit-ledger';

let t: TestApp;
let LOT: string;
const BUYERS: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
  LOT = await makeLot(t);
  for (let i = 0; i < 3; i++) BUYERS.push((await makeBuyer(t)).id);
  const { service } = paymentsFor(t.ctx);
  for (const buyerId of BUYERS) {
    const { paymentNo } = await service.create({
      purpose: 'deposit',
      lotId: LOT,
      buyerId,
      amount: 300_000,
      subject: '保证金',
      returnUrl: '/',
    });
    await t.app.inject({ method: 'POST', url: `/api/dev/payments/${paymentNo}/succeed` });
  }
});
afterAll(() => t.close());

const db = () => t.ctx.dbh.db;
const states = async () =>
  Object.fromEntries(
    (
      await db()
        .selectFrom('deposit_ledger')
        .select(['buyer_id', 'state'])
        .where('lot_id', '=', LOT)
        .execute()
    ).map((r) => [r.buyer_id, r.state]),
  );

describe('deposit ledger', () => {
  it('gives each paying buyer a distinct six-digit bidder number', async () => {
    const rows = await Promise.all(BUYERS.map((b) => depositOf(db(), LOT, b)));
    expect(new Set(rows.map((r) => r?.bidder_no)).size).toBe(3);
    expect(rows.every((r) => /^\d{6}$/.test(r?.bidder_no ?? ''))).toBe(true);
  });

  it('at the close applies the winner and refunds everyone else, once', async () => {
    const now = new Date('2026-11-22T03:00:00Z');
    const first = await db()
      .transaction()
      .execute((trx) => settleDeposits(trx, LOT, BUYERS[1] ?? null, now));
    expect(first).toEqual({
      applied: 1,
      refunded: 2,
      appliedAmount: 300_000,
      refundedTo: [
        { buyerId: BUYERS[0], amount: 300_000 },
        { buyerId: BUYERS[2], amount: 300_000 },
      ],
    });
    const second = await db()
      .transaction()
      .execute((trx) => settleDeposits(trx, LOT, BUYERS[1] ?? null, now));
    expect(second).toEqual({ applied: 0, refunded: 0, appliedAmount: 0, refundedTo: [] });
    expect(await states()).toEqual({
      [BUYERS[0] as string]: 'refunded',
      [BUYERS[1] as string]: 'applied',
      [BUYERS[2] as string]: 'refunded',
    });
    const moves = await db()
      .selectFrom('deposit_movement')
      .select(['buyer_id', 'from_state', 'to_state', 'amount'])
      .where('lot_id', '=', LOT)
      .orderBy('id')
      .execute();
    expect(moves).toHaveLength(6);
    expect(
      moves
        .filter((m) => m.from_state === 'frozen')
        .map((m) => m.to_state)
        .sort(),
    ).toEqual(['applied', 'refunded', 'refunded']);
  });

  it('forfeits an applied deposit of a winner who does not pay, and never a refunded one', async () => {
    const now = new Date('2026-11-25T03:00:00Z');
    expect(
      await db()
        .transaction()
        .execute((trx) => forfeitDeposit(trx, LOT, BUYERS[0] as string, now)),
    ).toBe(false);
    expect(
      await db()
        .transaction()
        .execute((trx) => forfeitDeposit(trx, LOT, BUYERS[1] as string, now)),
    ).toBe(true);
    expect((await states())[BUYERS[1] as string]).toBe('forfeited');
    const last = await db()
      .selectFrom('deposit_movement')
      .selectAll()
      .where('buyer_id', '=', BUYERS[1] as string)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(last).toMatchObject({ from_state: 'applied', to_state: 'forfeited', amount: '300000' });
  });

  it('closes a lot of 250 deposits with every loser refunded and journalled, and the lot balanced', async () => {
    // Set-based since a statement per deposit made a session's closes queue (bench/session).
    const lot = await makeLot(t);
    const buyers: string[] = [];
    for (let i = 0; i < 250; i++) buyers.push((await makeBuyer(t)).id);
    await freezeDepositsDirectly(t, lot, buyers, `VOL${lot}_`, 500_000);
    const winner = buyers[17] as string;
    const now = new Date('2026-11-22T04:00:00Z');
    const settled = await db()
      .transaction()
      .execute((trx) => settleDeposits(trx, lot, winner, now));
    expect(settled).toMatchObject({ applied: 1, refunded: 249, appliedAmount: 100_000 });
    expect(new Set(settled.refundedTo.map((r) => r.buyerId))).toEqual(
      new Set(buyers.filter((b) => b !== winner)),
    );
    const refunds = await db()
      .selectFrom('refund')
      .select(['buyer_id', 'amount', 'status', 'kind'])
      .where('lot_id', '=', lot)
      .execute();
    expect(refunds).toHaveLength(249);
    expect(
      refunds.every((r) => r.amount === '100000' && r.status === 'pending' && r.kind === 'deposit'),
    ).toBe(true);
    expect(refunds.some((r) => r.buyer_id === winner)).toBe(false);
    const moves = await db()
      .selectFrom('deposit_movement')
      .select(['to_state'])
      .where('lot_id', '=', lot)
      .where('from_state', '=', 'frozen')
      .execute();
    expect(moves.filter((m) => m.to_state === 'refunded')).toHaveLength(249);
    expect(moves.filter((m) => m.to_state === 'applied')).toHaveLength(1);
    // Paid in, then: the losers' deposits back out to clearing, the winner's in the lot's escrow.
    const balances = await balancesOfLot(db(), lot);
    expect(balances[accounts.refunds]).toBe(-249 * 100_000);
    expect(balances[accounts.escrow(lot)]).toBe(-100_000);
    expect(balances[accounts.provider]).toBe(250 * 100_000);
    expect(buyers.every((b) => (balances[accounts.buyerDeposit(b)] ?? 0) === 0)).toBe(true);
    // Again: nothing moves twice, no refund or journal is posted twice.
    const again = await db()
      .transaction()
      .execute((trx) => settleDeposits(trx, lot, winner, now));
    expect(again).toEqual({ applied: 0, refunded: 0, appliedAmount: 0, refundedTo: [] });
    expect(await balancesOfLot(db(), lot)).toEqual(balances);
  });
  it("sends a close's refunds in rounds: the first group always, then groups while the round's budget lasts, each refund once", async () => {
    const lot = await makeLot(t);
    const buyers: string[] = [];
    for (let i = 0; i < 45; i++) buyers.push((await makeBuyer(t)).id);
    await freezeDepositsDirectly(t, lot, buyers, `RND${lot}_`, 500_000);
    const closedAt = new Date(Date.now() - 60_000);
    await db()
      .transaction()
      .execute((trx) => settleDeposits(trx, lot, buyers[0] as string, closedAt));
    // Only this lot's refunds are due: the earlier tests' transfers wait.
    const later = new Date(Date.now() + 86_400_000);
    await db().updateTable('refund').set({ next_attempt_at: later }).where('lot_id', '<>', lot).execute();
    await db().updateTable('payout').set({ next_attempt_at: later }).execute();
    const payments = paymentsFor(t.ctx);
    const send = transfers(t.ctx, { payments, crypto: await dataCryptoFor(t.ctx) });
    const refunds = () =>
      db().selectFrom('refund').select(['refund_no', 'status']).where('lot_id', '=', lot).execute();
    const atCompany = async () =>
      (
        await db()
          .selectFrom('sandbox_transfer')
          .select('merchant_no')
          .where('kind', '=', 'refund')
          .where(
            'merchant_no',
            'in',
            (await refunds()).map((r) => `${r.refund_no}#1`),
          )
          .execute()
      ).map((r) => r.merchant_no);

    // No budget: one group of 20 goes, the other 24 wait for the next round.
    expect(await send.sendDue(new Date(), 0, 20)).toBe(20);
    // Sent, or already confirmed: the sandbox company's notice follows at once.
    expect((await refunds()).filter((r) => r.status !== 'pending')).toHaveLength(20);
    expect(await atCompany()).toHaveLength(20);
    // A round with time: groups until none is left (20, then 4).
    expect(await send.sendDue(new Date(), 60_000, 20)).toBe(24);
    expect(await send.sendDue(new Date(), 60_000, 20)).toBe(0);
    const sent = await atCompany();
    expect(sent).toHaveLength(44);
    expect(new Set(sent).size).toBe(44);
    // The company's notices confirm them: every refund done and journalled out of clearing.
    await payments.transfers!.drain();
    expect((await refunds()).every((r) => r.status === 'done')).toBe(true);
    const balances = await balancesOfLot(db(), lot);
    expect(balances[accounts.refunds]).toBe(0);
    expect(balances[accounts.provider]).toBe(100_000);
  });
});
