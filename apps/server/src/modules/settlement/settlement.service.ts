import { randomInt } from 'node:crypto';
import { fenToYuanString, maskTel, settlement } from '@chepai/shared';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { Payments } from '../../platform/payments/payments';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { JOURNAL_KINDS, type JournalKind } from '../ledger/accounts';
import { balancesOfLot, journalsOf } from '../ledger/ledger';
import { writeAudit, type Actor } from '../console/audit';
import { dealsRepo } from '../deals/deals.repo';
import { maskAccount } from '../sellers/seller-profile.service';
import { MISMATCH_TEXT, reconciliation } from './reconciliation';
import { creditAccountOf, journalRefundApproved, purposeText, refundWhole } from './postings';
import { settlementRepo, type MismatchRow, type PayoutRow, type RefundRow } from './settlement.repo';
import { pageOf, type Paging } from '../../lib/paging';

const NOT_FOUND = '未找到该成交订单';
const yuan = (fen: string | number) => fenToYuanString(Number(fen));
const ms = (d: Date | null) => (d ? d.getTime() : null);

export function toPayout(p: PayoutRow & { title: string }): settlement.Payout {
  return {
    payoutNo: p.payout_no,
    orderId: p.lot_id,
    title: p.title,
    kind: p.kind,
    kindText: settlement.PAYOUT_KIND[p.kind],
    gross: yuan(p.gross),
    sellerFee: yuan(p.seller_fee),
    amount: yuan(p.amount),
    account: {
      accountName: p.account_name,
      bankName: p.bank_name,
      accountNo: p.account_no_last4 ? maskAccount(p.account_no_last4) : '',
    },
    status: p.status,
    statusText: settlement.PAYOUT_STATUS[p.status],
    attempts: p.tries,
    failure: p.failure,
    createdAt: p.created_at.getTime(),
    paidAt: ms(p.paid_at),
  };
}

type RefundView = RefundRow & {
  title: string;
  payee_name: string;
  payee_tel: string | null;
  maker_name: string | null;
  checker_name: string | null;
};

function toRefund(r: RefundView): settlement.RefundRowView {
  return {
    refundNo: r.refund_no,
    kind: r.kind,
    kindText: settlement.REFUND_KIND[r.kind],
    orderId: r.lot_id,
    title: r.title,
    paymentNo: r.payment_no,
    amount: yuan(r.amount),
    reason: r.reason,
    status: r.status,
    statusText: settlement.REFUND_STATUS[r.status],
    payee: { name: r.payee_name, tel: r.payee_tel ? maskTel(r.payee_tel) : '' },
    requestedBy: r.requested_by ? { id: r.requested_by, name: r.maker_name ?? '' } : null,
    requestedAt: r.requested_at.getTime(),
    decidedBy: r.decided_by ? { id: r.decided_by, name: r.checker_name ?? '' } : null,
    decidedAt: ms(r.decided_at),
    decisionNote: r.decision_note,
    failure: r.failure,
    attempts: r.tries,
    doneAt: ms(r.done_at),
  };
}

function toMismatch(m: MismatchRow & { resolver_name: string | null }) {
  return {
    id: m.id,
    kind: m.kind,
    kindText: MISMATCH_TEXT[m.kind] ?? m.kind,
    ref: m.ref,
    orderId: m.lot_id,
    detail: m.detail,
    foundAt: m.found_at.getTime(),
    lastSeenAt: m.last_seen_at.getTime(),
    resolved:
      m.resolved_at && m.resolved_by
        ? {
            at: m.resolved_at.getTime(),
            by: { id: m.resolved_by, name: m.resolver_name ?? '' },
            note: m.resolved_note ?? '',
          }
        : null,
  };
}

/**
 * The seller's view of its money and the console's finance desk (docs/product.md#17-ledger-and-settlement).
 * Manual refunds are maker-checker: one finance operator asks, another approves (decision 023).
 */
export function settlementService(ctx: AppContext, deps: { payments: Payments }) {
  const { db } = ctx.dbh;
  const repo = settlementRepo(db);
  const recon = reconciliation(ctx);

  /** The deal of the unit's lot, or 404 as if it did not exist (another unit's deal). */
  async function dealOfUnit(orderId: string, unitId: string) {
    const [deal, terms] = await Promise.all([dealsRepo(db).view(orderId), repo.lotTerms(orderId)]);
    if (!deal || !terms || terms.seller_id !== unitId) throw notFound(NOT_FOUND);
    return { deal, terms };
  }

  async function refundView(refundNo: string) {
    const { list } = await repo.refundPage({ refundNo }, { pageNum: 1, pageSize: 1 });
    const row = list[0];
    if (!row) throw notFound('退款单不存在');
    return toRefund(row);
  }

  /** Seller's fee paid separately: recorded on the deal; a second payment goes back. */
  async function onSellerFeePaid(
    trx: Parameters<Parameters<Payments['service']['onPaid']>[1]>[0],
    payment: PaymentRow,
    now: Date,
  ) {
    const deals = dealsRepo(trx);
    const deal = await deals.lock(payment.lot_id);
    if (deal && !deal.seller_fee_paid_at && deal.stage !== 'defaulted') {
      await deals.update(payment.lot_id, {
        seller_fee_payment_no: payment.payment_no,
        seller_fee_paid_at: payment.paid_at ?? now,
      });
    } else {
      await refundWhole(trx, payment, '卖方服务费重复支付，退还', now);
    }
  }
  deps.payments.service.onPaid('seller_fee', onSellerFeePaid);

  return {
    // ——— seller ———

    async paySellerFee(userId: string, unitId: string, orderId: string) {
      const { deal, terms } = await dealOfUnit(orderId, unitId);
      if (!terms.seller_fee_separate) throw conflict('该拍品的卖方服务费从结算款中扣除，无需单独支付');
      if (Number(deal.seller_fee) <= 0) throw conflict('该成交订单无需支付卖方服务费');
      if (deal.stage === 'defaulted') throw conflict('该成交订单已违约，无需支付卖方服务费');
      if (deal.seller_fee_paid_at) throw conflict('卖方服务费已支付');
      const { paymentNo, payUrl } = await deps.payments.service.create({
        purpose: 'seller_fee',
        lotId: orderId,
        buyerId: userId,
        amount: Number(deal.seller_fee),
        subject: `卖方服务费：${deal.title}`,
        returnUrl: `/detailInfo/${orderId}`,
      });
      return { paymentNo, payUrl };
    },

    async orderSettlement(unitId: string, orderId: string) {
      const { deal, terms } = await dealOfUnit(orderId, unitId);
      const payouts = await repo.payoutsOfLot(orderId);
      return {
        payouts: payouts.filter((p) => p.seller_org_id === unitId).map(toPayout),
        sellerFee: {
          amount: yuan(deal.seller_fee),
          separate: terms.seller_fee_separate,
          paid: deal.seller_fee_paid_at !== null,
          paidAt: ms(deal.seller_fee_paid_at),
        },
      };
    },

    async statement(unitId: string, q: Paging & { status?: settlement.PayoutStatus | undefined }) {
      const [{ list, total }, totals] = await Promise.all([
        repo.payoutPage({ unitId, status: q.status }, q),
        repo.payoutTotals(unitId),
      ]);
      const sum = (...statuses: string[]) =>
        yuan(totals.filter((t) => statuses.includes(t.status)).reduce((s, t) => s + Number(t.total), 0));
      return {
        ...pageOf(q, total, list.map(toPayout)),
        totals: { paid: sum('paid'), inTransit: sum('pending', 'sending', 'sent'), failed: sum('failed') },
      };
    },

    // ——— console ———

    async payments(
      q: Paging & {
        status?: 'pending' | 'paid' | 'closed' | undefined;
        purpose?: string | undefined;
        orderId?: string | undefined;
        paymentNo?: string | undefined;
      },
    ) {
      const { list, total } = await repo.paymentPage(
        { status: q.status, purpose: q.purpose, lotId: q.orderId, paymentNo: q.paymentNo },
        q,
      );
      return pageOf(
        q,
        total,
        list.map((p) => ({
          paymentNo: p.payment_no,
          orderId: p.lot_id,
          title: p.title,
          purpose: p.purpose,
          purposeText: purposeText(p.purpose),
          amount: yuan(p.amount),
          status: p.status,
          statusText: settlement.PAYMENT_STATUS[p.status],
          payer: { name: p.payer_name, tel: p.payer_tel ? maskTel(p.payer_tel) : '' },
          providerTradeNo: p.provider_trade_no,
          createdAt: p.created_at.getTime(),
          paidAt: ms(p.paid_at),
          refunded: yuan(p.refunded ?? 0),
        })),
      );
    },

    async refunds(
      q: Paging & {
        status?: RefundRow['status'] | undefined;
        kind?: RefundRow['kind'] | undefined;
        orderId?: string | undefined;
      },
    ) {
      const { list, total } = await repo.refundPage({ status: q.status, kind: q.kind, lotId: q.orderId }, q);
      return { total, pageNum: q.pageNum, pageSize: q.pageSize, list: list.map(toRefund) };
    },

    /** Maker: a manual refund request, at most what is left of the payment after other refunds. */
    async requestRefund(actor: Actor, input: { paymentNo: string; amount: number; reason: string }) {
      const now = ctx.now();
      const refundNo = `RFM${now.getTime()}${String(randomInt(1e6)).padStart(6, '0')}`;
      await db.transaction().execute(async (trx) => {
        const tx = settlementRepo(trx);
        const payment = await tx.lockPayment(input.paymentNo);
        if (!payment) throw notFound('支付单不存在');
        if (payment.status !== 'paid') throw conflict('该支付单未付款，不能退款');
        const taken = (await tx.refundsOfPayment(payment.payment_no)).reduce(
          (s, r) => s + Number(r.amount),
          0,
        );
        const left = Number(payment.amount) - taken;
        if (input.amount > left)
          throw badRequest(`退款金额不能超过可退金额 ¥${yuan(left)}（已退或待退 ¥${yuan(taken)}）`);
        await tx.insertRefunds([
          {
            refund_no: refundNo,
            kind: 'manual',
            lot_id: payment.lot_id,
            payment_no: payment.payment_no,
            buyer_id: payment.buyer_id,
            amount: input.amount,
            reason: input.reason,
            status: 'requested',
            requested_by: actor.id,
            requested_at: now,
          },
        ]);
        await writeAudit(trx, actor, {
          action: 'refund.request',
          targetType: 'refund',
          targetId: refundNo,
          after: { paymentNo: payment.payment_no, amount: yuan(input.amount), status: 'requested' },
          reason: input.reason,
        });
      });
      return refundView(refundNo);
    },

    /** Checker: approve — never one's own request; the refund is journalled and queued for the provider. */
    async decideRefund(
      actor: Actor,
      refundNo: string,
      decision: { approve: true; note?: string | undefined } | { approve: false; reason: string },
    ) {
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        const tx = settlementRepo(trx);
        const refund = await tx.lockRefund(refundNo);
        if (!refund || refund.kind !== 'manual') throw notFound('退款单不存在');
        if (refund.status !== 'requested')
          throw conflict(`该退款单${settlement.REFUND_STATUS[refund.status]}，不能再审批`);
        if (refund.requested_by === actor.id)
          throw forbidden('不能审批自己提交的退款申请，请由另一位财务人员复核');
        const note = decision.approve ? (decision.note ?? null) : decision.reason;
        if (decision.approve) {
          const payment = await tx.lockPayment(refund.payment_no);
          if (!payment || payment.status !== 'paid') throw conflict('该支付单未付款，不能退款');
          const others = (await tx.refundsOfPayment(refund.payment_no)).filter(
            (r) => r.refund_no !== refundNo,
          );
          const left = Number(payment.amount) - others.reduce((s, r) => s + Number(r.amount), 0);
          if (Number(refund.amount) > left)
            throw conflict(`可退金额已不足（剩余 ¥${yuan(left)}），请驳回后重新申请`);
          await tx.updateRefund(refundNo, {
            status: 'pending',
            decided_by: actor.id,
            decided_at: now,
            decision_note: note,
            next_attempt_at: now,
          });
          await journalRefundApproved(trx, refund, creditAccountOf(payment), now);
        } else {
          await tx.updateRefund(refundNo, {
            status: 'rejected',
            decided_by: actor.id,
            decided_at: now,
            decision_note: note,
          });
        }
        await writeAudit(trx, actor, {
          action: decision.approve ? 'refund.approve' : 'refund.reject',
          targetType: 'refund',
          targetId: refundNo,
          before: { status: 'requested', requestedBy: refund.requested_by, amount: yuan(refund.amount) },
          after: { status: decision.approve ? 'pending' : 'rejected' },
          reason: note ?? '',
        });
      });
      return refundView(refundNo);
    },

    async payouts(
      q: Paging & { status?: settlement.PayoutStatus | undefined; orderId?: string | undefined },
    ) {
      const { list, total } = await repo.payoutPage({ status: q.status, lotId: q.orderId }, q);
      return pageOf(
        q,
        total,
        list.map((p) => ({ ...toPayout(p), unitId: p.seller_org_id, unitName: p.org_name ?? '' })),
      );
    },

    /** Sends a failed or waiting payout again now (one more attempt); audited. */
    async retryPayout(actor: Actor, payoutNo: string) {
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        const tx = settlementRepo(trx);
        const p = await tx.lockPayout(payoutNo);
        if (!p) throw notFound('结算单不存在');
        if (p.status !== 'failed' && p.status !== 'pending')
          throw conflict(`该结算单${settlement.PAYOUT_STATUS[p.status]}，不能重新打款`);
        // One more send now: under a new request number only if the last one is known to have failed (decision 023).
        await tx.updatePayout(payoutNo, { status: 'pending', next_attempt_at: now, updated_at: now });
        await writeAudit(trx, actor, {
          action: 'payout.retry',
          targetType: 'payout',
          targetId: payoutNo,
          before: { status: p.status, attempts: p.attempts, tries: p.tries, failure: p.failure },
          after: { status: 'pending' },
        });
      });
      const { list } = await repo.payoutPage({ payoutNo }, { pageNum: 1, pageSize: 1 });
      return toPayout(list[0]!);
    },

    async mismatches(q: Paging & { state: 'open' | 'resolved' | 'all' }) {
      const { list, total } = await repo.mismatchPage(q.state === 'all' ? undefined : q.state === 'open', q);
      return { total, pageNum: q.pageNum, pageSize: q.pageSize, list: list.map(toMismatch) };
    },

    async resolveMismatch(actor: Actor, id: string, note: string) {
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        const tx = settlementRepo(trx);
        const m = await tx.lockMismatch(id);
        if (!m) throw notFound('对账差异不存在');
        if (m.resolved_at) throw conflict('该差异已处理');
        await tx.resolveMismatch(id, actor.id, note, now);
        await writeAudit(trx, actor, {
          action: 'reconciliation.resolve',
          targetType: 'mismatch',
          targetId: id,
          before: { kind: m.kind, ref: m.ref, detail: m.detail },
          after: { resolved: true },
          reason: note,
        });
      });
      const found = await repo.mismatchById(id);
      return toMismatch(found!);
    },

    reconcileNow: async () => ({ found: await recon.run(ctx.now()) }),
    reconcileTick: (now: Date) => recon.tick(now),

    async lotLedger(orderId: string) {
      const [journals, balances] = await Promise.all([
        journalsOf(db, { lotId: orderId }),
        balancesOfLot(db, orderId),
      ]);
      return {
        journals: journals.map((j) => ({
          journalId: j.journalId,
          kind: j.kind,
          kindText: JOURNAL_KINDS[j.kind as JournalKind] ?? j.kind,
          ref: j.ref,
          memo: j.memo,
          at: j.at.getTime(),
          lines: j.lines.map((l) => ({ account: l.account, amount: yuan(l.amount) })),
        })),
        balances: Object.entries(balances).map(([account, balance]) => ({ account, balance: yuan(balance) })),
      };
    },
  };
}

export type SettlementService = ReturnType<typeof settlementService>;
