import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database, DepositLedgerState } from '../../db/schema';
import type { SerialConnection } from '../../db/client';
import { arrayLiteral, columnsOf } from '../../db/columns';
import { statementOf, type StatementPart } from '../../db/statement-part';
import { LOT_COLUMNS, type BidRow, type EngineLot } from './bidding.repo';

/** A lot locked for a batch, its top bid, and the deposits of the batch's buyers on it. */
export interface LockedLot {
  lot: EngineLot;
  top: { bidder_id: string | null; bidder_no: string } | undefined;
  deposits: Map<string, { bidder_no: string; state: DepositLedgerState }>;
}

/**
 * The frozen deposits of a lot a process reads when it first takes the lot's lock, besides those of
 * the batch's bidders: the bidders who follow need no read of their own before their first batch
 * (a closing session's snipers come to each lot within seconds). More than this are read as they bid:
 * the engine cache holds up to 5,000 lots, and a lot's deposits stay known while it does.
 */
export const LEARN_DEPOSITS = 500;

/** One lot of a batch for `writeBatch`. */
export interface LotWrite {
  id: string;
  /** The token of the state the batch's rules ran on. */
  expect: string;
  /** This lot's bidders in the batch, whose deposits the rules took as frozen. */
  bidders: string[];
  /**
   * The new state and its fresh token, and whether it moves the lot's status (its first extension:
   * the wide row is written too); null: nothing to write, the answers only need the state to hold.
   */
  update: (LotBidUpdate & { token: string; moves: boolean }) | null;
}

/** A lot of a batch as `writeBatch` sends it: its update's columns null when it writes nothing. */
const lotWriteRow = ({ id, expect, bidders, update }: LotWrite) => ({
  id,
  expect,
  // An array a lot: one element of a text array, read as bigint[].
  bidders: arrayLiteral(bidders),
  write: update !== null,
  moves: update?.moves,
  token: update?.token,
  status: update?.status,
  current_price: update?.current_price,
  bid_count: update?.bid_count,
  end_time: update?.end_time,
  leader_id: update?.leader_id,
  leader_max: update?.leader_max,
});

const LOT_WRITE_COLUMNS = [
  'id',
  'expect',
  'bidders',
  'write',
  'moves',
  'token',
  'status',
  'current_price',
  'bid_count',
  'end_time',
  'leader_id',
  'leader_max',
] as const;
const BID_WRITE_COLUMNS = [
  'lot_id',
  'seq',
  'bidder_id',
  'bidder_no',
  'amount',
  'created_at',
  'auto',
  'extended',
  'end_time_after',
  'status_after',
] as const;

/** A bid row as the engine writes it (amount in fen as a number). */
export type NewBid = Omit<BidRow, 'amount' | 'end_time_after' | 'status_after'> & {
  amount: number;
  end_time_after: Date;
  status_after: number;
};

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
 * SQL of a bid batch (docs/decisions/029 and 035): the locking read of its lots, the read of deposits
 * it has not seen, and its one write statement. The placement decides; this only reads and writes.
 */
export function bidBatchRepo(db: Kysely<Database>) {
  return {
    /**
     * A batch's one read: its lots (locked in id order, so that batches over several lots, from any
     * process, never wait for each other in a cycle), each with its top bid and the deposits its
     * bidders in this batch hold on it, in one round trip (two when it waited for another batch).
     * `bidders` maps each lot to its bidders.
     */
    async lockLots(
      bidders: Map<string, string[]>,
      /** Lots whose other frozen deposits are read too (up to `LEARN_DEPOSITS`): the process meets them first. */
      learn: ReadonlySet<string> = new Set(),
    ): Promise<Map<string, LockedLot>> {
      const pairs = [...bidders].flatMap(([lot, buyers]) => buyers.map((b) => [lot, b] as const));
      const { rows } = await sql<
        EngineLot & {
          top_bidder_id: string | null;
          top_bidder_no: string | null;
          deposits: Array<[string, string, DepositLedgerState]>;
          frozen: Array<[string, string]> | null;
        }
      >`
        select ${sql.join(LOT_COLUMNS.map((c) => sql.ref(`lot.${c}`)))},
          top.bidder_id as top_bidder_id, top.bidder_no as top_bidder_no,
          (select coalesce(json_agg(json_build_array(d.buyer_id::text, d.bidder_no, d.state)), '[]'::json)
           from deposit_ledger d where d.lot_id = lot.id and d.buyer_id = any(p.buyers)) as deposits,
          case when lot.id = any(${[...learn]}::bigint[]) then
            (select coalesce(json_agg(json_build_array(f.buyer_id::text, f.bidder_no)), '[]'::json)
             from (select d.buyer_id, d.bidder_no from deposit_ledger d
                   where d.lot_id = lot.id and d.state = 'frozen' limit ${LEARN_DEPOSITS}) f)
          end as frozen
        from lot
        join (select lot_id, array_agg(buyer_id) as buyers
              from unnest(${pairs.map((x) => x[0])}::bigint[], ${pairs.map((x) => x[1])}::bigint[]) as u(lot_id, buyer_id)
              group by lot_id) p on p.lot_id = lot.id
        left join bid top on top.lot_id = lot.id and top.seq = lot.bid_count
        order by lot.id
        for update of lot`.execute(db);
      // A lot this statement had to wait for (another batch held it) is read as that batch committed
      // it, but its joined top bid comes from the statement's older snapshot, where the new top bid
      // does not exist yet, so it reads as none: the leader, their proxy and their outbid notice
      // would be lost. Those tops are read again by a statement of their own, which sees the commit.
      const stale = rows.filter((r) => r.bid_count > 0 && r.top_bidder_no === null);
      const reread = new Map<string, { bidder_id: string | null; bidder_no: string }>();
      if (stale.length) {
        const { rows: tops } = await sql<{ lot_id: string; bidder_id: string | null; bidder_no: string }>`
          select bid.lot_id, bid.bidder_id, bid.bidder_no
          from bid join unnest(${stale.map((r) => r.id)}::bigint[], ${stale.map((r) => r.bid_count)}::int[])
            as t(lot_id, seq) on bid.lot_id = t.lot_id and bid.seq = t.seq`.execute(db);
        for (const t of tops) reread.set(t.lot_id, { bidder_id: t.bidder_id, bidder_no: t.bidder_no });
      }
      return new Map(
        rows.map(({ top_bidder_id, top_bidder_no, deposits, frozen, ...lot }) => [
          lot.id,
          {
            lot,
            top:
              top_bidder_no === null
                ? reread.get(lot.id)
                : { bidder_id: top_bidder_id, bidder_no: top_bidder_no },
            // The lot's frozen deposits (a lot met first), then the batch's own bidders as read, in
            // any state: theirs are the entries that count.
            deposits: new Map([
              ...(frozen ?? []).map(
                ([buyerId, bidderNo]) =>
                  [buyerId, { bidder_no: bidderNo, state: 'frozen' as const }] as const,
              ),
              ...deposits.map(
                ([buyerId, bidderNo, state]) => [buyerId, { bidder_no: bidderNo, state }] as const,
              ),
            ]),
          },
        ]),
      );
    },

    /**
     * A batch's writes in one statement (docs/decisions/035-optimistic-bid-batches.md), on its own
     * (one round trip, its own transaction) or inside the caller's. For each lot the batch was
     * computed on the state whose token is `expect`, taking the deposits of `bidders` as frozen; the
     * lot **holds** if both are still true. Lots to write are locked in id order (batches over
     * several lots, from any process, never wait for each other in a cycle), checked, and updated with
     * their fresh token; lots with nothing to write are only checked, on their last committed row
     * without a lock. Bid rows, the NOTIFYs and the
     * parts of `also` (the outbid notices) are written for held lots only: they get the subquery
     * `written` (lot ids as text) to gate on. Returns the ids of the lots that held; the caller runs
     * the others again on their current state.
     */
    async writeBatch(
      lots: LotWrite[],
      rows: NewBid[],
      now: Date,
      notify: (written: RawBuilder<unknown>) => RawBuilder<number>,
      also: (written: RawBuilder<unknown>) => StatementPart | null = () => null,
      /** Sent on the pipelined connection (a statement of its own), instead of on `db`. */
      serial?: SerialConnection,
    ): Promise<Set<string>> {
      const written = sql`(select id::text from upd)`;
      const part = also(written);
      // Only what the batch needs is in its statement: PostgreSQL starts every node of the plan at
      // each statement, and the update of a lot's wide row opened its 29 indexes, for nothing in
      // all but a lot's first extension (docs/scaling.md, twenty-ninth session).
      const moving = lots.some((l) => l.update?.moves);
      const writing = lots.some((l) => l.update !== null);
      const checking = lots.some((l) => l.update === null);
      const ctes: Array<[string, RawBuilder<unknown>]> = [];
      // The batch's lots and rows arrive as typed arrays, one a column: a JSON record set cost
      // PostgreSQL about a third of its work a bid in lexing, key matching and a second check
      // (docs/scaling.md, twenty-sixth and twenty-seventh sessions). Times go as epoch milliseconds:
      // a number reads for less than a timestamp's text.
      const lc = columnsOf(lots.map(lotWriteRow), LOT_WRITE_COLUMNS);
      ctes.push([
        'v',
        sql`(select * from unnest(${lc.id}::bigint[], ${lc.expect}::uuid[], ${lc.bidders}::text[], ${lc.write}::boolean[],
          ${lc.moves}::boolean[], ${lc.token}::uuid[], ${lc.status}::smallint[], ${lc.current_price}::bigint[], ${lc.bid_count}::integer[],
          ${lc.end_time}::float8[], ${lc.leader_id}::bigint[], ${lc.leader_max}::bigint[])
          as v(id, expect, bidders, write, moves, token, status, current_price, bid_count, end_ms, leader_id, leader_max))`,
      ]);
      if (moving)
        // Lots whose status this batch moves (the first extension) have their wide row written
        // too: it is locked first. Whoever locks both rows of a lot locks the base row first (an
        // operator's write reaches the live row through its trigger; the close locks both through
        // the view), so batches and they never wait for each other in a cycle. The others' wide
        // rows are not read at all.
        ctes.push([
          'lkb',
          sql`(select b.id from lot_base b where b.id in (select id from v where moves)
            order by b.id for no key update)`,
        ]);
      const sources: RawBuilder<unknown>[] = [];
      if (writing) {
        // Lots to write: locked by id in id order, then compared. The lock waits for a batch in
        // flight on the lot and yields the row as that batch committed it (a snapshot comparison
        // would fail a batch computed on the state its predecessor is about to commit). With `lkb`,
        // its count (always true) makes the base rows' locks come before these. Each row carries
        // its lot's line of `v`, so that no later step joins `v` again: planned generically, `v` is
        // guessed at ten rows, and the joins chosen for that compared every lot of a batch with
        // every other (docs/scaling.md, twenty-ninth session).
        ctes.push([
          'lk',
          sql`(select v.*, l.engine_token from lot_live l join v on v.id = l.lot_id
            where v.write ${moving ? sql`and (select count(*) from lkb) >= 0` : sql``}
            order by l.lot_id for no key update of l)`,
        ]);
        sources.push(sql`select * from lk`);
      }
      if (checking)
        // Lots whose bids were all refused write nothing: their refusals stand if the state they
        // were decided on is the last committed one, read without a lock. A lock here would make a
        // late bid on a lot being closed wait for the close, and with it every lot's bids on this
        // connection (bench/session).
        sources.push(
          sql`select v.*, l.engine_token from lot_live l join v on v.id = l.lot_id where not v.write`,
        );
      ctes.push([
        'held',
        sql`(select c.* from (${sql.join(sources, sql` union all `)}) as c
          where c.engine_token = c.expect
            and not exists (select from unnest(c.bidders::bigint[]) as b(id) where not exists (
              select from deposit_ledger d where d.lot_id = c.id and d.buyer_id = b.id and d.state = 'frozen')))`,
      ]);
      // The narrow live row only (migration 043): a lot's wide row is written only when its status
      // moves (the first extension), below.
      ctes.push([
        'upd',
        sql`(update lot_live l set current_price = h.current_price, bid_count = h.bid_count,
            end_time = to_timestamp(h.end_ms / 1000), leader_id = h.leader_id, leader_max = h.leader_max,
            engine_token = h.token, written_at = ${now}
          from held h where l.lot_id = h.id and h.write
          returning l.lot_id as id)`,
      ]);
      if (moving)
        // Its trigger gives the live row a fresh token once this statement ends: the lot's next
        // batch reads its state again (once a lot, at its first extension). Its base row was locked
        // by `lkb`.
        ctes.push([
          'moved',
          sql`(update lot_base b set status = h.status, updated_at = ${now}
            from held h where b.id = h.id and h.write and h.moves)`,
        ]);
      const rc = columnsOf(rows, BID_WRITE_COLUMNS);
      ctes.push([
        'ins',
        sql`(insert into bid (lot_id, seq, bidder_id, bidder_no, amount, created_at, auto, extended, end_time_after, status_after)
          select r.lot_id, r.seq, r.bidder_id, r.bidder_no, r.amount, to_timestamp(r.created_ms / 1000), r.auto,
            r.extended, to_timestamp(r.end_ms / 1000), r.status_after
          from unnest(${rc.lot_id}::bigint[], ${rc.seq}::integer[], ${rc.bidder_id}::bigint[], ${rc.bidder_no}::text[],
            ${rc.amount}::bigint[], ${rc.created_at}::float8[], ${rc.auto}::boolean[], ${rc.extended}::boolean[],
            ${rc.end_time_after}::float8[], ${rc.status_after}::smallint[])
            as r(lot_id, seq, bidder_id, bidder_no, amount, created_ms, auto, extended, end_ms, status_after)
          where r.lot_id::text in ${written})`,
      ]);
      const query = statementOf<{ held: string[] }>(ctes, part ? [part] : [], [
        ['held', sql`(select coalesce(array_agg(id::text), '{}') from held)`],
        ['notified', notify(written)],
        ...(part ? [['also', part.select] as [string, RawBuilder<unknown>]] : []),
      ]);
      const out = serial ? (await serial.run(query.compile(db)))[0] : (await query.execute(db)).rows[0];
      return new Set(out?.held ?? []);
    },

    /** The deposits of these (lot, buyer) pairs, without a lock: bidder number and state. */
    async depositsOf(pairs: Array<[lotId: string, buyerId: string]>) {
      if (!pairs.length) return [];
      const { rows } = await sql<{
        lot_id: string;
        buyer_id: string;
        bidder_no: string;
        state: DepositLedgerState;
      }>`
        select d.lot_id, d.buyer_id, d.bidder_no, d.state from deposit_ledger d
        join unnest(${pairs.map((p) => p[0])}::bigint[], ${pairs.map((p) => p[1])}::bigint[]) as u(lot_id, buyer_id)
          on d.lot_id = u.lot_id and d.buyer_id = u.buyer_id`.execute(db);
      return rows;
    },
  };
}
