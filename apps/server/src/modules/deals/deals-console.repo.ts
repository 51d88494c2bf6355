import { sql, type Kysely } from 'kysely';
import type { deals } from '@chepai/shared';
import type { Database } from '../../db/schema';
import { coverOf } from './deals.repo';

/** The deadline of the deal's current stage, in SQL (null when none runs). */
const stageDeadline = sql<Date | null>`case deal.stage
  when 'signing' then deal.sign_deadline
  when 'paying' then deal.pay_deadline
  when 'pickup' then deal.pickup_deadline
  when 'transfer' then deal.transfer_deadline end`;

/** SQL for the console's deal pages: deals by stage, defaults, strikes, paper contracts. */
export function dealsConsoleRepo(db: Kysely<Database>) {
  return {
    deals: async (q: {
      stage?: deals.DealStage | undefined;
      overdueOnly?: boolean | undefined;
      keyword?: string | undefined;
      now: Date;
      offset: number;
      limit: number;
    }) => {
      const base = db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .innerJoin('app_user as buyer', 'buyer.id', 'deal.buyer_id')
        .leftJoin('seller_org as org', 'org.id', 'lot.seller_id')
        .$if(q.stage !== undefined, (b) => b.where('deal.stage', '=', q.stage!))
        .$if(Boolean(q.overdueOnly), (b) => b.where(stageDeadline, '<=', q.now))
        .$if(Boolean(q.keyword), (b) =>
          b.where((eb) =>
            eb.or([
              eb('lot.title', 'like', `%${q.keyword!.replace(/[%_\\]/g, '\\$&')}%`),
              eb('lot.plate_no', 'like', `%${q.keyword!.replace(/[%_\\]/g, '\\$&')}%`),
              eb(sql<string>`deal.lot_id::text`, '=', q.keyword!),
            ]),
          ),
        );
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('deal')
          .select((eb) => [
            'lot.title',
            'lot.plate_no',
            'org.name as org_name',
            'buyer.real_name as buyer_name',
            'buyer.company_name as buyer_company',
            'buyer.bidder_type as buyer_type',
            'buyer.tel as buyer_tel',
            coverOf(eb),
          ])
          // Overdue first, then the nearest deadline; finished deals last.
          .orderBy(sql`case when ${stageDeadline} <= ${q.now} then 0 else 1 end`)
          .orderBy(sql`${stageDeadline} asc nulls last`)
          .orderBy('deal.created_at', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    defaults: async (q: { open?: boolean | undefined; offset: number; limit: number }) => {
      const base = db
        .selectFrom('deal_default as d')
        .innerJoin('lot', 'lot.id', 'd.lot_id')
        .innerJoin('app_user as buyer', 'buyer.id', 'd.buyer_id')
        .leftJoin('seller_org as org', 'org.id', 'lot.seller_id')
        .$if(Boolean(q.open), (b) => b.where('d.resolution', '=', 'none'));
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll('d')
          .select((eb) => [
            'lot.title',
            'org.name as org_name',
            'buyer.real_name as buyer_name',
            'buyer.tel as buyer_tel',
            eb
              .selectFrom('second_chance_offer as o')
              .select('o.status')
              .whereRef('o.default_id', '=', 'd.id')
              .orderBy('o.offered_at', 'desc')
              .limit(1)
              .as('offer_status'),
          ])
          .orderBy('d.at', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    /** Buyers with strikes (or only those barred now), the most recent first. */
    struckBuyers: async (q: {
      barredOnly?: boolean | undefined;
      keyword?: string | undefined;
      now: Date;
      offset: number;
      limit: number;
    }) => {
      const base = db
        .selectFrom('app_user as u')
        .where((eb) =>
          eb.exists(eb.selectFrom('buyer_strike as s').select('s.id').whereRef('s.buyer_id', '=', 'u.id')),
        )
        .$if(Boolean(q.barredOnly), (b) =>
          b.where((eb) =>
            eb.exists(
              eb
                .selectFrom('buyer_bar as bb')
                .select('bb.id')
                .whereRef('bb.buyer_id', '=', 'u.id')
                .where('bb.lifted_at', 'is', null)
                .where('bb.until', '>', q.now),
            ),
          ),
        )
        .$if(Boolean(q.keyword), (b) =>
          b.where((eb) => eb.or([eb('u.real_name', '=', q.keyword!), eb('u.tel', '=', q.keyword!)])),
        );
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['u.id', 'u.real_name', 'u.tel'])
          .select((eb) =>
            eb
              .selectFrom('buyer_strike as s')
              .select((e) => e.fn.max('s.at').as('m'))
              .whereRef('s.buyer_id', '=', 'u.id')
              .as('last_at'),
          )
          .orderBy('last_at', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    strikesOf: (buyerIds: string[]) =>
      buyerIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('buyer_strike as s')
            .innerJoin('lot', 'lot.id', 's.lot_id')
            .select(['s.buyer_id', 's.lot_id', 's.at', 's.reason', 'lot.title'])
            .where('s.buyer_id', 'in', buyerIds)
            .orderBy('s.at', 'desc')
            .execute(),

    barsOf: (buyerIds: string[], now: Date) =>
      buyerIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('buyer_bar')
            .select(['id', 'buyer_id', 'since', 'until'])
            .where('buyer_id', 'in', buyerIds)
            .where('lifted_at', 'is', null)
            .where('until', '>', now)
            .execute(),

    strikeCount: async (buyerId: string) =>
      Number(
        (
          await db
            .selectFrom('buyer_strike')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('buyer_id', '=', buyerId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    contracts: async (q: { status: 'pending' | 'accepted' | 'rejected'; offset: number; limit: number }) => {
      const base = db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .innerJoin('app_user as buyer', 'buyer.id', 'deal.buyer_id')
        .innerJoin('file', 'file.id', 'deal.paper_contract_file_id')
        .where('deal.paper_contract_status', '=', q.status);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .select([
            'deal.lot_id',
            'deal.paper_contract_file_id',
            'deal.paper_contract_status',
            'deal.paper_contract_reason',
            'deal.paper_contract_uploaded_at',
            'lot.title',
            'buyer.real_name as buyer_name',
            'file.content_type',
          ])
          .orderBy('deal.paper_contract_uploaded_at', q.status === 'pending' ? 'asc' : 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    lotForTerms: (lotId: string) =>
      db
        .selectFrom('lot')
        .select(['id', 'status', 'deal_terms', 'closed_at', 'forfeit_seller_pct', 'seller_fee_separate'])
        .where('id', '=', lotId)
        .executeTakeFirst(),
  };
}
