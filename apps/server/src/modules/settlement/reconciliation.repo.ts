import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface Finding {
  kind: string;
  ref: string;
  lotId: string | null;
  detail: string;
}

type Row = { ref: string; lot_id: string | null; a: string | null; b: string | null };

/**
 * The reconciliation's checks (decision 023): each is one query over the business rows and the
 * ledger, answering the rows that disagree.
 */
export function reconciliationRepo(db: Kysely<Database>) {
  const run = async (query: ReturnType<typeof sql<Row>>) => (await query.execute(db)).rows;
  return {
    /** Journals whose lines do not sum to zero (the database refuses them; this would catch a bypass). */
    unbalancedJournals: () =>
      run(sql<Row>`
        select journal_id as ref, min(lot_id)::text as lot_id, sum(amount)::text as a, null as b
        from journal_line group by journal_id having sum(amount) <> 0`),

    /** Lots whose journal lines do not sum to zero. */
    unbalancedLots: () =>
      run(sql<Row>`
        select lot_id::text as ref, lot_id::text as lot_id, sum(amount)::text as a, null as b
        from journal_line where lot_id is not null group by lot_id having sum(amount) <> 0`),

    /** Paid payments without their receipt journal, or with a different amount. */
    paidWithoutJournal: () =>
      run(sql<Row>`
        select p.payment_no as ref, p.lot_id::text as lot_id, p.amount::text as a, jl.amount::text as b
        from payment p
        left join journal_line jl on jl.journal_id = 'pay:' || p.payment_no and jl.account = 'clearing:provider'
        where p.status = 'paid' and (jl.id is null or jl.amount <> p.amount)`),

    /** Receipt journals whose payment is not paid (or does not exist). */
    journalWithoutPayment: () =>
      run(sql<Row>`
        select j.journal_id as ref, j.lot_id::text as lot_id, p.status as a, null as b
        from journal j left join payment p on p.payment_no = j.ref
        where j.kind = 'payment' and (p.payment_no is null or p.status <> 'paid')`),

    /** Notices that were applied but whose payment is not paid in the ledger's eyes. */
    noticeWithoutLedger: () =>
      run(sql<Row>`
        select distinct n.payment_no as ref, p.lot_id::text as lot_id, p.status as a, null as b
        from payment_notification n
        left join payment p on p.payment_no = n.payment_no
        where n.outcome = 'applied'
          and (p.status is distinct from 'paid'
               or not exists (select 1 from journal j where j.journal_id = 'pay:' || n.payment_no))`),

    /** Payouts confirmed without their journal, and payout journals without a confirmed payout. */
    payoutMismatches: () =>
      run(sql<Row>`
        select p.payout_no as ref, p.lot_id::text as lot_id, p.status as a,
               case when j.journal_id is null then 'missing' else 'extra' end as b
        from payout p
        left join journal j on j.journal_id = 'payout-sent:' || p.payout_no
        where (p.status = 'paid') <> (j.journal_id is not null)`),

    /** Refunds confirmed without their journal, or approved without the journal that set the money aside. */
    refundMismatches: () =>
      run(sql<Row>`
        select r.refund_no as ref, r.lot_id::text as lot_id, r.status as a,
               case when s.journal_id is null and r.status = 'done' then 'sent-missing'
                    when s.journal_id is not null and r.status <> 'done' then 'sent-extra'
                    else 'decision-missing' end as b
        from refund r
        left join journal s on s.journal_id = 'refund-sent:' || r.refund_no
        left join journal d on d.journal_id = 'refund:' || r.refund_no
        where (r.status = 'done') <> (s.journal_id is not null)
           or (r.status not in ('requested', 'rejected') and d.journal_id is null)`),

    /** Settled lots whose escrow still holds money (or owes it). */
    escrowLeft: () =>
      run(sql<Row>`
        select jl.lot_id::text as ref, jl.lot_id::text as lot_id, sum(jl.amount)::text as a, null as b
        from journal_line jl
        where jl.account = 'escrow:lot:' || jl.lot_id
          and exists (select 1 from journal s where s.lot_id = jl.lot_id and s.kind = 'settlement')
        group by jl.lot_id having sum(jl.amount) <> 0`),
  };
}
