import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { SearchSort } from '@chepai/shared/contracts/lot-enums';
import { PUBLIC_LOT_STATUSES } from '@chepai/shared/contracts/lot-enums';
import type { Database } from '../../db/schema';
import { BEIJING_OFFSET_MS, beijingMidnight } from '@chepai/shared/domain/beijing-time';
import { escapeLike } from '../../lib/sql';

/** The Beijing offset inlined as a literal, so the day expression is the same text in select and group by. */
const OFFSET_S = sql.lit(BEIJING_OFFSET_MS / 1000);

/** Filters after validation: prices in fen, keyword split into terms. */
export interface LotQuery {
  terms: string[];
  statuses: number[];
  brandId?: string | undefined;
  brandName?: string | undefined;
  priceMinFen?: number | undefined;
  priceMaxFen?: number | undefined;
  yearMin?: number | undefined;
  yearMax?: number | undefined;
  mileageMin?: number | undefined;
  mileageMax?: number | undefined;
  fuelType?: string | undefined;
  province?: string | undefined;
  city?: string | undefined;
  sort: SearchSort;
}

type Eb = ExpressionBuilder<Database, 'lot'>;

/** From this offset on, pages are found by id first (see page()). */
const DEFERRED_OFFSET = 160;

export const SUMMARY_COLUMNS = [
  'lot.id',
  'lot.title',
  'lot.status',
  'lot.brand_name',
  'lot.series_name',
  'lot.model_name',
  'lot.body_type',
  'lot.color',
  'lot.current_price',
  'lot.start_price',
  'lot.start_time',
  'lot.end_time',
  'lot.province',
  'lot.city',
  'lot.plate_city',
  'lot.first_reg_date',
  'lot.mileage_km',
  'lot.fuel_type',
  'lot.bid_count',
] as const;

export const coverUrl = (eb: Eb) =>
  eb
    .selectFrom('lot_photo')
    .select('lot_photo.url')
    .whereRef('lot_photo.lot_id', '=', 'lot.id')
    .orderBy('lot_photo.is_cover', 'desc')
    .orderBy('lot_photo.seq')
    .limit(1)
    .as('cover_url');

/**
 * One keyword term: 3+ characters go through the trigram index (ILIKE, metacharacters escaped);
 * 1–2 characters through the array of short substrings, which holds exactly the same matches.
 */
function termMatch(eb: Eb, term: string): Expression<SqlBool> {
  const lower = term.toLowerCase();
  if ([...lower].length <= 2) return eb('lot.search_grams', '@>', sql<string[]>`array[${lower}]::text[]`);
  // The document is stored lower-cased, so LIKE (cheaper than ILIKE per row) on a lower-cased term.
  return eb('lot.search_text', 'like', `%${escapeLike(lower)}%`);
}

/**
 * Filters and sorts over many lots use the listing copies of price, bid count and end time (up to
 * a second behind a bid, decision 006); the values shown are always the live ones.
 */
function where(q: LotQuery) {
  return (eb: Eb) => {
    // Statuses are validated small integers, written inline so the planner can match the partial
    // indexes of the halls (their predicates are literal lists).
    const statuses = (q.statuses.length ? [...q.statuses].sort() : [...PUBLIC_LOT_STATUSES]).map((s) =>
      Math.trunc(Number(s)),
    );
    const c: Expression<SqlBool>[] = [
      sql<SqlBool>`${sql.ref('lot.status')} in (${sql.raw(statuses.join(', '))})`,
    ];
    for (const t of q.terms) c.push(termMatch(eb, t));
    if (q.brandId) c.push(eb('lot.brand_id', '=', q.brandId));
    if (q.brandName) c.push(eb('lot.brand_name', '=', q.brandName));
    if (q.priceMinFen !== undefined) c.push(eb('lot.list_price', '>=', String(q.priceMinFen)));
    if (q.priceMaxFen !== undefined) c.push(eb('lot.list_price', '<=', String(q.priceMaxFen)));
    if (q.yearMin !== undefined) c.push(eb('lot.first_reg_date', '>=', `${q.yearMin}-01-01`));
    if (q.yearMax !== undefined) c.push(eb('lot.first_reg_date', '<', `${q.yearMax + 1}-01-01`));
    if (q.mileageMin !== undefined) c.push(eb('lot.mileage_km', '>=', q.mileageMin));
    if (q.mileageMax !== undefined) c.push(eb('lot.mileage_km', '<=', q.mileageMax));
    if (q.fuelType) c.push(eb('lot.fuel_type', '=', q.fuelType));
    if (q.province) c.push(eb('lot.province', '=', q.province));
    if (q.city) c.push(eb('lot.city', '=', q.city));
    return eb.and(c);
  };
}

/**
 * `lot_base` under the name `lot`, for the queries that only filter, sort, count and pick ids: those
 * read the listing copies (decision 006), which live in the base row, so they skip the join to each
 * lot's live row that the view `lot` makes (decision 065) — a count over thousands of lots would
 * otherwise read as many live rows. Only base columns may be selected from it.
 */
const listing = (db: Kysely<Database>) =>
  db.selectFrom('lot_base as lot') as unknown as SelectQueryBuilder<Database, 'lot', object>;

export function lotsRepo(db: Kysely<Database>) {
  return {
    /**
     * A page. Deep pages go in two steps: the ids of the page from the indexes alone (an
     * index-only walk skips rows without reading them), then those rows in full.
     */
    async page(q: LotQuery, offset: number, limit: number) {
      if (offset < DEFERRED_OFFSET) {
        return sortBy(
          db.selectFrom('lot').where(where(q)).select(SUMMARY_COLUMNS).select(coverUrl),
          q.sort,
          endedLast(q),
        )
          .offset(offset)
          .limit(limit)
          .execute();
      }
      const ids = await sortBy(listing(db).where(where(q)).select('lot.id'), q.sort, endedLast(q))
        .offset(offset)
        .limit(limit)
        .execute();
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('lot')
        .select(SUMMARY_COLUMNS)
        .select(coverUrl)
        .where(
          'lot.id',
          'in',
          ids.map((r) => r.id),
        )
        .execute();
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.flatMap((r) => byId.get(r.id) ?? []);
    },
    async count(q: LotQuery) {
      const row = await listing(db)
        .where(where(q))
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    findSummary(id: string) {
      return db
        .selectFrom('lot')
        .select(SUMMARY_COLUMNS)
        .select(coverUrl)
        .where('lot.id', '=', id)
        .where('lot.status', 'in', [...PUBLIC_LOT_STATUSES])
        .executeTakeFirst();
    },
    findDetail(id: string) {
      return db
        .selectFrom('lot')
        .innerJoin('seller_org', 'seller_org.id', 'lot.seller_id')
        .selectAll('lot')
        .select(['seller_org.name as seller_name', 'seller_org.org_type as seller_type'])
        .where('lot.id', '=', id)
        .where('lot.status', 'in', [...PUBLIC_LOT_STATUSES])
        .executeTakeFirst();
    },
    /** The first picture of a public lot (what its page shows largest), or null. */
    async coverOf(lotId: string) {
      const row = await db
        .selectFrom('lot_photo')
        .innerJoin('lot', 'lot.id', 'lot_photo.lot_id')
        .select('lot_photo.url')
        .where('lot_photo.lot_id', '=', lotId)
        .where('lot.status', 'in', [...PUBLIC_LOT_STATUSES])
        .orderBy('lot_photo.is_cover', 'desc')
        .orderBy('lot_photo.seq')
        .limit(1)
        .executeTakeFirst();
      return row?.url ?? null;
    },
    photos(lotId: string) {
      return db
        .selectFrom('lot_photo')
        .select(['url', 'label'])
        .where('lot_id', '=', lotId)
        .orderBy('is_cover', 'desc')
        .orderBy('seq')
        .execute();
    },
    async isPublic(lotId: string) {
      const row = await db
        .selectFrom('lot')
        .select('id')
        .where('id', '=', lotId)
        .where('status', 'in', [...PUBLIC_LOT_STATUSES])
        .executeTakeFirst();
      return row !== undefined;
    },
    async bids(lotId: string, offset: number, limit: number) {
      const [rows, count, top] = await Promise.all([
        db
          .selectFrom('bid')
          .select(['seq', 'bidder_no', 'amount', 'created_at'])
          .where('lot_id', '=', lotId)
          .orderBy('seq', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        db
          .selectFrom('bid')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('lot_id', '=', lotId)
          .executeTakeFirstOrThrow(),
        db
          .selectFrom('bid')
          .select((eb) => eb.fn.max('seq').as('seq'))
          .where('lot_id', '=', lotId)
          .executeTakeFirst(),
      ]);
      return { rows, total: Number(count.n), topSeq: top?.seq ?? null };
    },
    async countByStatus() {
      const rows = await listing(db)
        .select(['lot.status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('status', 'in', [...PUBLIC_LOT_STATUSES])
        .groupBy('status')
        .execute();
      return new Map(rows.map((r) => [r.status, Number(r.n)]));
    },
    async brandFacets() {
      const rows = await listing(db)
        .select(['lot.brand_name', (eb) => eb.fn.countAll<string>().as('n')])
        .where('status', 'in', [...PUBLIC_LOT_STATUSES])
        .groupBy('brand_name')
        .orderBy(sql`count(*)`, 'desc')
        .orderBy('brand_name')
        .limit(60)
        .execute();
      return rows.map((r) => ({ brandName: r.brand_name, count: Number(r.n) }));
    },
    /** Counts per Beijing day number (days since the epoch, UTC+8) from `fromDay` on. */
    async dailyCounts(fromDay: number, toDay: number) {
      const day = (col: string) =>
        sql<number>`floor((extract(epoch from ${sql.ref(col)}) + ${OFFSET_S}) / 86400)::int`;
      const from = new Date(beijingMidnight(fromDay));
      const to = new Date(beijingMidnight(toDay + 1));
      const [listed, sold, onAuction] = await Promise.all([
        listing(db)
          .select([day('listed_at').as('d'), (eb) => eb.fn.countAll<string>().as('n')])
          .where('status', 'in', [...PUBLIC_LOT_STATUSES])
          .where('listed_at', '>=', from)
          .where('listed_at', '<', to)
          .groupBy(sql`1`)
          .execute(),
        listing(db)
          .select([day('list_end_time').as('d'), (eb) => eb.fn.countAll<string>().as('n')])
          .where('status', '=', 5)
          .where('list_end_time', '>=', from)
          .where('list_end_time', '<', to)
          .groupBy(sql`1`)
          .execute(),
        sql<{ d: number; n: string }>`
          select g.d, count(l.id) as n
          from generate_series(${fromDay}::int, ${toDay}::int) as g(d)
          join lot l on l.status in (3, 4, 5, 6)
            and l.start_time < to_timestamp((g.d + 1) * 86400 - ${OFFSET_S})
            and l.end_time >= to_timestamp(g.d * 86400 - ${OFFSET_S})
          group by g.d`.execute(db),
      ]);
      const toMap = (rows: Array<{ d: number; n: string }>) =>
        new Map(rows.map((r) => [Number(r.d), Number(r.n)]));
      return { listed: toMap(listed), sold: toMap(sold), onAuction: toMap(onAuction.rows) };
    },
    async addViews(counts: Map<string, number>) {
      for (const [id, n] of counts) {
        await db
          .updateTable('lot_base')
          .set((eb) => ({ views: eb('views', '+', String(n)) }))
          .where('id', '=', id)
          .execute();
      }
    },
  };
}

/** Whether a listing mixes open and ended lots (then 'ending soon' puts the ended ones last). */
function endedLast(q: LotQuery) {
  const statuses = q.statuses.length ? q.statuses : [...PUBLIC_LOT_STATUSES];
  return statuses.some((s) => s >= 5) && statuses.some((s) => s < 5);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the select builder's row type varies with the columns
function sortBy<Q extends { orderBy: (...a: any[]) => Q }>(
  q: Q,
  sort: SearchSort,
  endedAfterOpen = false,
): Q {
  switch (sort) {
    case 'endedRecently':
      return q.orderBy('lot.list_end_time', 'desc').orderBy('lot.id', 'desc');
    case 'newest':
      return q.orderBy('lot.listed_at', 'desc').orderBy('lot.id', 'desc');
    case 'priceAsc':
      return q.orderBy('lot.list_price', 'asc').orderBy('lot.id', 'asc');
    case 'priceDesc':
      return q.orderBy('lot.list_price', 'desc').orderBy('lot.id', 'desc');
    case 'mostBids':
      return q.orderBy('lot.list_bid_count', 'desc').orderBy('lot.id', 'asc');
    default:
      return (endedAfterOpen ? q.orderBy(sql`(lot.status >= 5)`) : q)
        .orderBy('lot.list_end_time', 'asc')
        .orderBy('lot.id', 'asc');
  }
}
