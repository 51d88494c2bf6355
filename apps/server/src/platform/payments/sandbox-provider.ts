import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ScheduledJob } from '../scheduler/scheduler';
import {
  NotificationRejected,
  type CreatePaymentRequest,
  type CreatedPayment,
  type PaymentNotice,
  type PaymentProvider,
  type ProviderTrade,
  type TransferProvider,
} from './payment-provider';
import { sandboxTradeRepo, type SandboxTrade } from './sandbox-trade.repo';
import { CASHIER_TICKET_MS, cashierTicket, cashierTicketValid, checkSignature, signBody } from './signature';

/** The sandbox's name on our payment rows (payment.provider). */
export const SANDBOX_PROVIDER_NAME = 'sandbox';

/** Sends one signed notification; true when the merchant answered "success". */
export type NotifyDispatch = (url: string, body: string, signature: string) => Promise<boolean>;

/** Back-off between notification attempts, as payment companies do (15 s … 6 h), then give up. */
export const NOTIFY_BACKOFF_MS = [
  15, 15, 30, 180, 600, 1200, 1800, 1800, 1800, 3600, 10800, 10800, 10800, 21600, 21600,
].map((s) => s * 1000);
/** A claimed delivery that never reports back (crashed process) is retried after this lease. */
const NOTIFY_LEASE_MS = 60_000;

const noTransfers: TransferProvider = {
  payout: () => Promise.reject(new Error('sandbox without transfers')),
  refund: () => Promise.reject(new Error('sandbox without transfers')),
  verifyTransferNotice: () => Promise.reject(new NotificationRejected('未开通转账')),
};

/**
 * Sends one signed notice and says what to record: delivered, or the next attempt after the
 * back-off for this attempt (none after the last). Shared by payment and transfer notices.
 */
export async function dispatchNotice(
  o: { dispatch: NotifyDispatch; now: () => Date },
  url: string,
  body: string,
  signature: string,
  attempt: number,
) {
  let ok = false;
  let error: string | null = null;
  try {
    ok = await o.dispatch(url, body, signature);
    if (!ok) error = '商户未确认';
  } catch (err) {
    error = err instanceof Error ? err.message : String(err);
  }
  const now = o.now();
  const backoff = NOTIFY_BACKOFF_MS[attempt - 1];
  const update = ok
    ? { notified_at: now, next_notify_at: null, last_notify_error: null }
    : {
        next_notify_at: backoff === undefined ? null : new Date(now.getTime() + backoff),
        last_notify_error: error,
      };
  return { ok, update };
}

export interface SandboxOptions {
  db: Kysely<Database>;
  now: () => Date;
  secret: () => Promise<string>;
  dispatch: NotifyDispatch;
  /** Path of the hosted page, e.g. /api/pay/sandbox. */
  pageBase: string;
  onError?: (err: unknown) => void;
  /** Payouts and refunds (sandbox-transfers.ts); without them both are refused. */
  transfers?: TransferProvider;
}

/**
 * A payment company inside the server: it keeps its own trade records, serves a hosted payment
 * page, and on payment sends HMAC-signed notifications with retries until the merchant says
 * "success". The merchant side never touches sandbox_trade.
 */
export function sandboxPaymentProvider(o: SandboxOptions) {
  const inflight = new Set<Promise<unknown>>();
  const trades = sandboxTradeRepo(o.db);

  async function createPayment(r: CreatePaymentRequest): Promise<CreatedPayment> {
    // Idempotent by merchant payment number, as real providers are: a repeated request returns the same trade.
    await trades.insertIfAbsent({
      trade_no: `SBX${o.now().getTime()}${String(randomInt(1e9)).padStart(9, '0')}`,
      merchant_payment_no: r.paymentNo,
      subject: r.subject,
      amount: r.amount,
      notify_url: r.notifyUrl,
      return_url: r.returnUrl,
      status: 'WAIT_BUYER_PAY',
      created_at: o.now(),
    });
    const trade = await find(r.paymentNo);
    if (!trade) throw new Error('sandbox trade vanished');
    const ticket = cashierTicket(await o.secret(), r.paymentNo, o.now().getTime() + CASHIER_TICKET_MS);
    return {
      tradeNo: trade.trade_no,
      payUrl: `${o.pageBase}/${encodeURIComponent(r.paymentNo)}?ticket=${ticket}`,
    };
  }

  /** Whether `ticket` opens the cashier of this payment (see cashierTicket). */
  async function ticketValid(paymentNo: string, ticket: unknown): Promise<boolean> {
    return cashierTicketValid(await o.secret(), paymentNo, ticket, o.now().getTime());
  }

  function find(paymentNo: string): Promise<SandboxTrade | undefined> {
    return trades.byPaymentNo(paymentNo);
  }

  async function query(paymentNo: string): Promise<ProviderTrade | null> {
    const t = await find(paymentNo);
    if (!t) return null;
    const status = t.status === 'TRADE_SUCCESS' ? 'paid' : t.status === 'TRADE_CLOSED' ? 'closed' : 'pending';
    return {
      tradeNo: t.trade_no,
      paymentNo,
      amount: Number(t.amount),
      status,
      paidAt: t.paid_at?.getTime() ?? null,
    };
  }

  async function verifyNotification(
    rawBody: string,
    signature: string | undefined,
    now: Date,
  ): Promise<PaymentNotice> {
    const check = checkSignature(await o.secret(), signature, rawBody, now.getTime());
    if (check === 'missing' || check === 'bad') throw new NotificationRejected('通知签名校验失败');
    if (check === 'stale') throw new NotificationRejected('通知已过期');
    const body = JSON.parse(rawBody) as Record<string, unknown>;
    const { paymentNo, tradeNo, amount, paidAt, status } = body;
    if (
      status !== 'TRADE_SUCCESS' ||
      typeof paymentNo !== 'string' ||
      typeof tradeNo !== 'string' ||
      !Number.isSafeInteger(amount) ||
      !Number.isSafeInteger(paidAt)
    ) {
      throw new NotificationRejected('通知内容不完整');
    }
    return { paymentNo, tradeNo, amount: amount as number, paidAt: paidAt as number };
  }

  /** The buyer pressed 确认支付: the trade succeeds and a notification is due now. */
  async function confirm(paymentNo: string): Promise<SandboxTrade | undefined> {
    const now = o.now();
    await trades.settleWaiting(paymentNo, {
      status: 'TRADE_SUCCESS',
      paid_at: now,
      next_notify_at: now,
    });
    const trade = await find(paymentNo);
    if (trade?.status === 'TRADE_SUCCESS') track(deliver(trade.trade_no));
    return trade;
  }

  async function cancel(paymentNo: string): Promise<SandboxTrade | undefined> {
    await trades.settleWaiting(paymentNo, { status: 'TRADE_CLOSED' });
    return find(paymentNo);
  }

  /** One delivery attempt for one trade, if it is due (claimed with a lease, so only one process sends). */
  async function deliver(tradeNo: string): Promise<boolean> {
    const [trade] = await claim(tradeNo, 1);
    return trade ? send(trade) : false;
  }

  /** Sends the notification of a paid trade again now (development, reconciliation). */
  async function renotify(paymentNo: string): Promise<boolean> {
    const trade = await find(paymentNo);
    if (trade?.status !== 'TRADE_SUCCESS') return false;
    await trades.update(trade.trade_no, { next_notify_at: o.now() });
    return deliver(trade.trade_no);
  }

  /** Every due notification, for the scheduler. */
  async function deliverDue(limit = 20): Promise<number> {
    const due = await claim(null, limit);
    await Promise.all(due.map((t) => send(t)));
    return due.length;
  }

  function job(): ScheduledJob {
    return { name: 'sandbox-payment-notify', tick: () => deliverDue() };
  }

  /** Waits for notifications sent in the background (after 确认支付). */
  async function drain(): Promise<void> {
    while (inflight.size) await Promise.allSettled([...inflight]);
  }

  function track(p: Promise<unknown>) {
    const tracked = p.catch((err: unknown) => o.onError?.(err)).finally(() => inflight.delete(tracked));
    inflight.add(tracked);
  }

  function claim(tradeNo: string | null, limit: number): Promise<SandboxTrade[]> {
    const now = o.now();
    return trades.claimDue(tradeNo, limit, now, new Date(now.getTime() + NOTIFY_LEASE_MS));
  }

  async function send(trade: SandboxTrade): Promise<boolean> {
    const body = JSON.stringify({
      notifyId: `N${Date.now()}${randomInt(1e6)}`,
      tradeNo: trade.trade_no,
      paymentNo: trade.merchant_payment_no,
      amount: Number(trade.amount),
      status: 'TRADE_SUCCESS',
      paidAt: trade.paid_at?.getTime() ?? o.now().getTime(),
    });
    const signature = signBody(await o.secret(), o.now().getTime(), body);
    const { ok, update } = await dispatchNotice(o, trade.notify_url, body, signature, trade.notify_attempts);
    await trades.update(trade.trade_no, update);
    return ok;
  }

  const provider: PaymentProvider = {
    name: SANDBOX_PROVIDER_NAME,
    createPayment,
    query,
    verifyNotification,
    payout: (r) => (o.transfers ?? noTransfers).payout(r),
    refund: (r) => (o.transfers ?? noTransfers).refund(r),
    verifyTransferNotice: (body, signature, now) =>
      (o.transfers ?? noTransfers).verifyTransferNotice(body, signature, now),
  };
  return {
    ...provider,
    ticketValid,
    find,
    confirm,
    cancel,
    deliver,
    renotify,
    deliverDue,
    job,
    drain,
  };
}

export type SandboxPaymentProvider = ReturnType<typeof sandboxPaymentProvider>;
