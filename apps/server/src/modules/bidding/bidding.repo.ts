import { sql, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { BidTable, Database, LotBaseTable, LotTable } from '../../db/schema';

/** The lot columns the engine reads. */
export const LOT_COLUMNS = [
  'id',
  'title',
  'status',
  'start_price',
  'increment',
  'deposit',
  'reserve_price',
  'current_price',
  'bid_count',
  'reg_start_time',
  'start_time',
  'end_time',
  'extend_window_sec',
  'extend_step_sec',
  'leader_id',
  'leader_max',
  'paused_at',
  'engine_token',
] as const;
export type EngineLot = Pick<Selectable<LotTable>, (typeof LOT_COLUMNS)[number]>;
export type BidRow = Selectable<BidTable>;

/** A lot's listing copies (`lot_base` as b) differ from its live columns (`lot_live` as l, decision 006). */
const listingBehind = sql<boolean>`(b.list_price, b.list_bid_count, b.list_end_time) is distinct from (l.current_price, l.bid_count, l.end_time)`;

/**
 * SQL of the bidding engine; the service decides, this only reads and writes. Pass the transaction
 * for the statements that must run inside one (the batch, the close).
 */
export function biddingRepo(db: Kysely<Database>) {
  return {
    lot: (lotId: string) =>
      db.selectFrom('lot').select(LOT_COLUMNS).where('id', '=', lotId).executeTakeFirst(),

    topBid: (lotId: string, seq: number) =>
      seq > 0
        ? db
            .selectFrom('bid')
            .select(['bidder_id', 'bidder_no'])
            .where('lot_id', '=', lotId)
            .where('seq', '=', seq)
            .executeTakeFirst()
        : Promise.resolve(undefined),

    deposit: (lotId: string, buyerId: string) =>
      db
        .selectFrom('deposit_ledger')
        .select(['bidder_no', 'state', 'amount', 'payment_no'])
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst(),

    bidsSince: (lotId: string, since: number, limit: number) =>
      db
        .selectFrom('bid')
        .selectAll()
        .where('lot_id', '=', lotId)
        .where('seq', '>', since)
        .orderBy('seq')
        .limit(limit)
        .execute(),

    bidAt: (lotId: string, seq: number) =>
      db.selectFrom('bid').selectAll().where('lot_id', '=', lotId).where('seq', '=', seq).executeTakeFirst(),

    /**
     * Conditional status moves: each row moves once, whichever process gets there first. Rows are
     * taken in id order and a row locked by a bid batch is left for the next tick, so this never
     * waits on, or deadlocks with, batches that lock several lots (decision 029).
     */
    async advanceStatuses(now: Date): Promise<number> {
      const move = (from: number, to: number, time: 'reg_start_time' | 'start_time') =>
        sql`update lot_base set status = ${to}, updated_at = ${now}
        where id in (select id from lot_base where status = ${from} and ${sql.ref(time)} <= ${now}
                     order by id for update skip locked)`.execute(db);
      const toReg = await move(0, 2, 'reg_start_time');
      const toBid = await move(2, 3, 'start_time');
      return Number(toReg.numAffectedRows ?? 0n) + Number(toBid.numAffectedRows ?? 0n);
    },

    /**
     * Lots due to close, soonest first, without a lock: found through the indexed listing copy of
     * the end, which is never later than the end itself. Over many lots, so it may span shards
     * (docs/scaling.md); the lock is taken per lot by `claimDueLot`.
     */
    dueLots: async (now: Date, limit: number) =>
      (
        await db
          .selectFrom('lot')
          .select('id')
          .where('status', 'in', [3, 4])
          .where('list_end_time', '<=', now)
          .where('end_time', '<=', now)
          // A paused lot is not closed: its end moves on when it resumes.
          .where('paused_at', 'is', null)
          .orderBy('list_end_time')
          .limit(limit)
          .execute()
      ).map((r) => r.id),

    /**
     * Claims one due lot by id: one row, one shard. SKIP LOCKED leaves a lot held by a bid batch
     * (or another process) for the next round; the conditions are checked again under the lock.
     */
    claimDueLot: (lotId: string, now: Date) =>
      db
        .selectFrom('lot')
        .select(LOT_COLUMNS)
        .where('id', '=', lotId)
        .where('status', 'in', [3, 4])
        .where('end_time', '<=', now)
        .where('paused_at', 'is', null)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst(),

    /** A public lot's engine columns, its row locked: an operator's pause, resume or extension. */
    lockForControl: (lotId: string) =>
      db
        .selectFrom('lot')
        .select([...LOT_COLUMNS])
        .where('id', '=', lotId)
        .where('status', 'in', [0, 2, 3, 4, 5, 6, 7])
        .forUpdate()
        .executeTakeFirst(),

    /** Pause state and end time, with the end's listing copy (decision 006). */
    setControl: (
      lotId: string,
      set: { paused_at: Date | null; pause_reason?: string | null; end_time: Date },
      now: Date,
    ) =>
      db
        .with('live', (w) =>
          w.updateTable('lot_live').set({ end_time: set.end_time }).where('lot_id', '=', lotId),
        )
        .updateTable('lot_base')
        .set({
          paused_at: set.paused_at,
          ...(set.pause_reason !== undefined ? { pause_reason: set.pause_reason } : {}),
          list_end_time: set.end_time,
          updated_at: now,
        })
        .where('id', '=', lotId)
        .execute(),

    /** The lot's status, its row locked until the transaction ends. */
    lockStatus: async (lotId: string) =>
      (await db.selectFrom('lot').select('status').where('id', '=', lotId).forUpdate().executeTakeFirst())
        ?.status,

    /** The close's write: the final status, and the listing copies caught up for good. */
    close: (lotId: string, set: Updateable<LotBaseTable>) =>
      db.updateTable('lot_base').set(set).where('id', '=', lotId).execute(),

    /**
     * Catches a lot's listing copies up with its live columns (decision 006), one lot per statement
     * (decision 035: the statement holds the row through ~25 index updates). A lot held by a bid
     * batch right now is skipped: returns false.
     */
    async copyListingKeys(lotId: string): Promise<boolean> {
      // A bid batch locks the lot's live row, not this one: the catch-up no longer holds its bids.
      const { rows } = await sql<{ id: string }>`
        with due as (select id from lot_base where id = ${lotId} for update skip locked),
        copied as (
          update lot_base b set list_price = l.current_price, list_bid_count = l.bid_count, list_end_time = l.end_time
          from due, lot_live l where b.id = due.id and l.lot_id = b.id and ${listingBehind})
        select id from due`.execute(db);
      return rows.length > 0;
    },

    /**
     * Lots in bidding whose listing copies are behind and whose live columns no batch has written
     * since `before`: their writer's marks were lost (it died or restarted). A lot still taking bids
     * is left to the marks of the process bidding on it.
     */
    staleListingLots: async (before: Date) =>
      (
        await db
          .selectFrom('lot_base as b')
          .innerJoin('lot_live as l', 'l.lot_id', 'b.id')
          .select('b.id')
          .where('b.status', 'in', [3, 4])
          .where('l.written_at', '<', before)
          .where(listingBehind)
          .orderBy('b.id')
          .execute()
      ).map((r) => r.id),
  };
}

export type BiddingRepo = ReturnType<typeof biddingRepo>;
