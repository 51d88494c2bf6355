import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, LotPhotoTable, LotTable } from '../../db/schema';

/** SQL for writing lot rows; lot-writer.ts adds their derived columns. */
export function lotWriterRepo(db: Kysely<Database>) {
  return {
    /** Inserts the rows and returns their ids in order. */
    insert: async (rows: Array<Insertable<LotTable>>) =>
      (await db.insertInto('lot').values(rows).returning('id').execute()).map((r) => r.id),

    byId: (lotId: string) => db.selectFrom('lot').selectAll().where('id', '=', lotId).executeTakeFirst(),

    update: (lotId: string, set: Updateable<LotTable>) =>
      db.updateTable('lot').set(set).where('id', '=', lotId).execute(),

    insertPhotos: (rows: Array<Insertable<LotPhotoTable>>) =>
      rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('lot_photo')
            .values(rows)
            .execute()
            .then(() => undefined),

    /** Withdraws a lot that is announced but not yet bidding (0 or 2); undefined when it is not. */
    withdrawAnnounced: (lotId: string, now: Date) =>
      db
        .updateTable('lot')
        .set({ status: 7, updated_at: now })
        .where('id', '=', lotId)
        .where('status', 'in', [0, 2])
        .returning(['id', 'status'])
        .executeTakeFirst(),
  };
}
