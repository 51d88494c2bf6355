import type { Insertable, Kysely } from 'kysely';
import type { Database, NoticeTable } from '../../db/schema';

/** SQL of the in-app inbox. */
export function noticesRepo(db: Kysely<Database>) {
  const mine = (userId: string, kinds: string[] | null, unreadOnly: boolean) => {
    let q = db.selectFrom('notice').where('user_id', '=', userId);
    if (kinds) q = q.where('kind', 'in', kinds);
    if (unreadOnly) q = q.where('read_at', 'is', null);
    return q;
  };
  return {
    /** Who submitted the vehicle behind a lot (lots seeded for the demo have no order). */
    submitterOf: async (lotId: string) =>
      (await db.selectFrom('auction_order').select('submitted_by').where('id', '=', lotId).executeTakeFirst())
        ?.submitted_by ?? null,
    /** The winner, the seller who submitted the lot (if any) and its title. */
    dealParties: async (lotId: string) => {
      const row = await db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .leftJoin('auction_order as o', 'o.id', 'deal.lot_id')
        .select(['deal.buyer_id', 'o.submitted_by', 'lot.title'])
        .where('deal.lot_id', '=', lotId)
        .executeTakeFirst();
      return row ? { buyer: row.buyer_id, seller: row.submitted_by, title: row.title } : null;
    },
    /** Buyers whose deposit for the lot is frozen now. */
    depositHolders: async (lotId: string) =>
      (
        await db
          .selectFrom('deposit_ledger')
          .select('buyer_id')
          .where('lot_id', '=', lotId)
          .where('state', '=', 'frozen')
          .execute()
      ).map((r) => r.buyer_id),
    /** One row per recipient and event; an event written twice stays one row. */
    insert: (rows: Array<Insertable<NoticeTable>>) =>
      rows.length === 0
        ? Promise.resolve()
        : db
            .insertInto('notice')
            .values(rows)
            .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
            .execute()
            .then(() => undefined),
    page: async (q: {
      userId: string;
      kinds: string[] | null;
      unreadOnly: boolean;
      offset: number;
      limit: number;
    }) => {
      const { total } = await mine(q.userId, q.kinds, q.unreadOnly)
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await mine(q.userId, q.kinds, q.unreadOnly)
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },
    unreadCount: async (userId: string) =>
      Number(
        (
          await mine(userId, null, true)
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    markRead: async (userId: string, ids: string[] | null, at: Date) => {
      let q = db
        .updateTable('notice')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (ids) q = q.where('id', 'in', ids);
      const r = await q.executeTakeFirst();
      return Number(r.numUpdatedRows);
    },
  };
}
