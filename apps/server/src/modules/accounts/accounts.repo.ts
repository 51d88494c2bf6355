import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppUserTable, Database, InvoiceInfoTable } from '../../db/schema';

export type UserRow = Selectable<AppUserTable>;
export type InvoiceRow = Selectable<InvoiceInfoTable>;

export const LOCK_WINDOW_MS = 15 * 60_000;
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_FOR_MS = 15 * 60_000;

/** SQL for users, their lockout counters and invoice information. */
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

    /** Counts one wrong password inside a rolling 15-minute window; the fifth locks the account. */
    async recordLoginFailure(id: string, now: Date): Promise<Date | null> {
      const windowStart = new Date(now.getTime() - LOCK_WINDOW_MS);
      const row = await db
        .updateTable('app_user')
        .set({
          login_fail_count: sql`case when login_fail_since is null or login_fail_since <= ${windowStart} then 1 else login_fail_count + 1 end`,
          login_fail_since: sql`case when login_fail_since is null or login_fail_since <= ${windowStart} then ${now}::timestamptz else login_fail_since end`,
        })
        .where('id', '=', id)
        .returning('login_fail_count')
        .executeTakeFirst();
      if (!row || row.login_fail_count < LOCK_AFTER_FAILURES) return null;
      const until = new Date(now.getTime() + LOCK_FOR_MS);
      await db
        .updateTable('app_user')
        .set({ locked_until: until, login_fail_count: 0, login_fail_since: null })
        .where('id', '=', id)
        .execute();
      return until;
    },

    clearLoginFailures: (id: string) =>
      db
        .updateTable('app_user')
        .set({ login_fail_count: 0, login_fail_since: null, locked_until: null })
        .where('id', '=', id)
        .execute(),

    setPassword: (id: string, hash: string, now: Date) =>
      db
        .updateTable('app_user')
        .set({
          password_hash: hash,
          login_fail_count: 0,
          login_fail_since: null,
          locked_until: null,
          updated_at: now,
        })
        .where('id', '=', id)
        .execute(),

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
