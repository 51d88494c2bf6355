import { randomInt } from 'node:crypto';
import { settlement } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { accounts } from '../ledger/accounts';
import { balanceOf, postJournal, postJournals, type JournalInput } from '../ledger/ledger';
import { sellerFinanceRepo } from '../sellers/seller-finance.repo';
import { settlementRepo, type PayoutRow, type RefundRow } from './settlement.repo';

type Tx = Transaction<Database>;

/**
 * How each money movement posts to the ledger (decision 022, docs/product.md#17-ledger-and-settlement).
 * Every function runs inside the transaction of the business change it journals.
 */

/** Journal ids: derived from the business rows, so a repeat posts nothing and reconciliation can find them. */
export const journalIds = {
  payment: (paymentNo: string) => `pay:${paymentNo}`,
  depositApplied: (lotId: string, buyerId: string) => `dep-apply:${lotId}:${buyerId}`,
  forfeit: (lotId: string, buyerId: string) => `forfeit:${lotId}:${buyerId}`,
  settlement: (lotId: string, dealOpenedAt: Date) => `settle:${lotId}:${dealOpenedAt.getTime()}`,
  payout: (payoutNo: string) => `payout:${payoutNo}`,
  payoutSent: (payoutNo: string) => `payout-sent:${payoutNo}`,
  refund: (refundNo: string) => `refund:${refundNo}`,
  refundSent: (refundNo: string) => `refund-sent:${refundNo}`,
};

/** The purpose in the words the buyer's page and the console both use (one list: settlement.PAYMENT_PURPOSE). */
export const purposeText = (purpose: string) =>
  (settlement.PAYMENT_PURPOSE as Record<string, string>)[purpose] ?? purpose;

/** The account a paid payment credits (and a refund of it debits). */
export function creditAccountOf(payment: Pick<PaymentRow, 'purpose' | 'lot_id' | 'buyer_id'>): string {
  switch (payment.purpose) {
    case 'deposit':
      return accounts.buyerDeposit(payment.buyer_id);
    case 'balance':
    case 'offer_deposit':
      // A second-chance buyer's deposit is part of the price from the start (decision 025).
      return accounts.escrow(payment.lot_id);
    case 'service_fee':
      return accounts.buyerFee;
    case 'seller_fee':
      return accounts.sellerFee;
    default:
      return accounts.revenue(payment.purpose);
  }
}

/** A paid payment, any purpose: the money is at the provider, owed to whatever it pays for. */
export async function journalPayment(trx: Tx, payment: PaymentRow, now: Date) {
  if (Number(payment.amount) > 0) await postJournal(trx, paymentJournal(payment, now));
}

/** The receipt journal of a paid payment (of a positive amount). */
export function paymentJournal(payment: PaymentRow, now: Date): JournalInput {
  const amount = Number(payment.amount);
  return {
    journalId: journalIds.payment(payment.payment_no),
    kind: 'payment',
    lotId: payment.lot_id,
    ref: payment.payment_no,
    memo: `${purposeText(payment.purpose)}：${payment.subject}`,
    at: payment.paid_at ?? now,
    lines: [
      { account: accounts.provider, amount },
      { account: creditAccountOf(payment), amount: -amount },
    ],
  };
}

/** The winner's deposit becomes part of the price: from the buyer's deposit to the lot's escrow. */
export async function journalDepositApplied(
  trx: Tx,
  row: { lot_id: string; buyer_id: string; amount: string; payment_no: string },
  now: Date,
) {
  const amount = Number(row.amount);
  if (amount <= 0) return;
  await postJournal(trx, {
    journalId: journalIds.depositApplied(row.lot_id, row.buyer_id),
    kind: 'deposit_applied',
    lotId: row.lot_id,
    ref: row.payment_no,
    memo: '成交，保证金抵作价款',
    at: now,
    lines: [
      { account: accounts.buyerDeposit(row.buyer_id), amount },
      { account: accounts.escrow(row.lot_id), amount: -amount },
    ],
  });
}

export interface NewRefund {
  refundNo: string;
  kind: RefundRow['kind'];
  payment: Pick<PaymentRow, 'payment_no' | 'purpose' | 'lot_id' | 'buyer_id'>;
  amount: number;
  reason: string;
  /** The account the money comes back from; by default the one the payment credited. */
  debit?: string;
  now: Date;
}

/**
 * A refund decided: the refund row (to be sent through the provider by the refund job) and its
 * journal, moving the money to `clearing:refunds` until the provider confirms. Idempotent by refund number.
 */
export async function createRefund(trx: Tx, r: NewRefund): Promise<RefundRow | undefined> {
  return (await createRefunds(trx, [r]))[0];
}

/** Many refunds in three statements (a lot's close); returns the rows created now. */
export async function createRefunds(trx: Tx, refunds: NewRefund[]): Promise<RefundRow[]> {
  const due = refunds.filter((r) => r.amount > 0);
  const rows = await settlementRepo(trx).insertRefunds(
    due.map((r) => ({
      refund_no: r.refundNo,
      kind: r.kind,
      lot_id: r.payment.lot_id,
      payment_no: r.payment.payment_no,
      buyer_id: r.payment.buyer_id,
      amount: r.amount,
      reason: r.reason,
      status: 'pending' as const,
      requested_at: r.now,
      next_attempt_at: r.now,
    })),
  );
  const byNo = new Map(due.map((r) => [r.refundNo, r]));
  await postJournals(
    trx,
    rows.map((row) => {
      const r = byNo.get(row.refund_no)!;
      return refundApprovedJournal(row, r.debit ?? creditAccountOf(r.payment), r.now);
    }),
  );
  return rows;
}

/** An approved refund leaves the account it came from for `clearing:refunds`. */
export async function journalRefundApproved(trx: Tx, refund: RefundRow, debit: string, now: Date) {
  await postJournal(trx, refundApprovedJournal(refund, debit, now));
}

function refundApprovedJournal(refund: RefundRow, debit: string, now: Date): JournalInput {
  const amount = Number(refund.amount);
  return {
    journalId: journalIds.refund(refund.refund_no),
    kind: 'refund',
    lotId: refund.lot_id,
    ref: refund.refund_no,
    memo: `退款：${refund.reason}`,
    at: now,
    lines: [
      { account: debit, amount },
      { account: accounts.refunds, amount: -amount },
    ],
  };
}

/** The deposit refunds of buyers who did not win (or of a withdrawn lot), through the provider. */
export async function refundDeposits(
  trx: Tx,
  rows: Array<{ lot_id: string; buyer_id: string; amount: string; payment_no: string }>,
  reason: string,
  now: Date,
) {
  await createRefunds(
    trx,
    rows.map((row) => ({
      refundNo: `RFD${row.lot_id}U${row.buyer_id}`,
      kind: 'deposit' as const,
      payment: { payment_no: row.payment_no, purpose: 'deposit', lot_id: row.lot_id, buyer_id: row.buyer_id },
      amount: Number(row.amount),
      reason,
      now,
    })),
  );
}

/** Money a deal could not take (paid out of turn, or of a deal that defaulted): back to the payer in full. */
export async function refundWhole(trx: Tx, payment: PaymentRow, reason: string, now: Date) {
  const taken = await settlementRepo(trx).refundsOfPayment(payment.payment_no);
  const left = Number(payment.amount) - taken.reduce((s, r) => s + Number(r.amount), 0);
  await createRefund(trx, {
    refundNo: `RFX${payment.payment_no}`,
    kind: 'excess',
    payment,
    amount: left,
    reason,
    now,
  });
}

const payoutNo = (now: Date) => `PO${now.getTime()}${String(randomInt(1e6)).padStart(6, '0')}`;

/**
 * What a journal credited to a unit's payable goes out as a payout: the row (sent by the payout
 * job to the unit's collection account) and the journal moving it to `clearing:payouts`.
 */
export async function createPayout(
  trx: Tx,
  p: {
    lotId: string;
    unitId: string;
    kind: PayoutRow['kind'];
    gross: number;
    sellerFee: number;
    amount: number;
    sourceJournal: string;
    now: Date;
  },
): Promise<PayoutRow | undefined> {
  if (p.amount <= 0) return undefined;
  const account = await sellerFinanceRepo(trx).collection(p.unitId);
  const row = await settlementRepo(trx).insertPayout({
    payout_no: payoutNo(p.now),
    lot_id: p.lotId,
    seller_org_id: p.unitId,
    kind: p.kind,
    gross: p.gross,
    seller_fee: p.sellerFee,
    amount: p.amount,
    account_name: account?.account_name ?? '',
    bank_name: account?.bank_name ?? '',
    account_no_last4: account?.account_no_last4 ?? '',
    status: 'pending',
    source_journal: p.sourceJournal,
    created_at: p.now,
    next_attempt_at: p.now,
    updated_at: p.now,
  });
  if (!row) return undefined;
  await postJournal(trx, {
    journalId: journalIds.payout(row.payout_no),
    kind: 'payout',
    lotId: p.lotId,
    ref: row.payout_no,
    memo: p.kind === 'sale' ? '成交结算款待付' : '违约金分成待付',
    at: p.now,
    lines: [
      { account: accounts.sellerPayable(p.unitId), amount: p.amount },
      { account: accounts.payouts, amount: -p.amount },
    ],
  });
  return row;
}

/**
 * A forfeited deposit (悔拍): split between the selling unit and the platform per the lot's terms
 * (seller's share rounded down to the fen), the unit's share paid out like proceeds.
 */
export async function journalForfeit(
  trx: Tx,
  row: { lot_id: string; buyer_id: string; amount: string; payment_no: string },
  from: 'frozen' | 'applied',
  now: Date,
) {
  const amount = Number(row.amount);
  const terms = await settlementRepo(trx).lotTerms(row.lot_id);
  if (amount <= 0 || !terms) return;
  const sellerShare = Math.floor((amount * terms.forfeit_seller_pct) / 100);
  const journalId = journalIds.forfeit(row.lot_id, row.buyer_id);
  const posted = await postJournal(trx, {
    journalId,
    kind: 'forfeit',
    lotId: row.lot_id,
    ref: row.payment_no,
    memo: `逾期违约，保证金罚没（处置单位${terms.forfeit_seller_pct}%，平台${100 - terms.forfeit_seller_pct}%）`,
    at: now,
    lines: [
      {
        account: from === 'applied' ? accounts.escrow(row.lot_id) : accounts.buyerDeposit(row.buyer_id),
        amount,
      },
      { account: accounts.sellerPayable(terms.seller_id), amount: -sellerShare },
      { account: accounts.forfeit, amount: -(amount - sellerShare) },
    ],
  });
  if (posted)
    await createPayout(trx, {
      lotId: row.lot_id,
      unitId: terms.seller_id,
      kind: 'forfeit',
      gross: sellerShare,
      sellerFee: 0,
      amount: sellerShare,
      sourceJournal: journalId,
      now,
    });
}

/**
 * Settlement of a completed sale (paid in full, handover confirmed): the hammer price leaves the
 * lot's escrow for the unit's payable, less the seller's fee when it is deducted; the payout
 * follows. What the escrow holds beyond the price (a deposit larger than the price) goes back to
 * the buyer. Once per deal.
 */
export async function settleDeal(
  trx: Tx,
  deal: {
    lot_id: string;
    buyer_id: string;
    final_price: string;
    seller_fee: string;
    created_at: Date;
    handover_at: Date | null;
  },
  now: Date,
): Promise<PayoutRow | undefined> {
  const repo = settlementRepo(trx);
  const terms = await repo.lotTerms(deal.lot_id);
  if (!terms || !deal.handover_at) return undefined;
  const price = Number(deal.final_price);
  const fee = terms.seller_fee_separate ? 0 : Math.min(Number(deal.seller_fee), price);
  const journalId = journalIds.settlement(deal.lot_id, deal.created_at);
  const escrowHeld = -(await balanceOf(trx, accounts.escrow(deal.lot_id)));
  const posted = await postJournal(trx, {
    journalId,
    kind: 'settlement',
    lotId: deal.lot_id,
    ref: `CJ${deal.lot_id}`,
    memo: fee > 0 ? '成交结算（扣除卖方服务费）' : '成交结算',
    at: now,
    lines: [
      { account: accounts.escrow(deal.lot_id), amount: price },
      { account: accounts.sellerPayable(terms.seller_id), amount: -(price - fee) },
      { account: accounts.sellerFee, amount: -fee },
    ],
  });
  if (!posted) return undefined;
  const excess = escrowHeld - price;
  const deposit = excess > 0 ? await repo.deposit(deal.lot_id, deal.buyer_id) : undefined;
  if (deposit)
    await createRefund(trx, {
      refundNo: `RFX${deposit.payment_no}`,
      kind: 'excess',
      payment: {
        payment_no: deposit.payment_no,
        purpose: 'deposit',
        lot_id: deal.lot_id,
        buyer_id: deal.buyer_id,
      },
      amount: excess,
      reason: '保证金超出成交价部分退还',
      debit: accounts.escrow(deal.lot_id),
      now,
    });
  return createPayout(trx, {
    lotId: deal.lot_id,
    unitId: terms.seller_id,
    kind: 'sale',
    gross: price,
    sellerFee: fee,
    amount: price - fee,
    sourceJournal: journalId,
    now,
  });
}
