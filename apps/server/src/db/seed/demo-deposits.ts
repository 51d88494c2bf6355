import type { Transaction } from 'kysely';
import { depositSubject, freezeDeposit } from '../../modules/bidding/deposit-ledger';
import { postJournals } from '../../modules/ledger/ledger';
import { paymentJournal } from '../../modules/settlement/postings';
import { SANDBOX_PROVIDER_NAME } from '../../platform/payments/sandbox-provider';
import type { Database } from '../schema';

type Tx = Transaction<Database>;

/**
 * The deposits of demo accounts that lead open demo lots (docs/decisions/058-demo-deposits.md).
 * Their payment number is `DS` and the lot's id: the shape of the cashier's `DP…` numbers, one per
 * lot at most, and recognisable, so the refresh of the demo lots can tell them from a buyer's.
 */
export const SEED_DEPOSIT_PREFIX = 'DS';
export const seedDepositNo = (lotId: string) => `${SEED_DEPOSIT_PREFIX}${lotId}`;

export interface SeedDeposit {
  lotId: string;
  buyerId: string;
  lotTitle: string;
  /** Fen: the lot's own deposit, as the cashier asks it. */
  amount: number;
  paidAt: Date;
}

/** The seed's deposits still frozen on these lots: lot id → its buyer and bidder number. */
export async function frozenSeedDeposits(
  trx: Tx,
  lotIds: string[],
): Promise<Map<string, { buyerId: string; bidderNo: string }>> {
  if (!lotIds.length) return new Map();
  const rows = await trx
    .selectFrom('deposit_ledger')
    .select(['lot_id', 'buyer_id', 'bidder_no'])
    .where('lot_id', 'in', lotIds)
    .where('state', '=', 'frozen')
    .where('payment_no', 'like', `${SEED_DEPOSIT_PREFIX}%`)
    .execute();
  return new Map(rows.map((r) => [r.lot_id, { buyerId: r.buyer_id, bidderNo: r.bidder_no }]));
}

/**
 * Deposits paid as the cashier's notification pays them (payment-service.ts: the payment paid,
 * its receipt journal first, then bidding.service.ts's `onDepositPaid` freezes it with a bidder
 * number), without the notices: nobody paid them. Returns lot id → bidder number.
 */
export async function paySeedDeposits(trx: Tx, deposits: SeedDeposit[]): Promise<Map<string, string>> {
  if (!deposits.length) return new Map();
  const payments = await trx
    .insertInto('payment')
    .values(
      deposits.map((d) => ({
        payment_no: seedDepositNo(d.lotId),
        purpose: 'deposit' as const,
        lot_id: d.lotId,
        buyer_id: d.buyerId,
        amount: d.amount,
        subject: depositSubject(d.lotTitle),
        provider: SANDBOX_PROVIDER_NAME,
        status: 'paid' as const,
        created_at: d.paidAt,
        paid_at: d.paidAt,
      })),
    )
    .returningAll()
    .execute();
  const paidAt = (p: (typeof payments)[number]) => p.paid_at ?? p.created_at;
  await postJournals(
    trx,
    payments.map((p) => paymentJournal(p, paidAt(p))),
  );
  const bidderNos = new Map<string, string>();
  for (const p of payments) bidderNos.set(p.lot_id, (await freezeDeposit(trx, p, paidAt(p))).bidderNo);
  return bidderNos;
}
