import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../../db/schema';

export type FileRow = Selectable<FileTable>;

/** SQL for uploaded files. A deleted file keeps its row (who uploaded what, when) but is never served. */
export function filesRepo(db: Kysely<Database>) {
  return {
    insert: (values: Insertable<FileTable>) =>
      db.insertInto('file').values(values).returningAll().executeTakeFirstOrThrow(),
    live: (id: string) =>
      db
        .selectFrom('file')
        .selectAll()
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .executeTakeFirst(),
    /** True when this call deleted it (a second delete finds nothing to do). */
    markDeleted: async (id: string, at: Date) =>
      Boolean(
        await db
          .updateTable('file')
          .set({ deleted_at: at })
          .where('id', '=', id)
          .where('deleted_at', 'is', null)
          .returning('id')
          .executeTakeFirst(),
      ),
  };
}
