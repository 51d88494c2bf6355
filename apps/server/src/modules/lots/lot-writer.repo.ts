import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, LotTable } from '../../db/schema';

/** SQL for writing lot rows; lot-writer.ts adds their derived columns. */
export function lotWriterRepo(db: Kysely<Database>) {
  return {
    /** Inserts the rows and returns their ids in order. */
    insert: async (rows: Array<Insertable<LotTable>>) =>
      (await db.insertInto('lot').values(rows).returning('id').execute()).map((r) => r.id),

    byId: (lotId: string) => db.selectFrom('lot').selectAll().where('id', '=', lotId).executeTakeFirst(),

    update: (lotId: string, set: Updateable<LotTable>) =>
      db.updateTable('lot').set(set).where('id', '=', lotId).execute(),
  };
}
