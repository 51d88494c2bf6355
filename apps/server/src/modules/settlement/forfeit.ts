import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { forfeitDeposit as forfeitHeldDeposit } from '../bidding/deposit-ledger';
import { refundWhole } from './postings';
import { settlementRepo } from './settlement.repo';

/**
 * A buyer defaults on a deal (docs/product.md#17-ledger-and-settlement): the deposit is forfeited
 * and split between the unit and the platform (journalled by the deposit ledger), and whatever
 * else the buyer paid for this deal (the balance, the fee) goes back to them. Runs in the default's
 * transaction; a second run moves nothing.
 */
export async function forfeitDeposit(
  trx: Transaction<Database>,
  lotId: string,
  buyerId: string,
  now: Date,
): Promise<boolean> {
  const forfeited = await forfeitHeldDeposit(trx, lotId, buyerId, now);
  for (const payment of await settlementRepo(trx).paidPaymentsOf(lotId, buyerId, 'deposit'))
    await refundWhole(trx, payment, '成交订单违约，已付款项退还', now);
  return forfeited;
}
