import type { Insertable, Kysely } from 'kysely';
import type { Database, DealTable } from '../../db/schema';

/** SQL for deals (deal): one per sold lot. */
export function dealsRepo(db: Kysely<Database>) {
  return {
    /** Opens the deal of a lot once; a second close of the same lot changes nothing. */
    insertIfAbsent: (values: Insertable<DealTable>) =>
      db
        .insertInto('deal')
        .values(values)
        .onConflict((oc) => oc.column('lot_id').doNothing())
        .execute(),

    /** The buyer's deal state on a lot, locked until the transaction ends. */
    lockState: async (lotId: string, buyerId: string) =>
      (
        await db
          .selectFrom('deal')
          .select(['state'])
          .where('lot_id', '=', lotId)
          .where('buyer_id', '=', buyerId)
          .forUpdate()
          .executeTakeFirst()
      )?.state,

    markPaid: (lotId: string, paymentNo: string, paidAt: Date) =>
      db
        .updateTable('deal')
        .set({ state: 'paid', payment_no: paymentNo, paid_at: paidAt })
        .where('lot_id', '=', lotId)
        .execute(),

    /** A balance paid after the deal defaulted: kept aside to be returned. */
    setLatePayment: (lotId: string, paymentNo: string) =>
      db.updateTable('deal').set({ late_payment_no: paymentNo }).where('lot_id', '=', lotId).execute(),

    /** What the buyer owes on a lot they won, with the lot's title. */
    balanceOf: (lotId: string, buyerId: string) =>
      db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .select(['deal.state', 'deal.balance_due', 'deal.pay_deadline', 'lot.title'])
        .where('deal.lot_id', '=', lotId)
        .where('deal.buyer_id', '=', buyerId)
        .executeTakeFirst(),

    /** Claims one deal past its deadline; SKIP LOCKED keeps processes apart. */
    claimOverdue: (now: Date) =>
      db
        .selectFrom('deal')
        .select(['lot_id', 'buyer_id'])
        .where('state', '=', 'awaiting_payment')
        .where('pay_deadline', '<=', now)
        .orderBy('pay_deadline')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst(),

    markDefaulted: (lotId: string, now: Date) =>
      db
        .updateTable('deal')
        .set({ state: 'defaulted', defaulted_at: now })
        .where('lot_id', '=', lotId)
        .where('state', '=', 'awaiting_payment')
        .execute(),
  };
}
