import type { Kysely } from 'kysely';
import { PUBLIC_LOT_STATUSES } from '@chepai/shared/contracts/lot-enums';
import type { Database } from '../../db/schema';
import { coverUrl, SUMMARY_COLUMNS } from './lots.repo';

/** SQL of the watchlist (lot_watch) and the lot's watcher figure kept in step with it. */
export function watchlistRepo(db: Kysely<Database>) {
  return {
    /** A lot buyers can see (not pending review, not a draft). */
    visibleLot: (lotId: string) =>
      db
        .selectFrom('lot')
        .select(['id', 'watchers'])
        .where('id', '=', lotId)
        .where('status', 'in', [...PUBLIC_LOT_STATUSES])
        .executeTakeFirst(),
    count: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('lot_watch')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Adds the watch and, only when it is new, one to the lot's figure; returns the figure. */
    add: async (userId: string, lotId: string, now: Date) => {
      const added = await db
        .insertInto('lot_watch')
        .values({ user_id: userId, lot_id: lotId, created_at: now })
        .onConflict((oc) => oc.columns(['user_id', 'lot_id']).doNothing())
        .returning('lot_id')
        .execute();
      return bump(db, lotId, added.length);
    },
    remove: async (userId: string, lotId: string) => {
      const removed = await db
        .deleteFrom('lot_watch')
        .where('user_id', '=', userId)
        .where('lot_id', '=', lotId)
        .returning('lot_id')
        .execute();
      return bump(db, lotId, -removed.length);
    },
    ids: async (userId: string) =>
      (
        await db
          .selectFrom('lot_watch')
          .select('lot_id')
          .where('user_id', '=', userId)
          .orderBy('created_at', 'desc')
          .execute()
      ).map((r) => r.lot_id),
    page: (userId: string, offset: number, limit: number) =>
      db
        .selectFrom('lot_watch')
        .innerJoin('lot', 'lot.id', 'lot_watch.lot_id')
        .select([...SUMMARY_COLUMNS, 'lot_watch.created_at as watched_at', (eb) => coverUrl(eb)])
        .where('lot_watch.user_id', '=', userId)
        .orderBy('lot_watch.created_at', 'desc')
        .orderBy('lot.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
  };
}

/** Moves the lot's watcher figure by `by` (nothing when the watch did not change); returns it. */
async function bump(db: Kysely<Database>, lotId: string, by: number) {
  const row =
    by === 0
      ? await db.selectFrom('lot').select('watchers').where('id', '=', lotId).executeTakeFirst()
      : await db
          .updateTable('lot_base')
          .set((eb) => ({ watchers: eb('watchers', '+', by) }))
          .where('id', '=', lotId)
          .returning('watchers')
          .executeTakeFirst();
  return row?.watchers ?? 0;
}
