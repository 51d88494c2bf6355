import { bidding } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { Payments } from '../../platform/payments/payments';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { dealsRepo } from './deals.repo';
import { forfeitDeposit } from './deposit-ledger';

type Tx = Transaction<Database>;
const HOUR = 3600_000;

/**
 * The deal after a sale (DESIGN: deposit): the winner owes the final price less the applied deposit
 * and pays it through the payment provider before the deadline (72 h after the close). Paid in
 * time, the deal is settled; otherwise a scheduled job marks it defaulted and forfeits the deposit
 * (悔拍) — exactly once across processes.
 */
export function dealsService(ctx: AppContext, payments: Payments) {
  const { db } = ctx.dbh;

  /** Called by the close, inside its transaction, with the deposit the settlement just applied (fen). */
  async function openDeal(
    trx: Tx,
    lotId: string,
    winnerId: string,
    finalPrice: number,
    appliedDeposit: number,
    closedAt: Date,
  ) {
    const depositApplied = Math.min(appliedDeposit, finalPrice);
    const balance = finalPrice - depositApplied;
    await dealsRepo(trx).insertIfAbsent({
      lot_id: lotId,
      buyer_id: winnerId,
      final_price: finalPrice,
      deposit_applied: depositApplied,
      balance_due: balance,
      pay_deadline: new Date(closedAt.getTime() + bidding.WINNER_PAY_HOURS * HOUR),
      // Nothing left to pay (the deposit covers the price): settled at once.
      state: balance === 0 ? 'paid' : 'awaiting_payment',
      paid_at: balance === 0 ? closedAt : null,
      created_at: closedAt,
    });
  }

  /** A paid balance settles the deal; one that arrives after the deal defaulted is kept aside to be returned. */
  async function onBalancePaid(trx: Tx, payment: PaymentRow, now: Date) {
    const tx = dealsRepo(trx);
    const state = await tx.lockState(payment.lot_id, payment.buyer_id);
    if (state === 'awaiting_payment') {
      await tx.markPaid(payment.lot_id, payment.payment_no, payment.paid_at ?? now);
    } else if (state) {
      await tx.setLatePayment(payment.lot_id, payment.payment_no);
      ctx.log.warn(
        { lotId: payment.lot_id, paymentNo: payment.payment_no },
        'balance paid after the deal defaulted: to be returned',
      );
    }
  }
  payments.service.onPaid('balance', onBalancePaid);

  async function payBalance(buyerId: string, orderId: string) {
    const deal = await dealsRepo(db).balanceOf(orderId, buyerId);
    if (!deal) throw notFound('未找到您竞得的该车辆');
    if (deal.state === 'paid') throw conflict('该车辆余款已付清');
    if (deal.state === 'defaulted' || deal.pay_deadline <= ctx.now())
      throw conflict('已超过付款期限，保证金不予退还');
    const { paymentNo, payUrl } = await payments.service.create({
      purpose: 'balance',
      lotId: orderId,
      buyerId,
      amount: Number(deal.balance_due),
      subject: `成交余款：${deal.title}`,
      returnUrl: `/personalCenter/dealCar?orderId=${orderId}`,
    });
    return { paymentNo, payUrl };
  }

  /** Defaults one overdue deal per transaction until none is left; SKIP LOCKED keeps processes apart. */
  async function defaultOverdueDeals(now: Date, limit = 50): Promise<number> {
    let done = 0;
    for (; done < limit; done++) {
      const moved = await db.transaction().execute(async (trx) => {
        const tx = dealsRepo(trx);
        const deal = await tx.claimOverdue(now);
        if (!deal) return false;
        await tx.markDefaulted(deal.lot_id, now);
        await forfeitDeposit(trx, deal.lot_id, deal.buyer_id, now);
        return true;
      });
      if (!moved) break;
    }
    return done;
  }

  return { openDeal, payBalance, defaultOverdueDeals };
}

export type DealsService = ReturnType<typeof dealsService>;
