import type { Insertable, Kysely } from 'kysely';
import type { Database, DepositLedgerState, DepositLedgerTable, DepositMovementTable } from '../../db/schema';
import { inParts } from '../../lib/sql';

const MOVABLE = ['id', 'lot_id', 'buyer_id', 'amount', 'payment_no'] as const;

/** SQL for deposits (deposit_ledger) and the history of their moves (deposit_movement). */
export function depositLedgerRepo(db: Kysely<Database>) {
  return {
    ofBuyer: (lotId: string, buyerId: string) =>
      db
        .selectFrom('deposit_ledger')
        .selectAll()
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst(),

    /** Inserts a deposit; undefined when the buyer or the bidder number is already in the lot. */
    insertIfFree: (values: Insertable<DepositLedgerTable>) =>
      db
        .insertInto('deposit_ledger')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returning(MOVABLE)
        .executeTakeFirst(),

    /** The frozen deposits of a lot, locked until the transaction ends. */
    lockFrozenOfLot: (lotId: string) =>
      db
        .selectFrom('deposit_ledger')
        .select(MOVABLE)
        .where('lot_id', '=', lotId)
        .where('state', '=', 'frozen')
        .forUpdate()
        .execute(),

    /** A buyer's deposit still held (frozen or applied), locked until the transaction ends. */
    lockHeld: (lotId: string, buyerId: string) =>
      db
        .selectFrom('deposit_ledger')
        .select([...MOVABLE, 'state'])
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .where('state', 'in', ['frozen', 'applied'])
        .forUpdate()
        .executeTakeFirst(),

    /** Moves deposits still `from` to `to` in one statement (a lot's close settles all of them). */
    settleMany: (ids: string[], to: DepositLedgerState, at: Date, from: DepositLedgerState) =>
      inParts(ids, (part) =>
        db
          .updateTable('deposit_ledger')
          .set({ state: to, settled_at: at })
          .where('id', 'in', part)
          .where('state', '=', from)
          .execute(),
      ),

    recordMovements: (values: Insertable<DepositMovementTable>[]) =>
      inParts(values, (part) => db.insertInto('deposit_movement').values(part).execute()),
  };
}
