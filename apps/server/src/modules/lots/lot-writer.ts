import type { Insertable, Kysely } from 'kysely';
import type { Database, LotColumns } from '../../db/schema';
import { lotWriterRepo } from './lot-writer.repo';
import { buildSearchDocument } from './search-document';

type DerivedColumn = 'search_text' | 'search_grams' | 'list_price' | 'list_bid_count' | 'list_end_time';
export type NewLot = Omit<Insertable<LotColumns>, DerivedColumn>;

/** A lot row with its derived columns (search document, listing keys): the one way lots are written. */
export function withDerivedColumns(lot: NewLot): Insertable<LotColumns> {
  return {
    ...lot,
    ...buildSearchDocument(lot),
    list_price: lot.current_price,
    list_bid_count: lot.bid_count ?? 0,
    list_end_time: lot.end_time,
  };
}

/** Inserts lots (derived columns included) and returns their ids in order. */
export async function insertLots(db: Kysely<Database>, lots: NewLot[]): Promise<string[]> {
  if (lots.length === 0) return [];
  return lotWriterRepo(db).insert(lots.map(withDerivedColumns));
}

/** Re-derives the search document after the searchable fields of a lot change. */
export async function refreshSearchDocument(db: Kysely<Database>, lotId: string) {
  const repo = lotWriterRepo(db);
  const lot = await repo.byId(lotId);
  if (!lot) return;
  await repo.update(lotId, { ...buildSearchDocument(lot), updated_at: new Date() });
}
