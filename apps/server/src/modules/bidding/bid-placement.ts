import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { SerialConnection } from '../../db/client';
import type { Database } from '../../db/schema';
import { CommitOutcomeUnknown, statementWithOutcome, transactionWithOutcome } from '../../db/tx-outcome';
import type { LiveBus } from '../../platform/live/live-bus';
import { lotNotices } from '../notices/lot-notices';
import { notify, noticeStatement, type NoticeInput } from '../notices/notify';
import { applyLotBatch, type BatchedBid, type BidRequest } from './bid-batch';
import { bidBatchRepo, type LockedLot, type LotWrite, type NewBid } from './bid-batch.repo';
import { afterBatch, engineCache } from './engine-cache';
import type { ListingKeys } from './listing-keys';
import { eventsOfBid, type BusEvent } from './live-events';
import { outbidWindow, type HeldOutbid } from './outbid-window';

type Groups = Map<string, BidRequest[]>;

interface ComputedBatch {
  answers: Map<string, BatchedBid[]>;
  rows: NewBid[];
  writes: LotWrite[];
  /** Each written lot as the batch leaves it, under its fresh token. */
  next: Map<string, LockedLot>;
  events: Array<{ lotId: string; event: BusEvent }>;
  /** The outbid notices its statement writes. */
  outbid: NoticeInput[];
  /** Outbid notices held by the window (decision 046), by lot: handed to it once the lot's write holds. */
  later: Map<string, HeldOutbid[]>;
  /** The time its statement was written at: the time of its outbids. */
  at?: Date;
}

const buyersOf = (reqs: BidRequest[] | undefined) => new Set(reqs?.map((r) => r.buyerId));
const subset = (groups: Groups, lotIds: string[]): Groups =>
  new Map(lotIds.map((id) => [id, groups.get(id) ?? []]));
const failed = (groups: Groups, lotIds: string[], error: unknown): Map<string, BatchedBid[]> =>
  new Map(lotIds.map((id) => [id, (groups.get(id) ?? []).map(() => ({ kind: 'failed', error }) as const)]));
/** A failure after which nothing of the work was committed: its lots may be run again. */
const rolledBack = (err: unknown) => !(err instanceof CommitOutcomeUnknown);

/**
 * Places one group-committed batch of bids over one or more lots (docs/decisions/029 and 035).
 *
 * Optimistic: when this process knows every lot of the batch and the frozen deposit of every bidder
 * on it (the engine cache), the rules run on what it knows and the batch is written by one statement
 * that commits on its own, one round trip, for the lots whose state still holds (their token, the
 * deposits). No lock is held while the process computes; the next batch of the same lots computes on
 * the state this one will leave and queues behind it in the database.
 *
 * Locked: a lot the cache cannot serve, or whose state did not hold, is run under its row lock in a
 * transaction (lock in id order, rules, the same write, commit), as every batch ran before: it always
 * holds, and it fills the cache.
 *
 * Each bid is answered only after the commit that holds it, with its own outcome.
 */
export function bidPlacement(ctx: AppContext, bus: LiveBus<BusEvent>, listing: ListingKeys) {
  const { db } = ctx.dbh;
  const cache = engineCache();
  const stats = { optimistic: 0, locked: 0, missed: 0, isolated: 0, depositReads: 0 };
  const outbids = outbidWindow({
    windowMs: ctx.env.OUTBID_NOTICE_WINDOW_MS,
    write: (items) => notify(db, items, ctx.now()),
    log: ctx.log,
  });
  /** The held outbids of the lots whose write held. */
  const holdOutbids = (batch: ComputedBatch, lotIds: Iterable<string>) => {
    for (const lotId of lotIds)
      outbids.hold((batch.later.get(lotId) ?? []).map((h) => ({ ...h, item: { ...h.item, at: batch.at } })));
  };

  /** The rules on every lot of a batch, in arrival order, on the given states; what to write and answer. */
  function compute(groups: Groups, lotIds: string[], states: Map<string, LockedLot>, checkDeposits: boolean) {
    const batch: ComputedBatch = {
      answers: new Map(),
      rows: [],
      writes: [],
      next: new Map(),
      events: [],
      outbid: [],
      later: new Map(),
    };
    for (const lotId of lotIds) {
      const state = states.get(lotId);
      const reqs = groups.get(lotId) ?? [];
      // The server clock is read per bid as the rules take it: acceptance order and bid times agree.
      const outcome = applyLotBatch(lotId, state, reqs, ctx.now);
      batch.answers.set(lotId, outcome.answers);
      if (!state) continue;
      // The bidders the rules took as having a frozen deposit: the statement checks they still do.
      const bidders = checkDeposits
        ? [...buyersOf(reqs)].filter((b) => state.deposits.get(b)?.state === 'frozen')
        : [];
      const expect = state.lot.engine_token;
      const { update } = outcome;
      if (!update) {
        // Refusals too were decided on the state: it must still hold for them to stand.
        batch.writes.push({ id: lotId, expect, bidders, update: null });
        continue;
      }
      const token = randomUUID();
      batch.writes.push({
        id: lotId,
        expect,
        bidders,
        update: { ...update, token, moves: update.status !== state.lot.status },
      });
      batch.next.set(lotId, afterBatch(state, update, outcome.rows, token));
      batch.rows.push(...outcome.rows);
      for (const row of outcome.rows)
        for (const event of eventsOfBid(lotId, { ...row, amount: String(row.amount) }, state.lot))
          batch.events.push({ lotId, event });
      const displaced = [...outcome.leaders].filter(
        (id) => id !== update.leader_id && !id.startsWith('anon:'),
      );
      const { now, later } = outbids.take(
        lotNotices.outbid(state.lot, displaced, Number(update.current_price)),
      );
      batch.outbid.push(...now);
      if (later.length)
        batch.later.set(
          lotId,
          later.map((item) => ({ item, bidCount: update.bid_count })),
        );
    }
    return batch;
  }

  /**
   * The batch's one statement: bid rows, lot updates, the outbid notices (decision 021) and the NOTIFYs,
   * each only for the lots that held; the notices and NOTIFYs are delivered at its commit.
   */
  function write(
    on: Kysely<Database>,
    batch: ComputedBatch,
    writes = batch.writes,
    serial?: SerialConnection,
  ) {
    const now = ctx.now();
    batch.at = now;
    return bidBatchRepo(on).writeBatch(
      writes,
      batch.rows,
      now,
      (written) => bus.notifyCall(batch.events, written),
      (written) => noticeStatement(batch.outbid, now, written),
      serial,
    );
  }

  /** The indexed listing copies stay behind so that the update is HOT (decision 006), marked once committed. */
  const markWritten = (lotIds: Iterable<string>) => {
    for (const lotId of lotIds) listing.markDirty(lotId);
  };

  async function placeLocked(groups: Groups, lotIds: string[], locked: () => void) {
    stats.locked++;
    const bidders = new Map(lotIds.map((id) => [id, [...buyersOf(groups.get(id))]]));
    let batch: ComputedBatch | undefined;
    try {
      // A lot met for the first time: all its frozen deposits are learnt with its lock, so that the
      // bidders after these need no read of their own (LEARN_DEPOSITS).
      const learn = new Set(lotIds.filter((id) => !cache.knowsDeposits(id)));
      await transactionWithOutcome(db, async (trx) => {
        const read = await bidBatchRepo(trx).lockLots(bidders, learn);
        batch = compute(groups, lotIds, read, false);
        // What the lots will be once this commits: the next batch of these lots computes on it and
        // queues behind our locks in the database.
        for (const lotId of lotIds) {
          const known = batch.next.get(lotId) ?? read.get(lotId);
          if (known) cache.put(lotId, known);
        }
        locked();
        const writes = batch.writes.filter((w) => w.update);
        if (writes.length) await write(trx, batch, writes);
      });
    } catch (err) {
      for (const lotId of lotIds) cache.drop(lotId);
      throw err;
    }
    if (!batch) throw new Error('bid batch ran no transaction');
    markWritten(batch.next.keys());
    holdOutbids(batch, batch.next.keys());
    return batch.answers;
  }

  /**
   * `placeLocked`, answering a failure per lot instead of throwing: if the transaction certainly
   * rolled back and spanned several lots, each lot runs again alone, so that only the lots that fail
   * alone fail (decision 029).
   */
  async function lockedOrFailed(groups: Groups, lotIds: string[], locked: () => void) {
    try {
      return await placeLocked(groups, lotIds, locked);
    } catch (err) {
      if (lotIds.length === 1 || !rolledBack(err)) return failed(groups, lotIds, err);
      return isolate(groups, lotIds);
    }
  }

  async function isolate(groups: Groups, lotIds: string[]) {
    stats.isolated++;
    const answers = new Map<string, BatchedBid[]>();
    for (const lotId of lotIds)
      for (const [id, a] of await lockedOrFailed(subset(groups, [lotId]), [lotId], () => {}))
        answers.set(id, a);
    return answers;
  }

  /**
   * The known lots with the deposits of their bidders in this batch: what the cache holds, and for a
   * bidder it has not seen a read of their deposit (frozen ones are learnt; the statement checks them
   * like the others).
   */
  async function knownStates(groups: Groups, lotIds: string[]) {
    const unknown = lotIds.flatMap((lotId) =>
      cache.unknownBuyers(lotId, buyersOf(groups.get(lotId))).map((b) => [lotId, b] as [string, string]),
    );
    if (unknown.length) stats.depositReads++;
    const rows = await bidBatchRepo(db).depositsOf(unknown);
    const read = new Map<string, typeof rows>();
    for (const d of rows) {
      const list = read.get(d.lot_id);
      if (list) list.push(d);
      else read.set(d.lot_id, [d]);
    }
    const states = new Map<string, LockedLot>();
    for (const lotId of lotIds) {
      const entry = cache.get(lotId);
      if (!entry) continue;
      const mine = read.get(lotId);
      // Nothing read (every buyer's frozen deposit is known, the usual case): the batch computes on
      // the cache's own deposits, which nothing changes before it has computed. Copying them for
      // every lot of every batch was most of the engine's own CPU with 100 lots of 200 bidders.
      if (!mine) {
        states.set(lotId, entry);
        continue;
      }
      const deposits = new Map(entry.deposits);
      cache.learnDeposits(
        lotId,
        mine.map((d) => [d.buyer_id, d]),
      );
      for (const d of mine) deposits.set(d.buyer_id, { bidder_no: d.bidder_no, state: d.state });
      states.set(lotId, { ...entry, deposits });
    }
    return states;
  }

  /**
   * One batch; never throws, since part of it may have committed by the time another part fails:
   * each lot's bids get their answers or their failure.
   */
  async function placeBatch(groups: Groups, locked: () => void): Promise<Map<string, BatchedBid[]>> {
    const lotIds = [...groups.keys()].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    const cold = lotIds.filter((lotId) => !cache.get(lotId));
    if (cold.length === lotIds.length) return lockedOrFailed(groups, lotIds, locked);
    // Lots this process does not know yet are placed under their locks first (and become known);
    // the batch's other lots then go by one statement.
    const answers = cold.length
      ? await lockedOrFailed(subset(groups, cold), cold, () => {})
      : new Map<string, BatchedBid[]>();
    const warm = lotIds.filter((lotId) => !answers.has(lotId));
    let states: Map<string, LockedLot>;
    try {
      states = await knownStates(groups, warm);
    } catch (err) {
      for (const [lotId, a] of failed(groups, warm, err)) answers.set(lotId, a);
      return answers;
    }
    const vanished = warm.filter((lotId) => !states.has(lotId));
    if (vanished.length)
      for (const [lotId, a] of await lockedOrFailed(subset(groups, vanished), vanished, () => {}))
        answers.set(lotId, a);
    const known = warm.filter((lotId) => states.has(lotId));
    if (!known.length) return answers;
    stats.optimistic++;
    const batch = compute(groups, known, states, true);
    // The next batch of these lots computes on the state this one leaves, and waits behind it in the
    // database: if this one does not hold, neither does that one.
    for (const [lotId, next] of batch.next) cache.put(lotId, next);
    locked();
    let held: Set<string>;
    try {
      held = await statementWithOutcome(() => write(db, batch, batch.writes, ctx.dbh.serial));
    } catch (err) {
      for (const lotId of known) cache.drop(lotId);
      const rerun =
        known.length > 1 && rolledBack(err) ? await isolate(groups, known) : failed(groups, known, err);
      for (const [lotId, a] of rerun) answers.set(lotId, a);
      return answers;
    }
    const written = [...batch.next.keys()].filter((lotId) => held.has(lotId));
    markWritten(written);
    holdOutbids(batch, written);
    for (const lotId of known) if (held.has(lotId)) answers.set(lotId, batch.answers.get(lotId) ?? []);
    const missed = known.filter((lotId) => !held.has(lotId));
    if (!missed.length) return answers;
    // Another process bid, the scheduler moved the lot, an operator paused it, a deposit went back:
    // those lots run again on their current state, under their locks.
    stats.missed += missed.length;
    for (const lotId of missed) cache.drop(lotId, true);
    for (const [lotId, a] of await lockedOrFailed(subset(groups, missed), missed, () => {}))
      answers.set(lotId, a);
    return answers;
  }

  return {
    placeBatch,
    /** Writes the held outbid notices now (shutdown; tests). */
    drainOutbids: () => outbids.drain(),
    /**
     * Counts since start: optimistic batches, locked ones, lots that did not hold, batches split after
     * a failure, batches that read deposits they had not seen; lots known, and (user, lot) pairs with
     * an open outbid window.
     */
    stats: () => ({ ...stats, cached: cache.size, outbidPairs: outbids.size() }),
  };
}
