import { sql, type Insertable, type Kysely } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/** SQL for the operator console: staff identities, the review queue, the lot monitor, the audit log. */
export function consoleRepo(db: Kysely<Database>) {
  return {
    // ——— Staff ———
    operatorByIdentity: (provider: string, subject: string) =>
      db
        .selectFrom('user_identity')
        .innerJoin('app_user', 'app_user.id', 'user_identity.user_id')
        .select(['app_user.id', 'app_user.real_name'])
        .where('user_identity.provider', '=', provider)
        .where('user_identity.subject', '=', subject)
        .where('user_identity.role', '=', 'operator')
        .executeTakeFirst(),
    /** A staff member known to the issuer by configuration, created on first sign-in. */
    createOperator: async (provider: string, subject: string, name: string, phone: string) => {
      const user = await db
        .insertInto('app_user')
        .values({ role: 'operator', real_name: name })
        .returning(['id', 'real_name'])
        .executeTakeFirstOrThrow();
      await db
        .insertInto('user_identity')
        .values({ user_id: user.id, role: 'operator', provider, subject, phone })
        .execute();
      return user;
    },
    recordLogin: (userId: string, name: string, at: Date) =>
      Promise.all([
        db.updateTable('user_identity').set({ last_login_at: at }).where('user_id', '=', userId).execute(),
        name ? db.updateTable('app_user').set({ real_name: name }).where('id', '=', userId).execute() : null,
      ]),
    operatorName: async (userId: string) =>
      (await db.selectFrom('app_user').select('real_name').where('id', '=', userId).executeTakeFirst())
        ?.real_name ?? '',

    // ——— Review queue ———
    submissions: async (q: {
      stage: 'pending' | 'returned';
      keyword?: string | undefined;
      offset: number;
      limit: number;
    }) => {
      let base = db
        .selectFrom('auction_order')
        .innerJoin('seller_org', 'seller_org.id', 'auction_order.seller_org_id')
        .where('auction_order.stage', '=', q.stage);
      if (q.keyword) {
        const like = `%${escapeLike(q.keyword.toUpperCase())}%`;
        base = base.where((eb) =>
          eb.or([
            eb('auction_order.vin', 'like', like),
            eb('auction_order.plate_no', 'like', like),
            eb('auction_order.title', 'like', `%${escapeLike(q.keyword!)}%`),
            eb('seller_org.name', 'like', `%${escapeLike(q.keyword!)}%`),
          ]),
        );
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      // Oldest first: the queue is worked in the order it arrived.
      const rows = await base
        .selectAll('auction_order')
        .select(['seller_org.name as seller_name', 'seller_org.org_type'])
        .orderBy('auction_order.submitted_at')
        .orderBy('auction_order.id')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },
    submission: (orderId: string) =>
      db
        .selectFrom('auction_order')
        .innerJoin('seller_org', 'seller_org.id', 'auction_order.seller_org_id')
        .selectAll('auction_order')
        .select(['seller_org.name as seller_name', 'seller_org.org_type'])
        .where('auction_order.id', '=', orderId)
        .executeTakeFirst(),
    /** Other pending or returned orders and lots not yet closed with this VIN. */
    sameVin: async (vin: string, orderId: string) => {
      const orders = await db
        .selectFrom('auction_order')
        .select('id')
        .where('vin', '=', vin)
        .where('id', '!=', orderId)
        .where('stage', 'in', ['pending', 'returned'])
        .execute();
      const lots = await db
        .selectFrom('lot')
        .select('id')
        .where('vin', '=', vin)
        .where('id', '!=', orderId)
        .where('status', 'in', [0, 1, 2, 3, 4])
        .execute();
      return [...orders, ...lots].map((r) => r.id);
    },
    guidePrice: async (modelId: string) =>
      (await db.selectFrom('car_model').select('series_price').where('id', '=', modelId).executeTakeFirst())
        ?.series_price ?? null,
    fileTypes: (ids: string[]) =>
      ids.length
        ? db.selectFrom('file').select(['id', 'content_type']).where('id', 'in', ids).execute()
        : Promise.resolve([]),

    // ——— Lot monitor ———
    runningLots: async (q: { statuses: number[]; offset: number; limit: number }) => {
      const base = db
        .selectFrom('lot')
        .innerJoin('seller_org', 'seller_org.id', 'lot.seller_id')
        .where('lot.status', 'in', q.statuses);
      const { total } = await base
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'lot.id',
          'lot.title',
          'lot.status',
          'lot.current_price',
          'lot.bid_count',
          'lot.start_time',
          'lot.end_time',
          'lot.paused_at',
          'seller_org.name as seller_name',
          sql<string>`(select count(*) from deposit_ledger d where d.lot_id = lot.id)`.as('registered'),
        ])
        .orderBy('lot.end_time')
        .orderBy('lot.id')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },

    // ——— Disposal units ———
    units: async (q: { offset: number; limit: number }) => {
      const { total } = await db
        .selectFrom('seller_org')
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await db
        .selectFrom('seller_org')
        .leftJoin('collection_account', 'collection_account.seller_org_id', 'seller_org.id')
        .select([
          'seller_org.id',
          'seller_org.name',
          'seller_org.org_type',
          'seller_org.credit_code',
          'collection_account.bank_name',
          'collection_account.account_no_last4',
        ])
        .orderBy('seller_org.id')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },
    unitExists: async (unitId: string) =>
      Boolean(await db.selectFrom('seller_org').select('id').where('id', '=', unitId).executeTakeFirst()),

    // ——— Audit log (append-only: the database refuses UPDATE and DELETE) ———
    audit: (row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row).execute(),
    auditPage: async (q: {
      action?: string | undefined;
      targetId?: string | undefined;
      operatorId?: string | undefined;
      offset: number;
      limit: number;
    }) => {
      let base = db.selectFrom('audit_log');
      if (q.action) base = base.where('action', 'like', `${escapeLike(q.action)}%`);
      if (q.targetId) base = base.where('target_id', '=', q.targetId);
      if (q.operatorId) base = base.where('operator_id', '=', q.operatorId);
      const { total } = await base
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('at', 'desc')
        .orderBy('id', 'desc')
        .offset(q.offset)
        .limit(q.limit)
        .execute();
      return { total: Number(total), rows };
    },
  };
}
