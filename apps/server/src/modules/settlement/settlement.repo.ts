import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  Database,
  PayoutTable,
  ReconciliationMismatchTable,
  RefundTable,
  TransferNoticeTable,
} from '../../db/schema';
import type { Finding } from './reconciliation.repo';
import { pageOffset, type Paging } from '../../lib/paging';
import { inParts } from '../../lib/sql';

export type PayoutRow = Selectable<PayoutTable>;
export type RefundRow = Selectable<RefundTable>;
export type MismatchRow = Selectable<ReconciliationMismatchTable>;
type Purpose = Database['payment']['purpose'];

/** SQL for settlement: payouts, refunds, transfer notices, reconciliation findings and the job clock. */
export function settlementRepo(db: Kysely<Database>) {
  return {
    lotTerms: (lotId: string) =>
      db
        .selectFrom('lot')
        .select(['id', 'seller_id', 'title', 'forfeit_seller_pct', 'seller_fee_separate'])
        .where('id', '=', lotId)
        .executeTakeFirst(),

    /** A buyer's deposit of a lot, whatever its state (its payment number and amount). */
    deposit: (lotId: string, buyerId: string) =>
      db
        .selectFrom('deposit_ledger')
        .select(['payment_no', 'amount', 'state'])
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', buyerId)
        .executeTakeFirst(),

    lockPayment: (paymentNo: string) =>
      db.selectFrom('payment').selectAll().where('payment_no', '=', paymentNo).forUpdate().executeTakeFirst(),

    /** Paid payments of a payer for a lot, of these purposes or (`except`) of all others. */
    paidPaymentsOf: (lotId: string, payerId: string, purposes: { except?: Purpose[]; only?: Purpose[] }) => {
      let q = db
        .selectFrom('payment')
        .selectAll()
        .where('lot_id', '=', lotId)
        .where('buyer_id', '=', payerId)
        .where('status', '=', 'paid');
      if (purposes.except?.length) q = q.where('purpose', 'not in', purposes.except);
      if (purposes.only?.length) q = q.where('purpose', 'in', purposes.only);
      return q.execute();
    },

    /** Deals handed over with no settlement journal since they opened (the settlement job's backstop). */
    unsettledHandovers: (limit: number) =>
      db
        .selectFrom('deal')
        .select('lot_id')
        .where('handover_at', 'is not', null)
        .where('stage', 'in', ['transfer', 'done'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('journal')
                .select('journal_id')
                .whereRef('journal.lot_id', '=', 'deal.lot_id')
                .where('journal.kind', '=', 'settlement')
                .whereRef('journal.at', '>=', 'deal.created_at'),
            ),
          ),
        )
        .limit(limit)
        .execute(),

    // ——— payouts ———

    /** A payout per crediting journal; undefined when that journal has its payout already. */
    insertPayout: (values: Insertable<PayoutTable>) =>
      db
        .insertInto('payout')
        .values(values)
        .onConflict((oc) => oc.column('source_journal').doNothing())
        .returningAll()
        .executeTakeFirst(),

    lockPayout: (payoutNo: string) =>
      db.selectFrom('payout').selectAll().where('payout_no', '=', payoutNo).forUpdate().executeTakeFirst(),

    updatePayout: (payoutNo: string, set: Updateable<PayoutTable>, onlyIf?: PayoutRow['status'][]) => {
      let q = db.updateTable('payout').set(set).where('payout_no', '=', payoutNo);
      if (onlyIf) q = q.where('status', 'in', onlyIf);
      return q.executeTakeFirst();
    },

    /** Claims due payouts (pending, or sending past its lease), counting the send; skip locked. */
    async claimDuePayouts(now: Date, leaseUntil: Date, limit: number): Promise<PayoutRow[]> {
      const { rows } = await sql<PayoutRow>`
        update payout set status = 'sending', tries = tries + 1, next_attempt_at = ${leaseUntil}, updated_at = ${now}
        where payout_no in (
          select payout_no from payout
          where status in ('pending', 'sending') and next_attempt_at <= ${now}
          order by next_attempt_at limit ${limit} for update skip locked)
        returning *`.execute(db);
      return rows;
    },

    payoutsOfLot: (lotId: string) =>
      db
        .selectFrom('payout')
        .innerJoin('lot', 'lot.id', 'payout.lot_id')
        .selectAll('payout')
        .select('lot.title')
        .where('payout.lot_id', '=', lotId)
        .orderBy('payout.created_at')
        .execute(),

    async payoutPage(
      where: {
        unitId?: string;
        status?: PayoutRow['status'] | undefined;
        lotId?: string | undefined;
        payoutNo?: string;
      },
      page: Paging,
    ) {
      let q = db.selectFrom('payout').innerJoin('lot', 'lot.id', 'payout.lot_id');
      if (where.payoutNo) q = q.where('payout.payout_no', '=', where.payoutNo);
      if (where.unitId) q = q.where('payout.seller_org_id', '=', where.unitId);
      if (where.status) q = q.where('payout.status', '=', where.status);
      if (where.lotId) q = q.where('payout.lot_id', '=', where.lotId);
      const [list, count] = await Promise.all([
        q
          .leftJoin('seller_org as org', 'org.id', 'payout.seller_org_id')
          .selectAll('payout')
          .select(['lot.title', 'org.name as org_name'])
          .orderBy('payout.created_at', 'desc')
          .orderBy('payout.payout_no', 'desc')
          .limit(page.pageSize)
          .offset(pageOffset(page))
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    /** Sums of a unit's payouts by status (fen). */
    payoutTotals: (unitId: string) =>
      db
        .selectFrom('payout')
        .select(['status', sql<string>`sum(amount)`.as('total')])
        .where('seller_org_id', '=', unitId)
        .groupBy('status')
        .execute(),

    // ——— refunds ———

    /** Inserts refunds; returns the rows inserted (a refund number that exists is skipped). */
    insertRefunds: (values: Insertable<RefundTable>[]) =>
      inParts(values, (part) =>
        db
          .insertInto('refund')
          .values(part)
          .onConflict((oc) => oc.column('refund_no').doNothing())
          .returningAll()
          .execute(),
      ),

    lockRefund: (refundNo: string) =>
      db.selectFrom('refund').selectAll().where('refund_no', '=', refundNo).forUpdate().executeTakeFirst(),

    updateRefund: (refundNo: string, set: Updateable<RefundTable>, onlyIf?: RefundRow['status'][]) => {
      let q = db.updateTable('refund').set(set).where('refund_no', '=', refundNo);
      if (onlyIf) q = q.where('status', 'in', onlyIf);
      return q.executeTakeFirst();
    },

    /** Refunds of a payment that are requested, approved or made (not rejected). */
    refundsOfPayment: (paymentNo: string) =>
      db
        .selectFrom('refund')
        .selectAll()
        .where('payment_no', '=', paymentNo)
        .where('status', '<>', 'rejected')
        .execute(),

    async claimDueRefunds(now: Date, leaseUntil: Date, limit: number): Promise<RefundRow[]> {
      const { rows } = await sql<RefundRow>`
        update refund set status = 'sending', tries = tries + 1, next_attempt_at = ${leaseUntil}
        where refund_no in (
          select refund_no from refund
          where status in ('pending', 'sending') and next_attempt_at <= ${now}
          order by next_attempt_at limit ${limit} for update skip locked)
        returning *`.execute(db);
      return rows;
    },

    async refundPage(
      where: {
        status?: RefundRow['status'] | undefined;
        kind?: RefundRow['kind'] | undefined;
        lotId?: string | undefined;
        refundNo?: string;
      },
      page: Paging,
    ) {
      let q = db.selectFrom('refund').innerJoin('lot', 'lot.id', 'refund.lot_id');
      if (where.refundNo) q = q.where('refund.refund_no', '=', where.refundNo);
      if (where.status) q = q.where('refund.status', '=', where.status);
      if (where.kind) q = q.where('refund.kind', '=', where.kind);
      if (where.lotId) q = q.where('refund.lot_id', '=', where.lotId);
      const [list, count] = await Promise.all([
        q
          .innerJoin('app_user as payee', 'payee.id', 'refund.buyer_id')
          .leftJoin('app_user as maker', 'maker.id', 'refund.requested_by')
          .leftJoin('app_user as checker', 'checker.id', 'refund.decided_by')
          .selectAll('refund')
          .select([
            'lot.title',
            'payee.real_name as payee_name',
            'payee.tel as payee_tel',
            'maker.real_name as maker_name',
            'checker.real_name as checker_name',
          ])
          .orderBy('refund.requested_at', 'desc')
          .orderBy('refund.refund_no', 'desc')
          .limit(page.pageSize)
          .offset(pageOffset(page))
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    // ——— payments (console) ———

    async paymentPage(
      where: {
        status?: 'pending' | 'paid' | 'closed' | undefined;
        purpose?: string | undefined;
        lotId?: string | undefined;
        paymentNo?: string | undefined;
      },
      page: Paging,
    ) {
      let q = db.selectFrom('payment').innerJoin('lot', 'lot.id', 'payment.lot_id');
      if (where.status) q = q.where('payment.status', '=', where.status);
      if (where.purpose) q = q.where('payment.purpose', '=', where.purpose as 'deposit');
      if (where.lotId) q = q.where('payment.lot_id', '=', where.lotId);
      if (where.paymentNo) q = q.where('payment.payment_no', '=', where.paymentNo);
      const [list, count] = await Promise.all([
        q
          .innerJoin('app_user as payer', 'payer.id', 'payment.buyer_id')
          .selectAll('payment')
          .select((eb) => [
            'lot.title',
            'payer.real_name as payer_name',
            'payer.tel as payer_tel',
            eb
              .selectFrom('refund')
              .select(sql<string>`coalesce(sum(refund.amount), 0)`.as('s'))
              .whereRef('refund.payment_no', '=', 'payment.payment_no')
              .where('refund.status', 'not in', ['rejected', 'requested'])
              .as('refunded'),
          ])
          .orderBy('payment.created_at', 'desc')
          .orderBy('payment.payment_no', 'desc')
          .limit(page.pageSize)
          .offset(pageOffset(page))
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    // ——— transfer notices ———

    /** Records a verified notice; undefined when its id was seen before (a replay). */
    insertNotice: (values: Insertable<TransferNoticeTable>) =>
      db
        .insertInto('transfer_notice')
        .values(values)
        .onConflict((oc) => oc.column('notice_id').doNothing())
        .returning('id')
        .executeTakeFirst(),

    // ——— reconciliation ———

    /**
     * Records findings, or refreshes the open ones of the same kind and ref, in one statement (a
     * check that finds thousands must not take thousands of commits). One row per kind and ref.
     */
    upsertMismatches: async (findings: Finding[], now: Date) => {
      if (!findings.length) return;
      await sql`
        insert into reconciliation_mismatch (kind, ref, lot_id, detail, found_at, last_seen_at)
        select f.kind, f.ref, f."lotId", f.detail, ${now}::timestamptz, ${now}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(findings)}::jsonb)
          as f(kind text, ref text, "lotId" bigint, detail text)
        on conflict (kind, ref) where resolved_at is null
        do update set last_seen_at = excluded.last_seen_at, detail = excluded.detail`.execute(db);
    },

    async mismatchPage(open: boolean | undefined, page: Paging) {
      let q = db.selectFrom('reconciliation_mismatch as m');
      if (open === true) q = q.where('m.resolved_at', 'is', null);
      if (open === false) q = q.where('m.resolved_at', 'is not', null);
      const [list, count] = await Promise.all([
        q
          .leftJoin('app_user as u', 'u.id', 'm.resolved_by')
          .selectAll('m')
          .select('u.real_name as resolver_name')
          .orderBy('m.found_at', 'desc')
          .orderBy('m.id', 'desc')
          .limit(page.pageSize)
          .offset(pageOffset(page))
          .execute(),
        q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { list, total: Number(count.n) };
    },

    mismatchById: (id: string) =>
      db
        .selectFrom('reconciliation_mismatch as m')
        .leftJoin('app_user as u', 'u.id', 'm.resolved_by')
        .selectAll('m')
        .select('u.real_name as resolver_name')
        .where('m.id', '=', id)
        .executeTakeFirst(),

    lockMismatch: (id: string) =>
      db
        .selectFrom('reconciliation_mismatch')
        .selectAll()
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    resolveMismatch: (id: string, by: string, note: string, at: Date) =>
      db
        .updateTable('reconciliation_mismatch')
        .set({ resolved_at: at, resolved_by: by, resolved_note: note })
        .where('id', '=', id)
        .where('resolved_at', 'is', null)
        .executeTakeFirst(),

    /** Takes the turn of a periodic job: true when it last ran `intervalMs` or more ago (or never). */
    async takeTurn(name: string, now: Date, intervalMs: number): Promise<boolean> {
      const due = new Date(now.getTime() - intervalMs);
      const { rows } = await sql<{ name: string }>`
        insert into job_clock (name, last_at) values (${name}, ${now})
        on conflict (name) do update set last_at = excluded.last_at where job_clock.last_at <= ${due}
        returning name`.execute(db);
      return rows.length > 0;
    },
  };
}
