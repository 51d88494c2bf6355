import { sql, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { BidTable, Database, DepositLedgerState, LotTable } from '../../db/schema';

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
] as const;
export type EngineLot = Pick<Selectable<LotTable>, (typeof LOT_COLUMNS)[number]>;
export type BidRow = Selectable<BidTable>;

/** A lot locked for a batch, its top bid, and the deposits of the batch's buyers on it. */
export interface LockedLot {
  lot: EngineLot;
  top: { bidder_id: string | null; bidder_no: string } | undefined;
  deposits: Map<string, { bidder_no: string; state: DepositLedgerState }>;
}

/** The columns a batch moves on one lot (none of them indexed: decision 006). */
export interface LotBidUpdate {
  id: string;
  status: number;
  current_price: string;
  bid_count: number;
  end_time: Date;
  leader_id: string | null;
  leader_max: string | null;
}

/**
 * SQL of the bidding engine; the service decides, this only reads and writes. Pass the transaction
 * for the statements that must run inside one (the batch, the close).
 */
export function biddingRepo(db: Kysely<Database>) {
  return {
    lot: (lotId: string) =>
      db.selectFrom('lot').select(LOT_COLUMNS).where('id', '=', lotId).executeTakeFirst(),

    /**
     * A batch's one read: the lots (locked in id order, so that batches over several lots, from any
     * process, never wait for each other in a cycle), each with its top bid and the deposits of the
     * batch's buyers on it, in one round trip.
     */
    async lockLots(lotIds: string[], buyerIds: string[]): Promise<Map<string, LockedLot>> {
      const rows = await db
        .selectFrom('lot')
        .leftJoin('bid as top', (j) =>
          j.onRef('top.lot_id', '=', 'lot.id').onRef('top.seq', '=', 'lot.bid_count'),
        )
        .select((eb) => [
          ...LOT_COLUMNS.map((c) => `lot.${c}` as const),
          'top.bidder_id as top_bidder_id',
          'top.bidder_no as top_bidder_no',
          eb
            .selectFrom('deposit_ledger as d')
            .select(
              sql<
                Array<[string, string, DepositLedgerState]>
              >`coalesce(json_agg(json_build_array(d.buyer_id::text, d.bidder_no, d.state)), '[]'::json)`.as(
                'x',
              ),
            )
            .whereRef('d.lot_id', '=', 'lot.id')
            .where('d.buyer_id', 'in', buyerIds)
            .as('deposits'),
        ])
        .where('lot.id', 'in', lotIds)
        .orderBy('lot.id')
        .forUpdate('lot')
        .execute();
      return new Map(
        rows.map(({ top_bidder_id, top_bidder_no, deposits, ...lot }) => [
          lot.id,
          {
            lot,
            top: top_bidder_no === null ? undefined : { bidder_id: top_bidder_id, bidder_no: top_bidder_no },
            deposits: new Map(
              (deposits ?? []).map(([buyerId, bidderNo, state]) => [buyerId, { bidder_no: bidderNo, state }]),
            ),
          },
        ]),
      );
    },

    /**
     * A batch's writes in one statement: the bid rows of every lot, each lot's new state, and the
     * NOTIFY expression selected last (delivered at commit).
     */
    async writeBids(
      rows: Array<Insertable<BidTable>>,
      lots: LotBidUpdate[],
      now: Date,
      notify: RawBuilder<number>,
    ) {
      const withLots = db.with(
        'upd',
        () => sql`(
        update lot set status = v.status, current_price = v.current_price, bid_count = v.bid_count,
          end_time = v.end_time, leader_id = v.leader_id, leader_max = v.leader_max, updated_at = ${now}
        from jsonb_to_recordset(${JSON.stringify(lots)}::jsonb) as v(id bigint, status smallint,
          current_price bigint, bid_count integer, end_time timestamptz, leader_id bigint, leader_max bigint)
        where lot.id = v.id)`,
      );
      const calls = [notify.as('notified')];
      if (rows.length)
        await withLots
          .with('ins', (qb) => qb.insertInto('bid').values(rows))
          .selectNoFrom(calls)
          .execute();
      else await withLots.selectNoFrom(calls).execute();
    },

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

    /** A batch's writes in one statement: its bid rows, the lot's new state and the NOTIFY calls selected last. */
    async writeBatch(
      lotId: string,
      rows: Array<Insertable<BidTable>>,
      lot: Updateable<LotTable>,
      notifies: Array<RawBuilder<unknown>>,
    ) {
      const calls = [...notifies.map((n, i) => n.as(`n${i}`)), sql<number>`1`.as('done')];
      const withLot = db.with('upd', (qb) => qb.updateTable('lot').set(lot).where('id', '=', lotId));
      if (rows.length)
        await withLot
          .with('ins', (qb) => qb.insertInto('bid').values(rows))
          .selectNoFrom(calls)
          .execute();
      else await withLot.selectNoFrom(calls).execute();
    },

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

    /** Conditional status moves: each row moves once, whichever process gets there first. */
    async advanceStatuses(now: Date): Promise<number> {
      const toReg =
        await sql`update lot set status = 2, updated_at = ${now} where status = 0 and reg_start_time <= ${now}`.execute(
          db,
        );
      const toBid =
        await sql`update lot set status = 3, updated_at = ${now} where status = 2 and start_time <= ${now}`.execute(
          db,
        );
      return Number(toReg.numAffectedRows ?? 0n) + Number(toBid.numAffectedRows ?? 0n);
    },

    /**
     * Claims one lot due to close; SKIP LOCKED leaves lots held by a bid (or another process) alone.
     * Found through the indexed listing copy of the end, which is never later than the end itself.
     */
    claimDueLot: (now: Date) =>
      db
        .selectFrom('lot')
        .select(LOT_COLUMNS)
        .where('status', 'in', [3, 4])
        .where('list_end_time', '<=', now)
        .where('end_time', '<=', now)
        // A paused lot is not closed: its end moves on when it resumes.
        .where('paused_at', 'is', null)
        .orderBy('list_end_time')
        .limit(1)
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
        .updateTable('lot')
        .set({ ...set, list_end_time: set.end_time, updated_at: now })
        .where('id', '=', lotId)
        .execute(),

    /** The lot's status, its row locked until the transaction ends. */
    lockStatus: async (lotId: string) =>
      (await db.selectFrom('lot').select('status').where('id', '=', lotId).forUpdate().executeTakeFirst())
        ?.status,

    /** The close's write: the final status, and the listing copies caught up for good. */
    close: (lotId: string, set: Updateable<LotTable>) =>
      db.updateTable('lot').set(set).where('id', '=', lotId).execute(),

    /**
     * Catches the listing copies up with the live columns (decision 006): of the given lots, or of
     * every lot in bidding when `lotIds` is 'bidding'.
     */
    copyListingKeys: (lotIds: string[] | 'bidding') =>
      sql`
      update lot set list_price = current_price, list_bid_count = bid_count, list_end_time = end_time
      where ${lotIds === 'bidding' ? sql`status in (3, 4)` : sql`id = any(${lotIds}::bigint[])`}
        and (list_price, list_bid_count, list_end_time) is distinct from (current_price, bid_count, end_time)`.execute(
        db,
      ),
  };
}

export type BiddingRepo = ReturnType<typeof biddingRepo>;
