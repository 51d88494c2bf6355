import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, SessionTemplateTable } from '../../db/schema';

/** Statuses of a lot that holds its place in a session (withdrawn lots free it). */
const IN_SESSION = [0, 2, 3, 4, 5, 6];

/** SQL for session templates and the calendar (docs/decisions/020-session-templates.md). */
export function sessionsRepo(db: Kysely<Database>) {
  return {
    templates: () =>
      db
        .selectFrom('session_template')
        .selectAll()
        .where('archived', '=', false)
        .orderBy('start_minute')
        .orderBy('id')
        .execute(),
    template: (id: string) =>
      db
        .selectFrom('session_template')
        .selectAll()
        .where('id', '=', id)
        .where('archived', '=', false)
        .executeTakeFirst(),
    insertTemplate: (values: Insertable<SessionTemplateTable>) =>
      db.insertInto('session_template').values(values).returningAll().executeTakeFirstOrThrow(),
    updateTemplate: (id: string, set: Updateable<SessionTemplateTable>) =>
      db
        .updateTable('session_template')
        .set(set)
        .where('id', '=', id)
        .where('archived', '=', false)
        .returningAll()
        .executeTakeFirst(),
    /** Lots already placed in the session that starts at `start`. */
    lotsStartingAt: async (start: Date) =>
      Number(
        (
          await db
            .selectFrom('lot')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('start_time', '=', start)
            .where('status', 'in', IN_SESSION)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Every lot starting in [from, to), for grouping into sessions. */
    lotsStartingBetween: (from: Date, to: Date) =>
      db
        .selectFrom('lot')
        .select(['id', 'title', 'status', 'start_time', 'end_time'])
        .where('start_time', '>=', from)
        .where('start_time', '<', to)
        .where('status', 'in', IN_SESSION)
        .orderBy('start_time')
        .orderBy('end_time')
        .limit(5000)
        .execute(),
  };
}
