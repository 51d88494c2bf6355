import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, DealTable } from '../../db/schema';

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
          eb
            .selectFrom('lot_photo')
            .select('url')
            .whereRef('lot_photo.lot_id', '=', 'lot.id')
            .orderBy('is_cover', 'desc')
            .orderBy('seq')
            .limit(1)
            .as('cover'),
        ])
        .where('deal.lot_id', '=', lotId)
        .executeTakeFirst(),

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
