import type { Insertable, Kysely } from 'kysely';
import type { Database, LotTable } from '../../db/schema';
import { buildSearchDocument } from './search-document';

export type NewLot = Omit<Insertable<LotTable>, 'search_text' | 'search_grams'>;

/** A lot row with its search document computed: the one way lots are written. */
export function withSearchDocument(lot: NewLot): Insertable<LotTable> {
  return { ...lot, ...buildSearchDocument(lot) };
}

/** Inserts lots (search document included) and returns their ids in order. */
export async function insertLots(db: Kysely<Database>, lots: NewLot[]): Promise<string[]> {
  if (lots.length === 0) return [];
  const rows = await db.insertInto('lot').values(lots.map(withSearchDocument)).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Re-derives the search document after the searchable fields of a lot change. */
export async function refreshSearchDocument(db: Kysely<Database>, lotId: string) {
  const lot = await db.selectFrom('lot').selectAll().where('id', '=', lotId).executeTakeFirst();
  if (!lot) return;
  await db.updateTable('lot').set({ ...buildSearchDocument(lot), updated_at: new Date() }).where('id', '=', lotId).execute();
}
