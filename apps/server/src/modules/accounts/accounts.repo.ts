import { type Kysely, type Selectable } from 'kysely';
import type { AppUserTable, Database, InvoiceInfoTable } from '../../db/schema';

export type UserRow = Selectable<AppUserTable>;
export type InvoiceRow = Selectable<InvoiceInfoTable>;

/** SQL for users and their invoice information. */
export function accountsRepo(db: Kysely<Database>) {
  return {
    byTel: (tel: string) => db.selectFrom('app_user').selectAll().where('tel', '=', tel).executeTakeFirst(),
    byId: (id: string) => db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst(),
    /** `index`: the ID number's blind index (id-card-vault.ts); the number itself is never stored. */
    idCardTaken: async (index: string) =>
      Boolean(
        await db
          .selectFrom('app_user')
          .select('id')
          .where('id_card_index', '=', index)
          .where('role', '=', 'buyer')
          .executeTakeFirst(),
      ),

    insertBuyer: (values: {
      tel: string;
      password_hash: string;
      real_name: string;
      id_card_sealed: string;
      id_card_index: string;
      bidder_type: 'personal' | 'company';
      company_name: string | null;
      credit_code: string | null;
      agreed_at: Date;
      created_at?: Date;
    }) =>
      db
        .insertInto('app_user')
        .values({ role: 'buyer', ...values })
        .returning('id')
        .executeTakeFirstOrThrow(),

    setPassword: (id: string, hash: string, now: Date) =>
      db.updateTable('app_user').set({ password_hash: hash, updated_at: now }).where('id', '=', id).execute(),

    setTel: (id: string, tel: string, now: Date) =>
      db.updateTable('app_user').set({ tel, updated_at: now }).where('id', '=', id).execute(),

    invoice: (userId: string) =>
      db.selectFrom('invoice_info').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    saveInvoice: (row: Omit<InvoiceRow, 'user_id'> & { user_id: string }) =>
      db
        .insertInto('invoice_info')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            invoice_type: row.invoice_type,
            title_type: row.title_type,
            title: row.title,
            tax_no: row.tax_no,
            address: row.address,
            phone: row.phone,
            bank_name: row.bank_name,
            bank_account: row.bank_account,
            updated_at: row.updated_at,
          }),
        )
        .returningAll()
        .executeTakeFirstOrThrow(),
  };
}

export type AccountsRepo = ReturnType<typeof accountsRepo>;

/** PostgreSQL unique_violation, on both drivers. */
export const isUniqueViolation = (e: unknown) =>
  typeof e === 'object' && e !== null && (e as { code?: unknown }).code === '23505';
