import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DepositLedgerState } from '../../db/schema';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { depositLedgerRepo } from './deposit-ledger.repo';
import { journalDepositApplied, journalForfeit, refundDeposits } from '../settlement/postings';

type Tx = Transaction<Database>;

/** The subject of a lot's deposit payment (the cashier, the receipt and the ledger's memo show it). */
export const depositSubject = (lotTitle: string) => `竞买保证金：${lotTitle}`;

/** A 竞买号 such as 382917: random, unique within the lot, public only masked (lots/masking.ts). */
function newBidderNo(): string {
  return String(randomInt(100_000, 1_000_000));
}

type Movable = { id: string; lot_id: string; buyer_id: string; amount: string };

const movement = (
  row: Movable,
  from: DepositLedgerState | null,
  to: DepositLedgerState,
  reason: string,
  at: Date,
) => ({
  ledger_id: row.id,
  lot_id: row.lot_id,
  buyer_id: row.buyer_id,
  from_state: from,
  to_state: to,
  amount: row.amount,
  reason,
  at,
});

async function move(
  trx: Tx,
  row: Movable,
  from: DepositLedgerState | null,
  to: DepositLedgerState,
  reason: string,
  at: Date,
) {
  await depositLedgerRepo(trx).recordMovements([movement(row, from, to, reason, at)]);
}

/** A paid deposit: frozen in the ledger, with a bidder number. Runs inside the notification's transaction. */
export async function freezeDeposit(trx: Tx, payment: PaymentRow, now: Date): Promise<{ bidderNo: string }> {
  const ledger = depositLedgerRepo(trx);
  const existing = await ledger.ofBuyer(payment.lot_id, payment.buyer_id);
  if (existing) return { bidderNo: existing.bidder_no };
  for (let attempt = 0; attempt < 50; attempt++) {
    const bidderNo = newBidderNo();
    // Conflicts (same buyer raced in, or the number is taken in this lot) do nothing instead of failing the transaction.
    const row = await ledger.insertIfFree({
      lot_id: payment.lot_id,
      buyer_id: payment.buyer_id,
      payment_no: payment.payment_no,
      bidder_no: bidderNo,
      state: 'frozen',
      amount: payment.amount,
      frozen_at: now,
    });
    if (row) {
      await move(trx, row, null, 'frozen', '缴纳保证金', now);
      return { bidderNo };
    }
    const raced = await ledger.ofBuyer(payment.lot_id, payment.buyer_id);
    if (raced) return { bidderNo: raced.bidder_no };
  }
  throw new Error('no free bidder number');
}

/**
 * The close (or a withdrawal, with no winner): the winner's frozen deposit is applied to the
 * price, every other frozen deposit is refunded. Only frozen rows move, so running it twice changes nothing. `appliedAmount`: what was
 * applied now (fen).
 */
export async function settleDeposits(
  trx: Tx,
  lotId: string,
  winnerId: string | null,
  now: Date,
  refundReason = '未成交，保证金退还',
): Promise<{
  applied: number;
  refunded: number;
  appliedAmount: number;
  /** Who got a deposit back, and how much (fen): the notices name them. */
  refundedTo: Array<{ buyerId: string; amount: number }>;
}> {
  const ledger = depositLedgerRepo(trx);
  const frozen = await ledger.lockFrozenOfLot(lotId);
  // Set-based: a lot closes with hundreds of deposits, and the close of the next lot waits for this
  // one (a statement per deposit made closing a 200-deposit lot take seconds, bench/session).
  const won = frozen.filter((row) => row.buyer_id === winnerId);
  const lost = frozen.filter((row) => row.buyer_id !== winnerId);
  await ledger.settleMany(
    won.map((row) => row.id),
    'applied',
    now,
    'frozen',
  );
  await ledger.settleMany(
    lost.map((row) => row.id),
    'refunded',
    now,
    'frozen',
  );
  await ledger.recordMovements([
    ...won.map((row) => movement(row, 'frozen', 'applied', '成交，保证金抵作价款', now)),
    ...lost.map((row) => movement(row, 'frozen', 'refunded', refundReason, now)),
  ]);
  // The ledger (decision 022): applied to the lot's escrow, or refunded through the provider.
  for (const row of won) await journalDepositApplied(trx, row, now);
  await refundDeposits(trx, lost, refundReason, now);
  return {
    applied: won.length,
    refunded: lost.length,
    appliedAmount: won.reduce((sum, row) => sum + Number(row.amount), 0),
    refundedTo: lost.map((row) => ({ buyerId: row.buyer_id, amount: Number(row.amount) })),
  };
}

/** A winner who does not pay in time forfeits the deposit (悔拍). */
export async function forfeitDeposit(trx: Tx, lotId: string, buyerId: string, now: Date): Promise<boolean> {
  const ledger = depositLedgerRepo(trx);
  const row = await ledger.lockHeld(lotId, buyerId);
  if (!row) return false;
  await ledger.settleMany([row.id], 'forfeited', now, row.state);
  await move(trx, row, row.state, 'forfeited', '逾期未付款，保证金不予退还', now);
  if (row.state === 'frozen' || row.state === 'applied') await journalForfeit(trx, row, row.state, now);
  return true;
}

export function depositOf(db: Kysely<Database>, lotId: string, buyerId: string) {
  return depositLedgerRepo(db).ofBuyer(lotId, buyerId);
}
