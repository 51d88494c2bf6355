import type { Kysely, Selectable } from 'kysely';
import type { CollectionAccountTable, Database, SellerInvoiceInfoTable } from '../../db/schema';

export type SellerInvoiceRow = Selectable<SellerInvoiceInfoTable>;
export type CollectionRow = Selectable<CollectionAccountTable>;
type CollectionValues = Omit<CollectionRow, 'seller_org_id' | 'updated_by' | 'updated_at'>;

/** SQL for a unit's invoice details and its payment-receiving account with the history of changes. */
export function sellerFinanceRepo(db: Kysely<Database>) {
  return {
    invoice: (unitId: string) =>
      db.selectFrom('seller_invoice_info').selectAll().where('seller_org_id', '=', unitId).executeTakeFirst(),

    saveInvoice: (row: SellerInvoiceRow) => {
      const { seller_org_id: _id, ...changes } = row;
      return db
        .insertInto('seller_invoice_info')
        .values(row)
        .onConflict((oc) => oc.column('seller_org_id').doUpdateSet(changes))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    collection: (unitId: string) =>
      db.selectFrom('collection_account').selectAll().where('seller_org_id', '=', unitId).executeTakeFirst(),

    /** The account and its history row in one transaction: no change goes unrecorded. */
    saveCollection: (unitId: string, values: CollectionValues, by: string, at: Date, ip: string) =>
      db.transaction().execute(async (trx) => {
        const saved = await trx
          .insertInto('collection_account')
          .values({ seller_org_id: unitId, ...values, updated_by: by, updated_at: at })
          .onConflict((oc) =>
            oc.column('seller_org_id').doUpdateSet({ ...values, updated_by: by, updated_at: at }),
          )
          .returningAll()
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('collection_account_history')
          .values({ seller_org_id: unitId, ...values, changed_by: by, changed_at: at, client_ip: ip })
          .execute();
        return saved;
      }),

    /** Newest first, with the name of whoever changed it (for the unit, and for operators later). */
    collectionHistory: (unitId: string, limit = 50) =>
      db
        .selectFrom('collection_account_history as h')
        .innerJoin('app_user as u', 'u.id', 'h.changed_by')
        .select([
          'h.account_name',
          'h.bank_name',
          'h.branch_name',
          'h.account_no_last4',
          'h.bank_code',
          'h.changed_at',
          'u.real_name as changed_by_name',
        ])
        .where('h.seller_org_id', '=', unitId)
        .orderBy('h.changed_at', 'desc')
        .orderBy('h.id', 'desc')
        .limit(limit)
        .execute(),
  };
}
