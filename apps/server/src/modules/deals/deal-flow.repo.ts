import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { Database, DealDefaultTable, SecondChanceOfferTable } from '../../db/schema';

/** SQL for the flow after the hammer: settings, defaults, strikes and bars, offers, invoice details. */
export function dealFlowRepo(db: Kysely<Database>) {
  return {
    setting: (key: string) =>
      db.selectFrom('platform_setting').select('value').where('key', '=', key).executeTakeFirst(),

    putSetting: (key: string, value: unknown, by: string, now: Date) =>
      db
        .insertInto('platform_setting')
        .values({ key, value: JSON.stringify(value), updated_at: now, updated_by: by })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now, updated_by: by }),
        )
        .execute(),

    lotTerms: (lotId: string) =>
      db
        .selectFrom('lot')
        .select(['deal_terms', 'status', 'seller_id', 'forfeit_seller_pct', 'seller_fee_separate'])
        .where('id', '=', lotId)
        .executeTakeFirst(),

    /** The lot's own terms; the forfeit split and the seller-fee mode also live in the lot's own columns (migration 022). */
    setLotTerms: (lotId: string, terms: unknown, forfeitSellerPct: number, sellerFeeSeparate: boolean) =>
      db
        .updateTable('lot_base')
        .set({
          deal_terms: JSON.stringify(terms),
          forfeit_seller_pct: forfeitSellerPct,
          seller_fee_separate: sellerFeeSeparate,
        })
        .where('id', '=', lotId)
        .execute(),

    lotOwner: (lotId: string) =>
      db.selectFrom('lot').select(['seller_id', 'title']).where('id', '=', lotId).executeTakeFirst(),

    dealStage: (lotId: string) =>
      db.selectFrom('deal').select(['stage', 'round']).where('lot_id', '=', lotId).executeTakeFirst(),

    insertDefault: (values: Insertable<DealDefaultTable>) =>
      db.insertInto('deal_default').values(values).returning('id').executeTakeFirstOrThrow(),

    updateDefault: (id: string, values: Updateable<DealDefaultTable>) =>
      db.updateTable('deal_default').set(values).where('id', '=', id).execute(),

    insertStrike: (values: {
      buyer_id: string;
      lot_id: string;
      default_id: string;
      reason: string;
      at: Date;
    }) =>
      db
        .insertInto('buyer_strike')
        .values(values)
        .onConflict((oc) => oc.columns(['lot_id', 'buyer_id']).doNothing())
        .execute(),

    /** Strikes not yet counted towards a bar, locked. */
    uncountedStrikes: (buyerId: string) =>
      db
        .selectFrom('buyer_strike')
        .select('id')
        .where('buyer_id', '=', buyerId)
        .where('bar_id', 'is', null)
        .orderBy('at')
        .forUpdate()
        .execute(),

    insertBar: (buyerId: string, since: Date, until: Date) =>
      db
        .insertInto('buyer_bar')
        .values({ buyer_id: buyerId, since, until })
        .returning('id')
        .executeTakeFirstOrThrow(),

    countStrikes: (ids: string[], barId: string) =>
      db.updateTable('buyer_strike').set({ bar_id: barId }).where('id', 'in', ids).execute(),

    activeBar: (buyerId: string, now: Date) =>
      db
        .selectFrom('buyer_bar')
        .select(['id', 'since', 'until'])
        .where('buyer_id', '=', buyerId)
        .where('lifted_at', 'is', null)
        .where('until', '>', now)
        .orderBy('until', 'desc')
        .limit(1)
        .executeTakeFirst(),

    liftBars: (buyerId: string, now: Date, by: string, reason: string) =>
      db
        .updateTable('buyer_bar')
        .set({ lifted_at: now, lifted_by: by, lift_reason: reason })
        .where('buyer_id', '=', buyerId)
        .where('lifted_at', 'is', null)
        .where('until', '>', now)
        .returning(['id', 'until'])
        .execute(),

    /**
     * The highest bid of the best bidder who may still be offered the lot: not in a default of it
     * (any round), not offered it before, and not barred at `now` (decision 025).
     */
    runnerUp: (lotId: string, now: Date) =>
      db
        .selectFrom('bid')
        .select(['bidder_id', 'bidder_no'])
        .select((eb) => eb.fn.max('amount').as('top'))
        .where('lot_id', '=', lotId)
        .where('bidder_id', 'is not', null)
        .where((eb) =>
          eb.and([
            eb(
              'bidder_id',
              'not in',
              eb.selectFrom('deal_default').select('buyer_id').where('lot_id', '=', lotId),
            ),
            eb(
              'bidder_id',
              'not in',
              eb.selectFrom('second_chance_offer').select('buyer_id').where('lot_id', '=', lotId),
            ),
            eb.not(
              eb.exists(
                eb
                  .selectFrom('buyer_bar')
                  .select('buyer_bar.id')
                  .whereRef('buyer_bar.buyer_id', '=', 'bid.bidder_id')
                  .where('buyer_bar.lifted_at', 'is', null)
                  .where('buyer_bar.until', '>', now),
              ),
            ),
          ]),
        )
        .groupBy(['bidder_id', 'bidder_no'])
        .orderBy('top', 'desc')
        .limit(1)
        .executeTakeFirst(),

    pendingOffer: (lotId: string) =>
      db
        .selectFrom('second_chance_offer')
        .select('id')
        .where('lot_id', '=', lotId)
        .where('status', '=', 'pending')
        .executeTakeFirst(),

    insertOffer: (values: Insertable<SecondChanceOfferTable>) =>
      db
        .insertInto('second_chance_offer')
        .values(values)
        .returning(['id', 'expires_at'])
        .executeTakeFirstOrThrow(),

    lockOffer: (offerId: string) =>
      db
        .selectFrom('second_chance_offer')
        .selectAll()
        .where('id', '=', offerId)
        .forUpdate()
        .executeTakeFirst(),

    /** The offer a buyer holds for the lot, locked (one per bidder and lot). */
    lockOfferOf: (lotId: string, buyerId: string) =>
      db
        .selectFrom('second_chance_offer')
        .selectAll()
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .forUpdate()
        .executeTakeFirst(),

    setOfferPayment: (offerId: string, paymentNo: string) =>
      db
        .updateTable('second_chance_offer')
        .set({ payment_no: paymentNo })
        .where('id', '=', offerId)
        .execute(),

    lotDeposit: (lotId: string) =>
      db.selectFrom('lot').select(['deposit', 'title']).where('id', '=', lotId).executeTakeFirstOrThrow(),

    setOffer: (offerId: string, status: SecondChanceOfferTable['status'], now: Date) =>
      db
        .updateTable('second_chance_offer')
        .set({ status, decided_at: now })
        .where('id', '=', offerId)
        .where('status', '=', 'pending')
        .execute(),

    claimExpiredOffer: (now: Date) =>
      db
        .selectFrom('second_chance_offer')
        .select(['id', 'lot_id'])
        .where('status', '=', 'pending')
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst(),

    offersOfBuyer: (buyerId: string) =>
      db
        .selectFrom('second_chance_offer as o')
        .innerJoin('lot', 'lot.id', 'o.lot_id')
        .leftJoin('payment as p', 'p.payment_no', 'o.payment_no')
        .selectAll('o')
        .select(['lot.title', 'lot.deposit', 'p.status as payment_status'])
        .where('o.buyer_id', '=', buyerId)
        .orderBy('o.offered_at', 'desc')
        .limit(50)
        .execute(),

    order: (orderId: string) =>
      db.selectFrom('auction_order').selectAll().where('id', '=', orderId).executeTakeFirst(),

    invoiceInfo: (userId: string) =>
      db.selectFrom('invoice_info').selectAll().where('user_id', '=', userId).executeTakeFirst(),

    /**
     * Deals whose `kind` deadline is within `leadMs` and not yet reminded at that lead; with
     * `skipWithinMs`, a deadline closer than that is left to the shorter lead.
     */
    dueReminders: (
      kind: 'sign' | 'pay' | 'pickup' | 'transfer',
      lead: '24h' | '2h',
      leadMs: number,
      skipWithinMs: number,
      now: Date,
      limit: number,
    ) => {
      const column = {
        sign: 'sign_deadline',
        pay: 'pay_deadline',
        pickup: 'pickup_deadline',
        transfer: 'transfer_deadline',
      } as const;
      const stages = {
        sign: ['signing'],
        pay: ['signing', 'paying'],
        pickup: ['pickup'],
        transfer: ['transfer'],
      } as const;
      const col = column[kind];
      return (
        db
          .selectFrom('deal')
          .select(['lot_id', 'round', `${col} as deadline`])
          .where('stage', 'in', [...stages[kind]])
          .where(col, '>', new Date(now.getTime() + skipWithinMs))
          .where(col, '<=', new Date(now.getTime() + leadMs))
          // A reminder is for a deadline that was further away than its lead when the deal (or its
          // round) opened: the 24 h signing window gets no '24 h left' notice beside the won notice.
          .where(
            sql<boolean>`${sql.ref(`deal.${col}`)} > deal.created_at + ${leadMs} * interval '1 millisecond'`,
          )
          .where((eb) =>
            eb.not(
              eb.exists(
                eb
                  .selectFrom('deal_reminder as r')
                  .select('r.lot_id')
                  .whereRef('r.lot_id', '=', 'deal.lot_id')
                  .whereRef('r.round', '=', 'deal.round')
                  .where('r.deadline_kind', '=', kind)
                  .where('r.lead', '=', lead),
              ),
            ),
          )
          .limit(limit)
          .execute()
      );
    },

    /** Marks a reminder sent; false when another run already did. */
    markReminded: async (values: {
      lot_id: string;
      round: number;
      deadline_kind: 'sign' | 'pay' | 'pickup' | 'transfer';
      lead: '24h' | '2h';
      deadline: Date;
      sent_at: Date;
    }) =>
      Boolean(
        await db
          .insertInto('deal_reminder')
          .values(values)
          .onConflict((oc) => oc.columns(['lot_id', 'round', 'deadline_kind', 'lead']).doNothing())
          .returning('lot_id')
          .executeTakeFirst(),
      ),
  };
}
