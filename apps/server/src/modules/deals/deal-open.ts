import { deals } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { dealTerms } from './deal-terms';
import { dealsRepo } from './deals.repo';

const HOUR = 3600_000;

/**
 * Opens the deal of a sold lot inside the close's transaction (docs/product.md#16-the-deal-after-the-hammer):
 * the winner owes the hammer price less the applied deposit, and the buyer's service fee; they
 * sign the 成交确认书 and pay within the lot's terms (24 h and 72 h of the close by default), fixed
 * on the deal here. A second close changes nothing.
 */
export async function openDeal(
  trx: Transaction<Database>,
  lotId: string,
  winnerId: string,
  finalPrice: number,
  appliedDeposit: number,
  closedAt: Date,
) {
  const depositApplied = Math.min(appliedDeposit, finalPrice);
  const balance = finalPrice - depositApplied;
  const terms = await dealTerms.forLot(trx, lotId);
  await dealsRepo(trx).insertIfAbsent({
    lot_id: lotId,
    buyer_id: winnerId,
    final_price: finalPrice,
    deposit_applied: depositApplied,
    balance_due: balance,
    service_fee: deals.buyerServiceFee(finalPrice, terms.buyerFee),
    seller_fee: sellerFee(finalPrice, terms),
    terms: JSON.stringify(terms),
    sign_deadline: new Date(closedAt.getTime() + terms.signHours * HOUR),
    pay_deadline: new Date(closedAt.getTime() + terms.payHours * HOUR),
    contract_no: contractNo(lotId, closedAt),
    // The deposit may cover the whole price: then only the fee is left to pay.
    state: balance === 0 ? 'paid' : 'awaiting_payment',
    paid_at: balance === 0 ? closedAt : null,
    created_at: closedAt,
  });
}

/** The seller's commission on a hammer price (fen), rounded to the fen. */
export const sellerFee = (priceFen: number, terms: deals.DealTerms) =>
  Math.round((priceFen * terms.sellerFee.rateBp) / 10_000);

/** 成交确认书 number: CJ + the close's date (Beijing) + the lot id — unique because the lot is. */
export function contractNo(lotId: string, closedAt: Date, round = 1) {
  const day = new Date(closedAt.getTime() + 8 * HOUR).toISOString().slice(0, 10).replace(/-/g, '');
  return round > 1 ? `CJ${day}${lotId}-${round}` : `CJ${day}${lotId}`;
}
