import pMap from 'p-map';
import type { AppContext } from '../../context';
import type { DataCrypto } from '../../platform/crypto';
import {
  NotificationRejected,
  TransferRefused,
  type TransferAccepted,
  type TransferNotice,
} from '../../platform/payments/payment-provider';
import type { Payments } from '../../platform/payments/payments';
import { accounts } from '../ledger/accounts';
import { postJournal } from '../ledger/ledger';
import { COLLECTION_ACCOUNT_CONTEXT } from '../sellers/seller-profile.service';
import { sellerFinanceRepo } from '../sellers/seller-finance.repo';
import { journalIds } from './postings';
import { settlementRepo, type PayoutRow, type RefundRow } from './settlement.repo';

/** Waits between attempts of a payout or refund (1 min … 6 h); after the last, it waits for an operator. */
export const TRANSFER_BACKOFF_MS = [60, 300, 900, 3600, 10_800, 21_600].map((s) => s * 1000);
/** A claimed transfer whose process died is tried again after this lease. */
const SEND_LEASE_MS = 5 * 60_000;
/**
 * How the transfers leave (decision 023, amended). At 20 a round, one call after another, at most
 * 20 a second left a process: the ~20,000 deposit refunds of a session of 100 lots needed over
 * eight minutes with two processes, however fast the company. Now a few calls are with the
 * company at once — each holds one pooled connection around it (two short updates), so the pool
 * stays with the bids — and a round sends group after group while its budget lasts: the scheduler
 * runs its jobs one after another, and a round that waited on a slow company would hold up the
 * lots' close behind it. The first group always goes.
 */
const SEND_CONCURRENCY = 4;
// Two waves of four: the budget is looked at between groups, so a group that meets a busy database
// overruns it by at most its own time (a round of 20-groups ran 1,023 ms in bench/session).
const SEND_GROUP = 8;
const SEND_BUDGET_MS = 300;

/** A notice we refuse: 400 (forged, stale, unknown, wrong amount) or 409 (a replayed notice id). */
export class TransferNoticeRefused extends NotificationRejected {
  constructor(
    reason: string,
    readonly status: 400 | 409 = 400,
  ) {
    super(reason);
    this.name = 'TransferNoticeRefused';
  }
}

/** What a send writes back on a payout or a refund. */
type TransferUpdate = {
  status?: 'pending' | 'sent' | 'failed';
  attempts?: number;
  attempt_open?: boolean;
  provider_ref?: string;
  failure?: string | null;
  next_attempt_at?: Date | null;
};

const retryAt = (now: Date, tries: number) => {
  const wait = TRANSFER_BACKOFF_MS[tries - 1];
  return wait === undefined ? null : new Date(now.getTime() + wait);
};
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 300);

/**
 * Payouts and refunds through the payment company (decision 023): the jobs send what is due, with
 * back-off; the company's signed notice confirms or fails each transfer, and only a confirmed one
 * moves money out of `clearing:provider` in the ledger.
 */
export function transfers(ctx: AppContext, deps: { payments: Payments; crypto: DataCrypto }) {
  const { db } = ctx.dbh;
  const provider = deps.payments.service.provider;
  const notifyUrl = deps.payments.transferNotifyUrl;

  /** After a failed attempt: wait and try again, or stop and wait for an operator. */
  const failed = (now: Date, tries: number, failure: string) => {
    const next = retryAt(now, tries);
    return { status: next ? ('pending' as const) : ('failed' as const), next_attempt_at: next, failure };
  };

  /**
   * One send of a claimed transfer. The request number stays the open one while its outcome is
   * unknown — the provider answers a repeat with the first transfer, so the money cannot leave
   * twice — and moves on only after a known failure (a refusal here, or a FAILED notice).
   */
  async function attempt(
    t: { attempts: number; attempt_open: boolean; tries: number },
    now: Date,
    call: (attempt: number) => Promise<TransferAccepted>,
    save: (set: TransferUpdate) => Promise<unknown>,
  ) {
    const number = t.attempt_open ? t.attempts : t.attempts + 1;
    // Saved before the call: a crash once the provider has it must not lead to a new number.
    if (!t.attempt_open) await save({ attempts: number, attempt_open: true });
    try {
      const accepted = await call(number);
      await save({ status: 'sent', provider_ref: accepted.transferNo, failure: null });
    } catch (err) {
      const refused = err instanceof TransferRefused;
      await save({ ...failed(now, t.tries, errorText(err)), attempt_open: !refused });
    }
  }

  async function sendPayout(p: PayoutRow, now: Date) {
    const repo = settlementRepo(db);
    const account = await sellerFinanceRepo(db).collection(p.seller_org_id);
    if (!account) {
      await repo.updatePayout(
        p.payout_no,
        { ...failed(now, p.tries, '处置单位尚未设置收款账户'), updated_at: now },
        ['sending'],
      );
      return;
    }
    const snapshot = {
      account_name: account.account_name,
      bank_name: account.bank_name,
      account_no_last4: account.account_no_last4,
    };
    await attempt(
      p,
      now,
      (number) =>
        provider.payout({
          ref: p.payout_no,
          attempt: number,
          amount: Number(p.amount),
          notifyUrl,
          accountName: account.account_name,
          bankName: account.bank_name,
          accountNo: deps.crypto.open(account.account_no_cipher, COLLECTION_ACCOUNT_CONTEXT),
        }),
      (set) => repo.updatePayout(p.payout_no, { ...snapshot, ...set, updated_at: now }, ['sending']),
    );
  }

  async function sendRefund(r: RefundRow, now: Date) {
    const repo = settlementRepo(db);
    await attempt(
      r,
      now,
      (number) =>
        provider.refund({
          ref: r.refund_no,
          attempt: number,
          amount: Number(r.amount),
          notifyUrl,
          paymentNo: r.payment_no,
        }),
      (set) => repo.updateRefund(r.refund_no, set, ['sending']),
    );
  }

  /**
   * Sends the due payouts, then the due refunds (the scheduler's tick), in groups of `group` while
   * `budgetMs` lasts, the first group of each kind whatever the clock says (neither waits on the
   * other); returns how many were sent. One that fails to save does not stop the others: it stays
   * claimed and is tried again when its lease ends.
   */
  async function sendDue(now: Date, budgetMs = SEND_BUDGET_MS, group = SEND_GROUP): Promise<number> {
    const until = Date.now() + budgetMs;
    const lease = new Date(now.getTime() + SEND_LEASE_MS);
    const repo = settlementRepo(db);
    let sent = 0;
    const drain = async <T>(claim: () => Promise<T[]>, send: (t: T) => Promise<void>) => {
      for (let first = true; first || Date.now() < until; first = false) {
        const due = await claim();
        await pMap(due, send, { concurrency: SEND_CONCURRENCY, stopOnError: false });
        sent += due.length;
        if (due.length < group) return;
      }
    };
    await drain(
      () => repo.claimDuePayouts(now, lease, group),
      (p) => sendPayout(p, now),
    );
    await drain(
      () => repo.claimDueRefunds(now, lease, group),
      (r) => sendRefund(r, now),
    );
    return sent;
  }

  async function applyPayoutNotice(trx: Parameters<typeof postJournal>[0], n: TransferNotice, now: Date) {
    const repo = settlementRepo(trx);
    const p = await repo.lockPayout(n.ref);
    if (!p) throw new TransferNoticeRefused('结算单不存在');
    if (Number(p.amount) !== n.amount) throw new TransferNoticeRefused('通知金额与结算单不符');
    if (p.status === 'paid') return 'duplicate' as const;
    if (n.attempt !== p.attempts) return 'duplicate' as const;
    if (n.status === 'FAILED') {
      await repo.updatePayout(p.payout_no, {
        ...failed(now, p.tries, n.reason ?? '银行退回'),
        attempt_open: false,
        updated_at: now,
      });
      return 'applied' as const;
    }
    await repo.updatePayout(p.payout_no, {
      status: 'paid',
      paid_at: new Date(n.at),
      provider_ref: n.transferNo,
      failure: null,
      next_attempt_at: null,
      updated_at: now,
    });
    await postJournal(trx, {
      journalId: journalIds.payoutSent(p.payout_no),
      kind: 'payout',
      lotId: p.lot_id,
      ref: p.payout_no,
      memo: `结算款已汇至${p.bank_name}尾号${p.account_no_last4}`,
      at: new Date(n.at),
      lines: [
        { account: accounts.payouts, amount: Number(p.amount) },
        { account: accounts.provider, amount: -Number(p.amount) },
      ],
    });
    return 'applied' as const;
  }

  async function applyRefundNotice(trx: Parameters<typeof postJournal>[0], n: TransferNotice, now: Date) {
    const repo = settlementRepo(trx);
    const r = await repo.lockRefund(n.ref);
    if (!r || r.status === 'requested' || r.status === 'rejected')
      throw new TransferNoticeRefused('退款单不存在');
    if (Number(r.amount) !== n.amount) throw new TransferNoticeRefused('通知金额与退款单不符');
    if (r.status === 'done') return 'duplicate' as const;
    if (n.attempt !== r.attempts) return 'duplicate' as const;
    if (n.status === 'FAILED') {
      await repo.updateRefund(r.refund_no, {
        ...failed(now, r.tries, n.reason ?? '原路退回失败'),
        attempt_open: false,
      });
      return 'applied' as const;
    }
    await repo.updateRefund(r.refund_no, {
      status: 'done',
      done_at: new Date(n.at),
      provider_ref: n.transferNo,
      failure: null,
      next_attempt_at: null,
    });
    await postJournal(trx, {
      journalId: journalIds.refundSent(r.refund_no),
      kind: 'refund_sent',
      lotId: r.lot_id,
      ref: r.refund_no,
      memo: `退款已原路退回（${r.payment_no}）`,
      at: new Date(n.at),
      lines: [
        { account: accounts.refunds, amount: Number(r.amount) },
        { account: accounts.provider, amount: -Number(r.amount) },
      ],
    });
    return 'applied' as const;
  }

  /**
   * One payout or refund notice. Every notice is recorded; a verified, first-seen one applies its
   * effect once, in the transaction that records it. A forged or stale notice, an unknown transfer
   * or a wrong amount is refused (400); a notice id seen before is a replay (409). Nothing moves.
   */
  async function handleNotice(
    rawBody: string,
    signature: string | undefined,
  ): Promise<'applied' | 'duplicate'> {
    const now = ctx.now();
    const record = (outcome: 'rejected', reason: string, n?: TransferNotice) =>
      settlementRepo(db).insertNotice({
        notice_id: null,
        kind: n?.kind ?? null,
        ref: n?.ref ?? null,
        body: rawBody.slice(0, 10_000),
        signature: (signature ?? '').slice(0, 500),
        outcome,
        reason,
        received_at: now,
      });
    let notice: TransferNotice;
    try {
      notice = await provider.verifyTransferNotice(rawBody, signature, now);
    } catch (err) {
      const reason = err instanceof NotificationRejected ? err.reason : '通知内容无法解析';
      await record('rejected', reason);
      throw new TransferNoticeRefused(reason);
    }
    try {
      return await db.transaction().execute(async (trx) => {
        const outcome =
          notice.kind === 'payout'
            ? await applyPayoutNotice(trx, notice, now)
            : await applyRefundNotice(trx, notice, now);
        const fresh = await settlementRepo(trx).insertNotice({
          notice_id: notice.noticeId,
          kind: notice.kind,
          ref: notice.ref,
          body: rawBody.slice(0, 10_000),
          signature: (signature ?? '').slice(0, 500),
          outcome,
          reason: null,
          received_at: now,
        });
        if (!fresh) throw new TransferNoticeRefused('重复的通知，已拒绝', 409);
        return outcome;
      });
    } catch (err) {
      if (err instanceof TransferNoticeRefused) await record('rejected', err.reason, notice);
      throw err;
    }
  }

  return { sendDue, handleNotice };
}

export type Transfers = ReturnType<typeof transfers>;
