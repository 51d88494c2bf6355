import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { forfeitDeposit as forfeitHeldDeposit } from '../bidding/deposit-ledger';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { journalForfeit, refundWhole } from './postings';
import { settlementRepo } from './settlement.repo';

/**
 * A buyer defaults on a deal (docs/product.md#17-ledger-and-settlement): the deposit (or a
 * second-chance buyer's deposit) is forfeited and split between the unit and the platform, and
 * whatever else the buyer paid for this deal (the balance, the fee) goes back to them. Runs in the
 * default's transaction; a second run moves nothing.
 */
export async function forfeitDeposit(
  trx: Transaction<Database>,
  lotId: string,
  buyerId: string,
  now: Date,
): Promise<boolean> {
  const repo = settlementRepo(trx);
  let forfeited = await forfeitHeldDeposit(trx, lotId, buyerId, now);
  // A second-chance buyer's deposit was paid into the lot's escrow (decision 025): forfeited from there.
  for (const payment of await repo.paidPaymentsOf(lotId, buyerId, { only: ['offer_deposit'] })) {
    await journalForfeit(trx, payment, 'applied', now);
    forfeited = true;
  }
  const deposits: Array<PaymentRow['purpose']> = ['deposit', 'offer_deposit'];
  for (const payment of await repo.paidPaymentsOf(lotId, buyerId, { except: deposits }))
    await refundWhole(trx, payment, '成交订单违约，已付款项退还', now);
  return forfeited;
}
