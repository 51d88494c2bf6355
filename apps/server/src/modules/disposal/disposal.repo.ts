import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  AuctionOrderDraftTable,
  AuctionOrderEventTable,
  AuctionOrderTable,
  Database,
} from '../../db/schema';
import { escapeLike } from '../../lib/sql';

export type OrderRow = Selectable<AuctionOrderTable>;
export type DraftRow = Selectable<AuctionOrderDraftTable>;

/**
 * The status a seller sees (docs/product.md#14-disposal-and-review): the lot's once approved,
 * otherwise 1 pending, 8 returned, 7 withdrawn. One SQL expression, used to show and to filter.
 */
const orderStatus = sql<number>`case auction_order.stage
  when 'approved' then lot.status
  when 'pending' then 1
  when 'returned' then 8
  else 7 end`;

/** Buyers who paid a deposit for the lot (each ledger row is one buyer's deposit). */
const registeredBidders = sql<string>`(select count(*) from deposit_ledger d where d.lot_id = auction_order.id)`;

export interface OrderListQuery {
  unitId: string;
  statuses?: number[] | undefined;
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

/** SQL for disposal orders, their drafts and their timeline. */
export function disposalRepo(db: Kysely<Database>) {
  const listed = (unitId: string) =>
    db
      .selectFrom('auction_order')
      .leftJoin('lot', 'lot.id', 'auction_order.id')
      .leftJoin('deal', 'deal.lot_id', 'auction_order.id')
      .where('auction_order.seller_org_id', '=', unitId);

  return {
    insertOrder: (values: Insertable<AuctionOrderTable>) =>
      db.insertInto('auction_order').values(values).returningAll().executeTakeFirstOrThrow(),
    updateOrder: (id: string, set: Updateable<AuctionOrderTable>) =>
      db.updateTable('auction_order').set(set).where('id', '=', id).execute(),
    /** Locks the order row for a state change inside a transaction. */
    lockOrder: (id: string) =>
      db.selectFrom('auction_order').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    orderOfUnit: (id: string, unitId: string) =>
      db
        .selectFrom('auction_order')
        .selectAll()
        .where('id', '=', id)
        .where('seller_org_id', '=', unitId)
        .executeTakeFirst(),
    addEvent: (values: Insertable<AuctionOrderEventTable>) =>
      db.insertInto('auction_order_event').values(values).execute(),
    events: (orderId: string) =>
      db
        .selectFrom('auction_order_event')
        .selectAll()
        .where('order_id', '=', orderId)
        .orderBy('at')
        .orderBy('id')
        .execute(),

    /** A pending or returned order, or a lot not yet closed (0–4), with this VIN. */
    vinInUse: async (vin: string, exceptOrderId: string | null) => {
      const order = await db
        .selectFrom('auction_order')
        .select('id')
        .where('vin', '=', vin)
        .where('stage', 'in', ['pending', 'returned'])
        .$if(exceptOrderId !== null, (q) => q.where('id', '!=', exceptOrderId!))
        .executeTakeFirst();
      if (order) return true;
      const lot = await db
        .selectFrom('lot')
        .select('id')
        .where('vin', '=', vin)
        .where('status', 'in', [0, 1, 2, 3, 4])
        .executeTakeFirst();
      return Boolean(lot);
    },

    files: (ids: string[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('file')
            .select(['id', 'owner_id', 'owner_unit_id', 'type', 'is_private', 'content_type'])
            .where('id', 'in', ids)
            .where('deleted_at', 'is', null)
            .execute(),

    list: async (q: OrderListQuery) => {
      let base = listed(q.unitId);
      if (q.statuses?.length) base = base.where(orderStatus, 'in', q.statuses);
      if (q.keyword) {
        const like = `%${escapeLike(q.keyword.toUpperCase())}%`;
        base = base.where((eb) =>
          eb.or([eb('auction_order.vin', 'like', like), eb('auction_order.plate_no', 'like', like)]),
        );
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('auction_order')
        .select([
          orderStatus.as('status'),
          'lot.current_price',
          'lot.bid_count',
          'lot.views',
          'lot.start_time',
          'lot.end_time',
          'deal.stage as deal_stage',
          registeredBidders.as('registered'),
        ])
        .orderBy('auction_order.submitted_at', 'desc')
        .orderBy('auction_order.id', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },

    /** One order with its lot's figures and times, scoped to the unit. */
    detail: (id: string, unitId: string) =>
      listed(unitId)
        .where('auction_order.id', '=', id)
        .selectAll('auction_order')
        .select([
          orderStatus.as('status'),
          'lot.current_price',
          'lot.bid_count',
          'lot.views',
          'lot.preview_time',
          'lot.reg_start_time',
          'lot.start_time',
          'lot.end_time',
          'lot.closed_at',
          'deal.stage as deal_stage',
          registeredBidders.as('registered'),
        ])
        .executeTakeFirst(),

    /** The winning bid's bidder number of a sold lot. */
    winnerNo: (lotId: string) =>
      db
        .selectFrom('bid')
        .select('bidder_no')
        .where('lot_id', '=', lotId)
        .orderBy('seq', 'desc')
        .limit(1)
        .executeTakeFirst(),

    // ——— Drafts ———
    insertDraft: (values: Insertable<AuctionOrderDraftTable>) =>
      db.insertInto('auction_order_draft').values(values).returningAll().executeTakeFirstOrThrow(),
    updateDraft: (id: string, unitId: string, set: Updateable<AuctionOrderDraftTable>) =>
      db
        .updateTable('auction_order_draft')
        .set(set)
        .where('id', '=', id)
        .where('seller_org_id', '=', unitId)
        .returningAll()
        .executeTakeFirst(),
    draft: (id: string, unitId: string) =>
      db
        .selectFrom('auction_order_draft')
        .selectAll()
        .where('id', '=', id)
        .where('seller_org_id', '=', unitId)
        .executeTakeFirst(),
    drafts: (unitId: string) =>
      db
        .selectFrom('auction_order_draft')
        .selectAll()
        .where('seller_org_id', '=', unitId)
        .orderBy('updated_at', 'desc')
        .limit(50)
        .execute(),
    deleteDraft: async (id: string, unitId: string) =>
      Number(
        (
          await db
            .deleteFrom('auction_order_draft')
            .where('id', '=', id)
            .where('seller_org_id', '=', unitId)
            .executeTakeFirst()
        ).numDeletedRows,
      ) > 0,
  };
}
export type DisposalRepo = ReturnType<typeof disposalRepo>;
