import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** SQL of the notice preferences: one row per user who changed anything. */
export function prefsRepo(db: Kysely<Database>) {
  return {
    of: (userIds: string[]) =>
      userIds.length
        ? db.selectFrom('notice_pref').selectAll().where('user_id', 'in', userIds).execute()
        : Promise.resolve([]),
    save: (row: {
      user_id: string;
      off: string[];
      quiet_enabled: boolean;
      quiet_start: number;
      quiet_end: number;
      updated_at: Date;
    }) =>
      db
        .insertInto('notice_pref')
        .values(row)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            off: row.off,
            quiet_enabled: row.quiet_enabled,
            quiet_start: row.quiet_start,
            quiet_end: row.quiet_end,
            updated_at: row.updated_at,
          }),
        )
        .execute(),
  };
}
