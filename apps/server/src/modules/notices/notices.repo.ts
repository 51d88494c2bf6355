import type { Insertable, Kysely } from 'kysely';
import { notifyManyVia } from '../../db/notify';
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
        .select(['deal.buyer_id', 'deal.round', 'o.submitted_by', 'lot.title'])
        .where('deal.lot_id', '=', lotId)
        .executeTakeFirst();
      return row
        ? { buyer: row.buyer_id, seller: row.submitted_by, title: row.title, round: row.round }
        : null;
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
    /** One row per recipient and event; an event written twice stays one row (and is not returned). */
    insert: async (rows: Array<Insertable<NoticeTable>>) =>
      rows.length === 0
        ? []
        : db
            .insertInto('notice')
            .values(rows)
            .onConflict((oc) => oc.columns(['user_id', 'event_key']).doNothing())
            .returning(['id', 'user_id', 'kind'])
            .execute(),
    /** An SMS per notice, due now; the delivery job applies preferences and quiet hours when it sends. */
    queueSms: (rows: Array<{ id: string; user_id: string }>, now: Date) =>
      db
        .insertInto('notice_delivery')
        .values(
          rows.map((r) => ({
            notice_id: r.id,
            user_id: r.user_id,
            channel: 'sms' as const,
            next_at: now,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((oc) => oc.columns(['notice_id', 'channel']).doNothing())
        .execute(),
    announce: (channel: string, payloads: string[]) => notifyManyVia(db, channel, payloads),
    /** Notices by id for the users given (a process loads only those it has connections for). */
    byIds: (ids: string[]) =>
      ids.length ? db.selectFrom('notice').selectAll().where('id', 'in', ids).execute() : Promise.resolve([]),
    unreadCounts: async (userIds: string[]) => {
      if (!userIds.length) return new Map<string, number>();
      const rows = await db
        .selectFrom('notice')
        .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('user_id', 'in', userIds)
        .where('read_at', 'is', null)
        .groupBy('user_id')
        .execute();
      return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
    },
    /** How many of these ids are the user's notices (marking someone else's is refused). */
    ownedCount: async (userId: string, ids: string[]) =>
      Number(
        (
          await db
            .selectFrom('notice')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('id', 'in', ids)
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
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
