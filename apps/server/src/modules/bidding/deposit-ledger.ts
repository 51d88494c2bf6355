import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Database, DepositLedgerState } from '../../db/schema';
import type { PaymentRow } from '../../platform/payments/payment.repo';

type Tx = Transaction<Database>;

/** A 竞买号 such as 382917: random, unique within the lot, public only masked (lots/masking.ts). */
function newBidderNo(): string {
  return String(randomInt(100_000, 1_000_000));
}

async function move(
  trx: Tx,
  row: { id: string; lot_id: string; buyer_id: string; amount: string },
  from: DepositLedgerState | null,
  to: DepositLedgerState,
  reason: string,
  at: Date,
) {
  await trx
    .insertInto('deposit_movement')
    .values({
      ledger_id: row.id,
      lot_id: row.lot_id,
      buyer_id: row.buyer_id,
      from_state: from,
      to_state: to,
      amount: row.amount,
      reason,
      at,
    })
    .execute();
}

/** A paid deposit: frozen in the ledger, with a bidder number. Runs inside the notification's transaction. */
export async function freezeDeposit(trx: Tx, payment: PaymentRow, now: Date): Promise<{ bidderNo: string }> {
  const existing = await trx
    .selectFrom('deposit_ledger')
    .select(['bidder_no', 'payment_no'])
    .where('lot_id', '=', payment.lot_id)
    .where('buyer_id', '=', payment.buyer_id)
    .executeTakeFirst();
  if (existing) return { bidderNo: existing.bidder_no };
  for (let attempt = 0; attempt < 50; attempt++) {
    const bidderNo = newBidderNo();
    // Conflicts (same buyer raced in, or the number is taken in this lot) do nothing instead of failing the transaction.
    const row = await trx
      .insertInto('deposit_ledger')
      .values({
        lot_id: payment.lot_id,
        buyer_id: payment.buyer_id,
        payment_no: payment.payment_no,
        bidder_no: bidderNo,
        state: 'frozen',
        amount: payment.amount,
        frozen_at: now,
      })
      .onConflict((oc) => oc.doNothing())
      .returning(['id', 'lot_id', 'buyer_id', 'amount'])
      .executeTakeFirst();
    if (row) {
      await move(trx, row, null, 'frozen', '缴纳保证金', now);
      return { bidderNo };
    }
    const raced = await trx
      .selectFrom('deposit_ledger')
      .select('bidder_no')
      .where('lot_id', '=', payment.lot_id)
      .where('buyer_id', '=', payment.buyer_id)
      .executeTakeFirst();
    if (raced) return { bidderNo: raced.bidder_no };
  }
  throw new Error('no free bidder number');
}

/**
 * The close: the winner's frozen deposit is applied to the price, every other frozen deposit is
 * refunded. Only frozen rows move, so running it twice changes nothing. `appliedAmount`: what was
 * applied now (fen).
 */
export async function settleDeposits(
  trx: Tx,
  lotId: string,
  winnerId: string | null,
  now: Date,
): Promise<{ applied: number; refunded: number; appliedAmount: number }> {
  const frozen = await trx
    .selectFrom('deposit_ledger')
    .select(['id', 'lot_id', 'buyer_id', 'amount'])
    .where('lot_id', '=', lotId)
    .where('state', '=', 'frozen')
    .forUpdate()
    .execute();
  let applied = 0;
  let appliedAmount = 0;
  for (const row of frozen) {
    const to: DepositLedgerState = row.buyer_id === winnerId ? 'applied' : 'refunded';
    await trx
      .updateTable('deposit_ledger')
      .set({ state: to, settled_at: now })
      .where('id', '=', row.id)
      .where('state', '=', 'frozen')
      .execute();
    await move(trx, row, 'frozen', to, to === 'applied' ? '成交，保证金抵作价款' : '未成交，保证金退还', now);
    if (to === 'applied') {
      applied++;
      appliedAmount += Number(row.amount);
    }
  }
  return { applied, refunded: frozen.length - applied, appliedAmount };
}

/** A winner who does not pay in time forfeits the deposit (悔拍). */
export async function forfeitDeposit(trx: Tx, lotId: string, buyerId: string, now: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('deposit_ledger')
    .select(['id', 'lot_id', 'buyer_id', 'amount', 'state'])
    .where('lot_id', '=', lotId)
    .where('buyer_id', '=', buyerId)
    .where('state', 'in', ['frozen', 'applied'])
    .forUpdate()
    .executeTakeFirst();
  if (!row) return false;
  await trx
    .updateTable('deposit_ledger')
    .set({ state: 'forfeited', settled_at: now })
    .where('id', '=', row.id)
    .execute();
  await move(trx, row, row.state, 'forfeited', '逾期未付款，保证金不予退还', now);
  return true;
}

export function depositOf(db: Kysely<Database>, lotId: string, buyerId: string) {
  return db
    .selectFrom('deposit_ledger')
    .selectAll()
    .where('lot_id', '=', lotId)
    .where('buyer_id', '=', buyerId)
    .executeTakeFirst();
}
