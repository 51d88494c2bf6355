import { fenDisplay } from '@chepai/shared';
import type { AppContext } from '../../context';
import { inParts } from '../../lib/sql';
import { reconciliationRepo, type Finding } from './reconciliation.repo';
import { settlementRepo } from './settlement.repo';

/** How often the reconciliation runs (the scheduler ticks every second; the job clock spaces runs). */
export const RECONCILE_EVERY_MS = 10 * 60_000;

const yuan = (fen: string | null) => (fen === null ? '—' : fenDisplay(Number(fen)));

/** What each kind of finding means, for operators (consoleApi's settlement contract shows it). */
export const MISMATCH_TEXT: Record<string, string> = {
  journal_unbalanced: '分录借贷不平',
  lot_unbalanced: '拍品分录合计不为零',
  paid_without_journal: '已付款但无入账分录',
  journal_without_payment: '有入账分录但支付单未付款',
  notice_without_ledger: '支付通知已处理但账务未记录',
  payout_mismatch: '结算打款与账务不符',
  refund_mismatch: '退款与账务不符',
  escrow_left: '已结算拍品的托管余额不为零',
};

/**
 * The reconciliation (docs/product.md#17-ledger-and-settlement): every journal and every lot
 * balances; every paid payment and applied provider notice has its ledger rows and every receipt
 * journal its paid payment; payouts and refunds agree with their journals; settled lots hold no
 * escrow. Each finding is stored (once while open) for operators to resolve.
 */
export function reconciliation(ctx: AppContext) {
  const { db } = ctx.dbh;

  async function run(now: Date): Promise<number> {
    const q = reconciliationRepo(db);
    const repo = settlementRepo(db);
    const checks: Array<
      [string, () => ReturnType<typeof q.unbalancedJournals>, (a: string | null, b: string | null) => string]
    > = [
      ['journal_unbalanced', q.unbalancedJournals, (a) => `分录合计 ${yuan(a)}，应为零`],
      ['lot_unbalanced', q.unbalancedLots, (a) => `该拍品全部分录合计 ${yuan(a)}，应为零`],
      ['paid_without_journal', q.paidWithoutJournal, (a, b) => `支付单已付 ${yuan(a)}，入账 ${yuan(b)}`],
      ['journal_without_payment', q.journalWithoutPayment, (a) => `支付单状态：${a ?? '不存在'}`],
      ['notice_without_ledger', q.noticeWithoutLedger, (a) => `通知已处理，支付单状态：${a ?? '不存在'}`],
      [
        'payout_mismatch',
        q.payoutMismatches,
        (a, b) =>
          b === 'missing'
            ? `结算单${a === 'paid' ? '已打款' : a}，缺少打款分录`
            : `有打款分录，结算单状态：${a}`,
      ],
      [
        'refund_mismatch',
        q.refundMismatches,
        (a, b) =>
          b === 'sent-missing'
            ? '退款已到账，缺少到账分录'
            : b === 'sent-extra'
              ? `有到账分录，退款单状态：${a}`
              : `退款单状态 ${a}，缺少退款分录`,
      ],
      ['escrow_left', q.escrowLeft, (a) => `托管余额 ${yuan(a === null ? null : String(-Number(a)))}`],
    ];
    let found = 0;
    for (const [kind, query, describe] of checks) {
      // One row per ref (a check joining lines may answer a ref twice).
      const findings = new Map<string, Finding>();
      for (const row of await query())
        findings.set(row.ref, { kind, ref: row.ref, lotId: row.lot_id, detail: describe(row.a, row.b) });
      const all = [...findings.values()];
      // Thousands of findings are a few statements, not thousands of commits.
      await inParts(all, (part) => repo.upsertMismatches(part, now));
      found += all.length;
    }
    if (found) ctx.log.warn({ found }, 'reconciliation found mismatches');
    return found;
  }

  return {
    run,
    /** The scheduler's tick: runs when its turn has come (every 10 minutes across all processes). */
    tick: async (now: Date) =>
      (await settlementRepo(db).takeTurn('reconciliation', now, RECONCILE_EVERY_MS)) ? run(now) : 0,
  };
}
