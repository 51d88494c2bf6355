import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface UnitRow {
  id: string;
  name: string;
  org_type: string;
  credit_code: string;
  address: string;
}

/** SQL for sellers: their identity link, their business units and the unit each session acts for. */
export function sellersRepo(db: Kysely<Database>) {
  const unitColumns = ['o.id', 'o.name', 'o.org_type', 'o.credit_code', 'o.address'] as const;
  return {
    byIdentity: (provider: string, subject: string) =>
      db
        .selectFrom('user_identity as i')
        .innerJoin('app_user as u', 'u.id', 'i.user_id')
        .select(['u.id', 'u.real_name', 'i.phone'])
        .where('i.provider', '=', provider)
        .where('i.subject', '=', subject)
        .where('i.role', '=', 'seller')
        .where('u.role', '=', 'seller')
        .executeTakeFirst(),

    byId: (userId: string) =>
      db
        .selectFrom('app_user as u')
        .leftJoin('user_identity as i', 'i.user_id', 'u.id')
        .select(['u.id', 'u.real_name', 'i.phone'])
        .where('u.id', '=', userId)
        .where('u.role', '=', 'seller')
        .executeTakeFirst(),

    /** The identity provider is the source of name and phone: refreshed at every login. */
    async recordLogin(userId: string, name: string, phone: string, now: Date) {
      if (name)
        await db
          .updateTable('app_user')
          .set({ real_name: name, updated_at: now })
          .where('id', '=', userId)
          .execute();
      await db
        .updateTable('user_identity')
        .set({ last_login_at: now, ...(phone ? { phone } : {}) })
        .where('user_id', '=', userId)
        .execute();
    },

    unitsOf: (userId: string): Promise<UnitRow[]> =>
      db
        .selectFrom('seller_member as m')
        .innerJoin('seller_org as o', 'o.id', 'm.seller_org_id')
        .select(unitColumns)
        .where('m.user_id', '=', userId)
        .orderBy('o.id')
        .execute(),

    unitOf: (userId: string, unitId: string): Promise<UnitRow | undefined> =>
      db
        .selectFrom('seller_member as m')
        .innerJoin('seller_org as o', 'o.id', 'm.seller_org_id')
        .select(unitColumns)
        .where('m.user_id', '=', userId)
        .where('m.seller_org_id', '=', unitId)
        .executeTakeFirst(),

    sessionIdByTokenHash: async (hash: string) =>
      (
        await db
          .selectFrom('user_session')
          .select('id')
          .where('token_hash', '=', hash)
          .executeTakeFirstOrThrow()
      ).id,

    insertSellerSession: (sessionId: string, unitId: string | null, idToken: string) =>
      db
        .insertInto('seller_session')
        .values({ session_id: sessionId, seller_org_id: unitId, id_token: idToken })
        .execute(),

    sellerSession: (sessionId: string) =>
      db
        .selectFrom('seller_session')
        .select(['seller_org_id', 'id_token'])
        .where('session_id', '=', sessionId)
        .executeTakeFirst(),

    setSessionUnit: (sessionId: string, unitId: string) =>
      db
        .insertInto('seller_session')
        .values({ session_id: sessionId, seller_org_id: unitId })
        .onConflict((oc) => oc.column('session_id').doUpdateSet({ seller_org_id: unitId }))
        .execute(),
  };
}

export type SellersRepo = ReturnType<typeof sellersRepo>;
