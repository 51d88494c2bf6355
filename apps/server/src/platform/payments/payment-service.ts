import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { NotificationRejected, type PaymentProvider } from './payment-provider';
import { paymentRepo, type PaymentRow } from './payment.repo';
export type PaidHandler = (trx: Transaction<Database>, payment: PaymentRow, now: Date) => Promise<void>;
export type NotifyOutcome = 'applied' | 'duplicate';

export interface NewPayment {
  purpose: PaymentRow['purpose'];
  lotId: string;
  buyerId: string;
  amount: number;
  subject: string;
  returnUrl: string;
  /** A purpose paid more than once per lot (storage): only a pending order is reused. */
  repeatable?: boolean;
}

/**
 * Our side of payments: payment orders, and the notification handler that turns a verified
 * notification into exactly one business effect (idempotent by payment number).
 */
export function paymentService(ctx: AppContext, deps: { provider: PaymentProvider; notifyUrl: string }) {
  const db = ctx.dbh.db;
  const { provider, notifyUrl } = deps;
  const paidHandlers = new Map<PaymentRow['purpose'], PaidHandler>();

  function onPaid(purpose: PaymentRow['purpose'], handler: PaidHandler) {
    paidHandlers.set(purpose, handler);
  }

  // The ledger (modules/settlement) journals every paid payment, whatever its purpose, in the same transaction.
  const everyPaid = { before: [] as PaidHandler[], after: [] as PaidHandler[] };
  /** Runs `handler` for every paid payment, before or after the purpose's own handler. */
  function onEveryPaid(handler: PaidHandler, when: 'before' | 'after' = 'before') {
    everyPaid[when].push(handler);
  }

  /** An open payment of this purpose for the lot and buyer (pending or paid; pending only if asked), if any. */
  function findOpen(
    purpose: PaymentRow['purpose'],
    lotId: string,
    buyerId: string,
    opts: { pendingOnly?: boolean } = {},
  ) {
    return paymentRepo(db).findOpen(purpose, lotId, buyerId, opts.pendingOnly ?? false);
  }

  /** Creates (or reuses the pending) payment and returns the provider's hosted page. */
  async function create(p: NewPayment): Promise<{ paymentNo: string; payUrl: string; payment: PaymentRow }> {
    const pendingOnly = { pendingOnly: p.repeatable ?? false };
    let payment = await findOpen(p.purpose, p.lotId, p.buyerId, pendingOnly);
    if (payment?.status === 'pending' && (await provider.query(payment.payment_no))?.status === 'closed') {
      // The buyer cancelled at the provider: that order is dead, start a new one.
      await paymentRepo(db).closePending(payment.payment_no);
      payment = undefined;
    }
    if (!payment) {
      const now = ctx.now();
      const paymentNo = `DP${now.getTime()}${String(randomInt(1e6)).padStart(6, '0')}`;
      // The partial unique index on open payments makes a concurrent second create a no-op.
      await paymentRepo(db).insertPending({
        payment_no: paymentNo,
        purpose: p.purpose,
        lot_id: p.lotId,
        buyer_id: p.buyerId,
        amount: p.amount,
        subject: p.subject,
        provider: provider.name,
        status: 'pending',
        created_at: now,
      });
      payment = await findOpen(p.purpose, p.lotId, p.buyerId, pendingOnly);
      if (!payment) throw new Error('payment vanished');
    }
    const created = await provider.createPayment({
      paymentNo: payment.payment_no,
      amount: Number(payment.amount),
      subject: payment.subject,
      notifyUrl,
      returnUrl: p.returnUrl,
    });
    if (payment.provider_trade_no !== created.tradeNo) {
      await paymentRepo(db).setTradeNo(payment.payment_no, created.tradeNo);
    }
    return { paymentNo: payment.payment_no, payUrl: created.payUrl, payment };
  }

  /**
   * Handles one asynchronous notification. Every notification is recorded; a verified one applies
   * its effect once, in the same transaction that marks the payment paid. Throws
   * NotificationRejected for a notification we refuse.
   */
  async function handleNotification(rawBody: string, signature: string | undefined): Promise<NotifyOutcome> {
    const now = ctx.now();
    const record = (
      on: Kysely<Database>,
      outcome: 'applied' | 'duplicate' | 'rejected',
      extra: { paymentNo?: string; tradeNo?: string; reason?: string },
    ) =>
      paymentRepo(on).recordNotification({
        provider: provider.name,
        payment_no: extra.paymentNo ?? null,
        provider_trade_no: extra.tradeNo ?? null,
        body: rawBody.slice(0, 10_000),
        signature: (signature ?? '').slice(0, 500),
        outcome,
        reason: extra.reason ?? null,
        received_at: now,
      });
    let notice;
    try {
      notice = await provider.verifyNotification(rawBody, signature, now);
    } catch (err) {
      const reason = err instanceof NotificationRejected ? err.reason : '通知内容无法解析';
      await record(db, 'rejected', { reason });
      throw err instanceof NotificationRejected ? err : new NotificationRejected(reason);
    }
    const ids = { paymentNo: notice.paymentNo, tradeNo: notice.tradeNo };
    const outcome = await db.transaction().execute(async (trx) => {
      const payments = paymentRepo(trx);
      const payment = await payments.lock(notice.paymentNo);
      if (!payment) return '支付单不存在';
      if (Number(payment.amount) !== notice.amount) return '通知金额与支付单不符';
      if (payment.status === 'paid') {
        await record(trx, 'duplicate', ids);
        return 'duplicate' as const;
      }
      const paidAt = new Date(notice.paidAt);
      await payments.markPaid(payment.payment_no, paidAt, notice.tradeNo);
      const paid: PaymentRow = {
        ...payment,
        status: 'paid',
        paid_at: paidAt,
        provider_trade_no: notice.tradeNo,
      };
      for (const h of everyPaid.before) await h(trx, paid, now);
      await paidHandlers.get(payment.purpose)?.(trx, paid, now);
      for (const h of everyPaid.after) await h(trx, paid, now);
      await record(trx, 'applied', ids);
      return 'applied' as const;
    });
    if (outcome === 'applied' || outcome === 'duplicate') return outcome;
    await record(db, 'rejected', { ...ids, reason: outcome });
    throw new NotificationRejected(outcome);
  }

  return { provider, onPaid, onEveryPaid, findOpen, create, handleNotification };
}

export type PaymentService = ReturnType<typeof paymentService>;
