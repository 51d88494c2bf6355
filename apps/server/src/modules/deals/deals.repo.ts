import type { Insertable, Kysely, Updateable } from 'kysely';
import type { deals } from '@chepai/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Database, DealTable } from '../../db/schema';

type DealStage = deals.DealStage;

/** The lot's cover photo URL (null when it has none). */
export const coverOf = (eb: ExpressionBuilder<Database, 'lot'>) =>
  eb
    .selectFrom('lot_photo')
    .select('url')
    .whereRef('lot_photo.lot_id', '=', 'lot.id')
    .orderBy('is_cover', 'desc')
    .orderBy('seq')
    .limit(1)
    .as('cover');

/** SQL for deals (deal): one per sold lot, from the close to the completed transfer. */
export function dealsRepo(db: Kysely<Database>) {
  return {
    /** Opens the deal of a lot once; a second close of the same lot changes nothing. */
    insertIfAbsent: (values: Insertable<DealTable>) =>
      db
        .insertInto('deal')
        .values(values)
        .onConflict((oc) => oc.column('lot_id').doNothing())
        .execute(),

    /** The deal of a lot, locked until the transaction ends. */
    lock: (lotId: string) =>
      db.selectFrom('deal').selectAll().where('lot_id', '=', lotId).forUpdate().executeTakeFirst(),

    update: (lotId: string, values: Updateable<DealTable>) =>
      db.updateTable('deal').set(values).where('lot_id', '=', lotId).execute(),

    /** Everything either side's page shows: the deal, the lot's facts, both parties. */
    view: (lotId: string) =>
      db
        .selectFrom('deal')
        .innerJoin('lot', 'lot.id', 'deal.lot_id')
        .innerJoin('app_user as buyer', 'buyer.id', 'deal.buyer_id')
        .leftJoin('seller_org as org', 'org.id', 'lot.seller_id')
        .selectAll('deal')
        .select((eb) => [
          'lot.title',
          'lot.vin',
          'lot.plate_no',
          'lot.brand_name',
          'lot.series_name',
          'lot.model_name',
          'lot.first_reg_date',
          'lot.mileage_km',
          'lot.color',
          'lot.pickup_address',
          'lot.closed_at',
          'lot.seller_id',
          'org.name as org_name',
          'buyer.real_name as buyer_name',
          'buyer.company_name as buyer_company',
          'buyer.bidder_type as buyer_type',
          'buyer.tel as buyer_tel',
          coverOf(eb),
        ])
        .where('deal.lot_id', '=', lotId)
        .executeTakeFirst(),

    /** A buyer's deals, newest first, with what a list row shows. */
    ofBuyer: async (buyerId: string, stage: DealStage | undefined, offset: number, limit: number) => {
      const base = db
        .selectFrom('deal')
        .where('deal.buyer_id', '=', buyerId)
        .$if(stage !== undefined, (q) => q.where('deal.stage', '=', stage!));
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
        base
          .innerJoin('lot', 'lot.id', 'deal.lot_id')
          .selectAll('deal')
          .select((eb) => ['lot.title', coverOf(eb)])
          .orderBy('deal.created_at', 'desc')
          .orderBy('deal.lot_id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
      ]);
      return { total: Number(count.n), rows };
    },

    /** Claims one deal past its signing or payment deadline; SKIP LOCKED keeps processes apart. */
    claimOverdue: (now: Date) =>
      db
        .selectFrom('deal')
        .select(['lot_id', 'buyer_id', 'stage'])
        .where((eb) =>
          eb.or([
            eb.and([eb('stage', '=', 'signing'), eb('sign_deadline', '<=', now)]),
            eb.and([eb('stage', 'in', ['signing', 'paying']), eb('pay_deadline', '<=', now)]),
          ]),
        )
        .orderBy('pay_deadline')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst(),
  };
}

/** SQL for what a deal's page shows besides the deal row: receipts, the default. */
export function dealExtrasRepo(db: Kysely<Database>) {
  return {
    /** The buyer's paid payments for the lot (deposit and the deal's shares) with what went back, oldest first. */
    receipts: (lotId: string, buyerId: string) =>
      db
        .selectFrom('payment')
        .select((eb) => [
          'payment.payment_no',
          'payment.purpose',
          'payment.amount',
          'payment.paid_at',
          // Refunded or being refunded (an approved refund): money that went back is no receipt.
          eb
            .selectFrom('refund')
            .select(sql<string>`coalesce(sum(refund.amount), 0)`.as('s'))
            .whereRef('refund.payment_no', '=', 'payment.payment_no')
            .where('refund.status', 'not in', ['rejected', 'requested'])
            .as('refunded'),
        ])
        .where('payment.lot_id', '=', lotId)
        .where('payment.buyer_id', '=', buyerId)
        .where('payment.status', '=', 'paid')
        .orderBy('payment.paid_at')
        // Paid in the same instant: the order a deal owes them in.
        .orderBy(
          sql`array_position(array['deposit', 'offer_deposit', 'balance', 'service_fee', 'storage_fee', 'seller_fee'], payment.purpose)`,
        )
        .orderBy('payment.payment_no')
        .execute(),

    /** The newest default of the lot, if any. */
    latestDefault: (lotId: string) =>
      db
        .selectFrom('deal_default')
        .selectAll()
        .where('lot_id', '=', lotId)
        .orderBy('round', 'desc')
        .limit(1)
        .executeTakeFirst(),

    offers: (lotId: string) =>
      db
        .selectFrom('second_chance_offer as o')
        .innerJoin('lot', 'lot.id', 'o.lot_id')
        .leftJoin('payment as p', 'p.payment_no', 'o.payment_no')
        .selectAll('o')
        .select(['lot.title', 'lot.deposit', 'p.status as payment_status'])
        .where('o.lot_id', '=', lotId)
        .orderBy('o.offered_at', 'desc')
        .orderBy('o.id', 'desc')
        .execute(),
  };
}
