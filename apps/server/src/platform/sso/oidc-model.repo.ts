import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface StoredModel {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** SQL for the embedded identity provider's state: one row per (model, id), JSON payload. */
export function oidcModelRepo(db: Kysely<Database>) {
  const live = (now: Date) => sql<boolean>`(expires_at is null or expires_at > ${now})`;
  return {
    async upsert(
      model: string,
      id: string,
      payload: Record<string, unknown>,
      expiresAt: Date | null,
      keys: { grantId: string | null; userCode: string | null; uid: string | null },
    ) {
      const row = {
        model,
        id,
        payload: JSON.stringify(payload),
        grant_id: keys.grantId,
        user_code: keys.userCode,
        uid: keys.uid,
        expires_at: expiresAt,
      };
      await db
        .insertInto('oidc_model')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['model', 'id']).doUpdateSet({
            payload: row.payload,
            grant_id: row.grant_id,
            user_code: row.user_code,
            uid: row.uid,
            expires_at: row.expires_at,
            consumed_at: null,
          }),
        )
        .execute();
    },

    async find(model: string, column: 'id' | 'uid' | 'user_code', value: string, now: Date) {
      const row = await db
        .selectFrom('oidc_model')
        .select(['payload', 'consumed_at'])
        .where('model', '=', model)
        .where(column, '=', value)
        .where(live(now))
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
        string,
        unknown
      >;
      return {
        payload,
        consumedAt: row.consumed_at ? new Date(row.consumed_at) : null,
      } satisfies StoredModel;
    },

    consume: (model: string, id: string, now: Date) =>
      db
        .updateTable('oidc_model')
        .set({ consumed_at: now })
        .where('model', '=', model)
        .where('id', '=', id)
        .execute(),

    destroy: (model: string, id: string) =>
      db.deleteFrom('oidc_model').where('model', '=', model).where('id', '=', id).execute(),

    revokeByGrantId: (grantId: string) =>
      db.deleteFrom('oidc_model').where('grant_id', '=', grantId).execute(),

    /** Housekeeping: rows past their expiry are never read again. */
    deleteExpired: (before: Date) => db.deleteFrom('oidc_model').where('expires_at', '<', before).execute(),
  };
}
