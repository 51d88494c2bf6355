import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PaymentNotificationTable, PaymentTable } from '../../db/schema';

export type PaymentRow = Selectable<PaymentTable>;

/** SQL for our payment orders (payment) and the notifications received for them (payment_notification). */
export function paymentRepo(db: Kysely<Database>) {
  return {
    /** An open payment of this purpose for the lot and buyer (pending or paid), if any. */
    findOpen: (purpose: PaymentRow['purpose'], lotId: string, buyerId: string, pendingOnly = false) =>
      db
        .selectFrom('payment')
        .selectAll()
        .where('purpose', '=', purpose)
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .$if(pendingOnly, (q) => q.where('status', '=', 'pending'))
        .$if(!pendingOnly, (q) => q.where('status', '<>', 'closed'))
        .executeTakeFirst(),

    /** The payment, its row locked until the transaction ends. */
    lock: (paymentNo: string) =>
      db.selectFrom('payment').selectAll().where('payment_no', '=', paymentNo).forUpdate().executeTakeFirst(),

    status: async (paymentNo: string) =>
      (await db.selectFrom('payment').select('status').where('payment_no', '=', paymentNo).executeTakeFirst())
        ?.status,

    /** Inserts a pending payment; a no-op when the buyer already has an open one (partial unique index). */
    insertPending: (values: Insertable<PaymentTable>) =>
      db
        .insertInto('payment')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .execute(),

    closePending: (paymentNo: string) =>
      db
        .updateTable('payment')
        .set({ status: 'closed' })
        .where('payment_no', '=', paymentNo)
        .where('status', '=', 'pending')
        .execute(),

    setTradeNo: (paymentNo: string, tradeNo: string) =>
      db
        .updateTable('payment')
        .set({ provider_trade_no: tradeNo })
        .where('payment_no', '=', paymentNo)
        .execute(),

    markPaid: (paymentNo: string, paidAt: Date, tradeNo: string) =>
      db
        .updateTable('payment')
        .set({ status: 'paid', paid_at: paidAt, provider_trade_no: tradeNo })
        .where('payment_no', '=', paymentNo)
        .execute(),

    recordNotification: (values: Insertable<PaymentNotificationTable>) =>
      db.insertInto('payment_notification').values(values).execute(),
  };
}
