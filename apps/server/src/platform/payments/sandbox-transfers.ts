import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ScheduledJob } from '../scheduler/scheduler';
import {
  NotificationRejected,
  TransferRefused,
  type PayoutRequest,
  type RefundRequest,
  type TransferAccepted,
  type TransferNotice,
  type TransferProvider,
} from './payment-provider';
import { sandboxTransferRepo, type SandboxTransfer } from './sandbox-transfer.repo';
import { checkSignature, signBody } from './signature';
import { dispatchNotice, type NotifyDispatch } from './sandbox-provider';

const NOTIFY_LEASE_MS = 60_000;
/** When an answer is lost (tests), the transfer's notice waits this long. */
const SLOW_NOTICE_MS = 5 * 60_000;

export interface SandboxTransferOptions {
  db: Kysely<Database>;
  now: () => Date;
  secret: () => Promise<string>;
  dispatch: NotifyDispatch;
  onError?: (err: unknown) => void;
}

/**
 * The sandbox payment company's bank transfers out (decision 023): a payout or refund request is
 * recorded under its request number (a repeat answers the same transfer), "the bank" settles it at
 * once (successfully, unless the account number is not a number or a test asked for failures), and
 * a signed notice goes back with retries until the merchant answers "success". The merchant side
 * never touches sandbox_transfer.
 */
export function sandboxTransfers(o: SandboxTransferOptions) {
  const repo = sandboxTransferRepo(o.db);
  const inflight = new Set<Promise<unknown>>();
  let failures: string[] = [];
  let refusals: string[] = [];
  let lostAnswers = 0;

  async function start(
    kind: SandboxTransfer['kind'],
    r: PayoutRequest | RefundRequest,
    payee: string,
    bankFailure: string | null,
  ): Promise<TransferAccepted> {
    const refusal = refusals.shift();
    if (refusal) throw new TransferRefused(refusal);
    // A lost answer is a slow company: its notice too comes later, from the notify job.
    const lost = lostAnswers > 0;
    if (lost) lostAnswers--;
    const now = o.now();
    const merchantNo = `${r.ref}#${r.attempt}`;
    // Like a real company: the request number is the idempotency key. A repeat answers the first
    // transfer (no second one, no second notice run); the same number with another amount is refused.
    let t = await repo.byMerchantNo(kind, merchantNo);
    if (!t) {
      const planned = bankFailure ?? failures.shift() ?? null;
      await repo.insertIfAbsent({
        transfer_no: `SBT${now.getTime()}${String(randomInt(1e9)).padStart(9, '0')}`,
        kind,
        merchant_no: merchantNo,
        amount: r.amount,
        payee,
        status: planned ? 'FAILED' : 'SUCCESS',
        failure: planned,
        notify_url: r.notifyUrl,
        next_notify_at: lost ? new Date(now.getTime() + SLOW_NOTICE_MS) : now,
        created_at: now,
        done_at: now,
      });
      t = await repo.byMerchantNo(kind, merchantNo);
      if (!t) throw new Error('sandbox transfer vanished');
      if (!lost) track(deliver(t.transfer_no));
    } else if (Number(t.amount) !== r.amount) throw new Error('请求号重复且金额不一致');
    if (lost) throw new Error('ETIMEDOUT: 付款公司应答超时');
    return { transferNo: t.transfer_no };
  }

  const provider: TransferProvider = {
    payout: (r) =>
      start(
        'payout',
        r,
        `${r.accountName} ${r.bankName} 尾号${r.accountNo.slice(-4)}`,
        /^\d{8,30}$/.test(r.accountNo) ? null : '收款账号无效',
      ),
    refund: (r) => start('refund', r, `原路退回 ${r.paymentNo}`, null),
    async verifyTransferNotice(rawBody, signature, now): Promise<TransferNotice> {
      const check = checkSignature(await o.secret(), signature, rawBody, now.getTime());
      if (check === 'missing' || check === 'bad') throw new NotificationRejected('通知签名校验失败');
      if (check === 'stale') throw new NotificationRejected('通知已过期');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(rawBody) as Record<string, unknown>;
      } catch {
        throw new NotificationRejected('通知内容无法解析');
      }
      const { noticeId, kind, merchantNo, transferNo, amount, status, reason, at } = body;
      const [ref, attempt] = typeof merchantNo === 'string' ? merchantNo.split('#') : [];
      if (
        typeof noticeId !== 'string' ||
        (kind !== 'payout' && kind !== 'refund') ||
        !ref ||
        !/^\d+$/.test(attempt ?? '') ||
        typeof transferNo !== 'string' ||
        !Number.isSafeInteger(amount) ||
        (status !== 'SUCCESS' && status !== 'FAILED') ||
        !Number.isSafeInteger(at)
      )
        throw new NotificationRejected('通知内容不完整');
      return {
        noticeId,
        kind,
        ref,
        attempt: Number(attempt),
        transferNo,
        amount: amount as number,
        status,
        reason: typeof reason === 'string' ? reason : null,
        at: at as number,
      };
    },
  };

  /** The body and signature of a notice for this transfer, as the next attempt would send it. */
  async function notice(t: SandboxTransfer): Promise<{ body: string; signature: string }> {
    const body = JSON.stringify({
      noticeId: `TN${Date.now()}${randomInt(1e9)}`,
      kind: t.kind,
      merchantNo: t.merchant_no,
      transferNo: t.transfer_no,
      amount: Number(t.amount),
      status: t.status,
      reason: t.failure,
      at: (t.done_at ?? t.created_at).getTime(),
    });
    return { body, signature: signBody(await o.secret(), o.now().getTime(), body) };
  }

  async function send(t: SandboxTransfer): Promise<boolean> {
    const { body, signature } = await notice(t);
    const { ok, update } = await dispatchNotice(o, t.notify_url, body, signature, t.notify_attempts);
    await repo.update(t.transfer_no, update);
    return ok;
  }

  const claim = (transferNo: string | null, limit: number) => {
    const now = o.now();
    return repo.claimDue(transferNo, limit, now, new Date(now.getTime() + NOTIFY_LEASE_MS));
  };

  async function deliver(transferNo: string): Promise<boolean> {
    const [t] = await claim(transferNo, 1);
    return t ? send(t) : false;
  }

  function track(p: Promise<unknown>) {
    const tracked = p.catch((err: unknown) => o.onError?.(err)).finally(() => inflight.delete(tracked));
    inflight.add(tracked);
  }

  return {
    provider,
    notice,
    find: (kind: SandboxTransfer['kind'], ref: string, attempt: number) =>
      repo.byMerchantNo(kind, `${ref}#${attempt}`),
    /** Tests and demos: the next transfers fail at "the bank" with these reasons. */
    failNext: (...reasons: string[]) => {
      failures = [...failures, ...reasons];
    },
    /** Tests: the next requests are refused outright (nothing recorded, nothing sent). */
    refuseNext: (...reasons: string[]) => {
      refusals = [...refusals, ...reasons];
    },
    /** Tests: the next `n` requests are carried out, but their answers are lost (a timeout). */
    loseNextAnswers: (n = 1) => {
      lostAnswers += n;
    },
    job: (): ScheduledJob => ({
      name: 'sandbox-transfer-notify',
      tick: async () => {
        const due = await claim(null, 20);
        await Promise.all(due.map((t) => send(t)));
        return due.length;
      },
    }),
    async drain(): Promise<void> {
      while (inflight.size) await Promise.allSettled([...inflight]);
    },
  };
}

export type SandboxTransfers = ReturnType<typeof sandboxTransfers>;
