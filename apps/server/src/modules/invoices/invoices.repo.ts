import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, InvoiceRequestTable } from '../../db/schema';

export type InvoiceRequestRow = Selectable<InvoiceRequestTable>;

/** SQL for invoice requests: the buyer's latest per payment, finance's queue and decisions. */
export function invoicesRepo(db: Kysely<Database>) {
  /** Requests with the payment, the vehicle, the buyer and who decided. */
  const joined = () =>
    db
      .selectFrom('invoice_request as inv')
      .innerJoin('payment', 'payment.payment_no', 'inv.payment_no')
      .innerJoin('lot', 'lot.id', 'inv.lot_id')
      .innerJoin('app_user as buyer', 'buyer.id', 'inv.user_id')
      .leftJoin('app_user as staff', 'staff.id', 'inv.decided_by');
  /** What the console shows of a request. */
  const rows = () =>
    joined()
      .selectAll('inv')
      .select([
        'payment.purpose',
        'payment.amount',
        'lot.title as lot_title',
        'buyer.real_name as buyer_name',
        'buyer.tel as buyer_tel',
        'staff.real_name as decider_name',
      ]);

  return {
    /** The newest request of each payment. */
    latestOf: (paymentNos: string[]) =>
      paymentNos.length
        ? db
            .selectFrom('invoice_request')
            .selectAll()
            .distinctOn('payment_no')
            .where('payment_no', 'in', paymentNos)
            .orderBy('payment_no')
            .orderBy('requested_at', 'desc')
            .orderBy('id', 'desc')
            .execute()
        : Promise.resolve([]),

    /** Inserts unless the payment has a live (requested or issued) request; null then. */
    insert: (values: Insertable<InvoiceRequestTable>) =>
      db
        .insertInto('invoice_request')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst(),

    lock: (id: string) =>
      db.selectFrom('invoice_request').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    byId: (id: string) => rows().where('inv.id', '=', id).executeTakeFirst(),

    /** Waiting requests first, oldest first; then decided ones, newest decision first. */
    async list(q: {
      status?: InvoiceRequestRow['status'] | undefined;
      orderId?: string | undefined;
      offset: number;
      limit: number;
    }) {
      let counted = joined().select((eb) => eb.fn.countAll<string>().as('n'));
      let page = rows();
      if (q.status) {
        counted = counted.where('inv.status', '=', q.status);
        page = page.where('inv.status', '=', q.status);
      }
      if (q.orderId) {
        counted = counted.where('inv.lot_id', '=', q.orderId);
        page = page.where('inv.lot_id', '=', q.orderId);
      }
      const [count, list] = await Promise.all([
        counted.executeTakeFirstOrThrow(),
        page
          .orderBy(sql`inv.status <> 'requested'`)
          .orderBy(sql`case when inv.status = 'requested' then inv.requested_at end`)
          .orderBy(sql`coalesce(inv.issued_at, inv.rejected_at)`, 'desc')
          .orderBy('inv.id', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows: list };
    },

    issue: (
      id: string,
      v: { invoiceNo: string; invoiceDate: string; fileId: string; by: string; at: Date },
    ) =>
      db
        .updateTable('invoice_request')
        .set({
          status: 'issued',
          invoice_no: v.invoiceNo,
          invoice_date: v.invoiceDate,
          invoice_file_id: v.fileId,
          issued_at: v.at,
          decided_by: v.by,
        })
        .where('id', '=', id)
        .execute(),

    reject: (id: string, v: { reason: string; by: string; at: Date }) =>
      db
        .updateTable('invoice_request')
        .set({ status: 'rejected', reject_reason: v.reason, rejected_at: v.at, decided_by: v.by })
        .where('id', '=', id)
        .execute(),
  };
}
