import {
  sql,
  type Insertable,
  type Kysely,
  type RawBuilder,
  type Selectable,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { BidTable, Database, DepositLedgerState, LotTable } from '../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

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
] as const;
export type EngineLot = Pick<Selectable<LotTable>, (typeof LOT_COLUMNS)[number]>;
export type BidRow = Selectable<BidTable>;

/** SQL of the bidding engine; the service decides, this only reads and writes. */
export const biddingRepo = {
  lot: (db: Db, lotId: string) =>
    db.selectFrom('lot').select(LOT_COLUMNS).where('id', '=', lotId).executeTakeFirst(),

  /**
   * The batch's one read under the lock: the lot row (locked), its top bid and the deposits of the
   * batch's buyers, in one round trip.
   */
  async lockForBatch(trx: Transaction<Database>, lotId: string, buyerIds: string[]) {
    const row = await trx
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
      .where('lot.id', '=', lotId)
      .forUpdate('lot')
      .executeTakeFirst();
    if (!row) return undefined;
    const { top_bidder_id, top_bidder_no, deposits, ...lot } = row;
    return {
      lot,
      top: top_bidder_no === null ? undefined : { bidder_id: top_bidder_id, bidder_no: top_bidder_no },
      deposits: new Map(
        (deposits ?? []).map(([buyerId, bidderNo, state]) => [buyerId, { bidder_no: bidderNo, state }]),
      ),
    };
  },

  topBid: (db: Db, lotId: string, seq: number) =>
    seq > 0
      ? db
          .selectFrom('bid')
          .select(['bidder_id', 'bidder_no'])
          .where('lot_id', '=', lotId)
          .where('seq', '=', seq)
          .executeTakeFirst()
      : Promise.resolve(undefined),

  deposit: (db: Db, lotId: string, buyerId: string) =>
    db
      .selectFrom('deposit_ledger')
      .select(['bidder_no', 'state', 'amount', 'payment_no'])
      .where('lot_id', '=', lotId)
      .where('buyer_id', '=', buyerId)
      .executeTakeFirst(),

  /** A batch's writes in one statement: its bid rows, the lot's new state and the NOTIFY calls selected last. */
  async writeBatch(
    trx: Transaction<Database>,
    lotId: string,
    rows: Array<Insertable<BidTable>>,
    lot: Updateable<LotTable>,
    notifies: Array<RawBuilder<unknown>>,
  ) {
    const calls = [...notifies.map((n, i) => n.as(`n${i}`)), sql<number>`1`.as('done')];
    const withLot = trx.with('upd', (qb) => qb.updateTable('lot').set(lot).where('id', '=', lotId));
    if (rows.length)
      await withLot
        .with('ins', (qb) => qb.insertInto('bid').values(rows))
        .selectNoFrom(calls)
        .execute();
    else await withLot.selectNoFrom(calls).execute();
  },

  bidsSince: (db: Db, lotId: string, since: number, limit: number) =>
    db
      .selectFrom('bid')
      .selectAll()
      .where('lot_id', '=', lotId)
      .where('seq', '>', since)
      .orderBy('seq')
      .limit(limit)
      .execute(),

  bidAt: (db: Db, lotId: string, seq: number) =>
    db.selectFrom('bid').selectAll().where('lot_id', '=', lotId).where('seq', '=', seq).executeTakeFirst(),

  /** Conditional status moves: each row moves once, whichever process gets there first. */
  async advanceStatuses(db: Db, now: Date): Promise<number> {
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
  claimDueLot: (trx: Transaction<Database>, now: Date) =>
    trx
      .selectFrom('lot')
      .select(LOT_COLUMNS)
      .where('status', 'in', [3, 4])
      .where('list_end_time', '<=', now)
      .where('end_time', '<=', now)
      .orderBy('list_end_time')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst(),
};
