import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, LotBaseTable, LotColumns, LotPhotoTable } from '../../db/schema';

/** The columns of `lot_live` (migration 043); a lot's others go to `lot_base`. */
const LIVE_COLUMNS = [
  'current_price',
  'bid_count',
  'end_time',
  'leader_id',
  'leader_max',
  'engine_token',
] as const;

/** A lot's columns split between its two rows. */
export function splitLot(row: Insertable<LotColumns>) {
  const base: Record<string, unknown> = { ...row };
  const live: Record<string, unknown> = {};
  for (const c of LIVE_COLUMNS) {
    if (c in base) live[c] = base[c];
    delete base[c];
  }
  return {
    base: base as Insertable<LotBaseTable>,
    live: live as Omit<Insertable<LotColumns>, keyof LotBaseTable>,
  };
}

/** SQL for writing lot rows; lot-writer.ts adds their derived columns. */
export function lotWriterRepo(db: Kysely<Database>) {
  return {
    /**
     * Inserts the rows (each lot's base and live rows, in one transaction) and returns their ids in
     * order.
     */
    insert: async (rows: Array<Insertable<LotColumns>>) => {
      const parts = rows.map(splitLot);
      const write = async (t: Kysely<Database>) => {
        const ids = (
          await t
            .insertInto('lot_base')
            .values(parts.map((p) => p.base))
            .returning('id')
            .execute()
        ).map((r) => r.id);
        await t
          .insertInto('lot_live')
          .values(
            parts.map((p, i) => ({
              ...p.live,
              lot_id: ids[i]!,
            })),
          )
          .execute();
        return ids;
      };
      return db.isTransaction ? write(db) : db.transaction().execute(write);
    },

    byId: (lotId: string) => db.selectFrom('lot').selectAll().where('id', '=', lotId).executeTakeFirst(),

    update: (lotId: string, set: Updateable<LotBaseTable>) =>
      db.updateTable('lot_base').set(set).where('id', '=', lotId).execute(),

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
        .updateTable('lot_base')
        .set({ status: 7, updated_at: now })
        .where('id', '=', lotId)
        .where('status', 'in', [0, 2])
        .returning(['id', 'status'])
        .executeTakeFirst(),
  };
}
