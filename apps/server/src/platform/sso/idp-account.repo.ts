import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for the embedded identity provider's own accounts (who a person is, nothing about units). */
export function idpAccountRepo(db: Kysely<Database>) {
  return {
    byUsername: (username: string) =>
      db.selectFrom('idp_account').selectAll().where('username', '=', username).executeTakeFirst(),
    byId: (id: string) =>
      /^\d{1,19}$/.test(id)
        ? db.selectFrom('idp_account').selectAll().where('id', '=', id).executeTakeFirst()
        : Promise.resolve(undefined),
    /** Idempotent: an existing username keeps its password and id. */
    ensure: (row: { username: string; password_hash: string; name: string; phone: string }) =>
      db
        .insertInto('idp_account')
        .values(row)
        .onConflict((oc) => oc.column('username').doUpdateSet({ name: row.name, phone: row.phone }))
        .returning('id')
        .executeTakeFirstOrThrow(),
  };
}
