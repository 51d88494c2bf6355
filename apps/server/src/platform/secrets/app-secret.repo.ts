import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL for per-deployment secrets (app_secret). */
export function appSecretRepo(db: Kysely<Database>) {
  return {
    get: async (name: string) =>
      (await db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirst())?.value,

    /** Stores the value unless the name is taken (a concurrent first start keeps the winner's value). */
    insertIfAbsent: (name: string, value: string) =>
      db
        .insertInto('app_secret')
        .values({ name, value })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute(),
  };
}
