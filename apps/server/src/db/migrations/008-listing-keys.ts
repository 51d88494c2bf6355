import { sql, type Kysely } from 'kysely';

/**
 * A bid must be a HOT update of its lot (decision 006). Every index that sorted or filtered on the
 * bidding columns (current price, bid count, end time) moves to a listing copy of them, which the
 * engine leaves alone and a scheduled job catches up within a second. Pages keep room for new row
 * versions (fillfactor), and the GIN indexes take insertions directly instead of through a pending
 * list whose periodic flush stalled whichever statement crossed its limit.
 *
 * Invariant: list_end_time <= end_time (the engine only ever moves the end later), so a lot due to
 * close is always found through the listing copy.
 */
const MOVED_INDEXES: Array<[name: string, definition: string]> = [
  ['lot_status_end_idx', '(status, list_end_time, id)'],
  ['lot_status_price_idx', '(status, list_price, id)'],
  ['lot_public_end_idx', '((status >= 5), list_end_time, id) where status in (0, 2, 3, 4, 5, 6)'],
  ['lot_public_price_idx', '(list_price, id) where status in (0, 2, 3, 4, 5, 6)'],
  ['lot_public_bids_idx', '(list_bid_count desc, id) where status in (0, 2, 3, 4, 5, 6)'],
  ['lot_bidding_end_idx', '(list_end_time, id) where status in (3, 4)'],
  ['lot_bidding_price_idx', '(list_price, id) where status in (3, 4)'],
  ['lot_bidding_bids_idx', '(list_bid_count desc, id) where status in (3, 4)'],
  ['lot_result_end_idx', '(list_end_time desc, id desc) where status in (5, 6)'],
  ['lot_result_price_idx', '(list_price, id) where status in (5, 6)'],
  ['lot_result_bids_idx', '(list_bid_count desc, id) where status in (5, 6)'],
  ['lot_brand_idx', '(brand_name, status, list_price)'],
  ['lot_city_idx', '(city, status, list_end_time)'],
  ['lot_province_idx', '(province, status, list_end_time)'],
  ['lot_fuel_idx', '(fuel_type, status, list_end_time)'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table lot add column list_price bigint, add column list_bid_count integer, add column list_end_time timestamptz`.execute(
    db,
  );
  await sql`update lot set list_price = current_price, list_bid_count = bid_count, list_end_time = end_time`.execute(
    db,
  );
  await sql`alter table lot alter column list_price set not null, alter column list_bid_count set not null, alter column list_end_time set not null`.execute(
    db,
  );
  await sql`drop index if exists lot_due_close_idx`.execute(db);
  for (const [name, definition] of MOVED_INDEXES) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    await sql`create index ${sql.id(name)} on lot ${sql.raw(definition)}`.execute(db);
  }
  await sql`alter table lot set (fillfactor = 70)`.execute(db);
  await sql`alter index lot_search_trgm_idx set (fastupdate = off)`.execute(db);
  await sql`alter index lot_search_grams_idx set (fastupdate = off)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter index lot_search_trgm_idx reset (fastupdate)`.execute(db);
  await sql`alter index lot_search_grams_idx reset (fastupdate)`.execute(db);
  await sql`alter table lot reset (fillfactor)`.execute(db);
  for (const [name, definition] of MOVED_INDEXES) {
    await sql`drop index if exists ${sql.id(name)}`.execute(db);
    const live = definition
      .replaceAll('list_price', 'current_price')
      .replaceAll('list_bid_count', 'bid_count')
      .replaceAll('list_end_time', 'end_time');
    await sql`create index ${sql.id(name)} on lot ${sql.raw(live)}`.execute(db);
  }
  await sql`create index lot_due_close_idx on lot (end_time) where status in (3, 4)`.execute(db);
  await sql`alter table lot drop column list_price, drop column list_bid_count, drop column list_end_time`.execute(
    db,
  );
}
