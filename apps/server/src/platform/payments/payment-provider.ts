/** What we ask a payment company for. Amounts are integer fen. */
export interface CreatePaymentRequest {
  paymentNo: string;
  amount: number;
  subject: string;
  /** Where the provider POSTs its signed asynchronous notification. */
  notifyUrl: string;
  /** Where the hosted page sends the buyer afterwards. */
  returnUrl: string;
}

export interface CreatedPayment {
  tradeNo: string;
  /** The provider's hosted payment page. */
  payUrl: string;
}

/** A verified "this payment succeeded" notification. */
export interface PaymentNotice {
  paymentNo: string;
  tradeNo: string;
  amount: number;
  paidAt: number;
}

export interface ProviderTrade {
  tradeNo: string;
  paymentNo: string;
  amount: number;
  status: 'pending' | 'paid' | 'closed';
  paidAt: number | null;
}

/** A notification we must not act on; `reason` is Chinese and safe to show. */
export class NotificationRejected extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'NotificationRejected';
  }
}

/** create payment → hosted page → signed asynchronous notification; query to reconcile; payouts and refunds. */
export interface PaymentProvider extends TransferProvider {
  readonly name: string;
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  query(paymentNo: string): Promise<ProviderTrade | null>;
  /** Checks signature and freshness; throws NotificationRejected. */
  verifyNotification(rawBody: string, signature: string | undefined, now: Date): Promise<PaymentNotice>;
}

/**
 * Money we send out (docs/product.md#17-ledger-and-settlement, decision 023): a payout to a unit's
 * collection account or a refund of a payment. `ref` is our payout or refund number; the provider
 * request number is `ref#attempt` and the provider is idempotent on it: the same number sent again
 * answers the first transfer. A new attempt (a new number) only after this one is known to have
 * failed: a refusal (TransferRefused) or a FAILED notice.
 */
export interface TransferRequest {
  ref: string;
  attempt: number;
  amount: number;
  notifyUrl: string;
}
export interface PayoutRequest extends TransferRequest {
  accountName: string;
  bankName: string;
  accountNo: string;
}
export interface RefundRequest extends TransferRequest {
  /** The payment refunded (its provider trade). */
  paymentNo: string;
}
export interface TransferAccepted {
  transferNo: string;
}
/** A verified "this transfer succeeded / failed" notice. */
export interface TransferNotice {
  noticeId: string;
  kind: 'payout' | 'refund';
  ref: string;
  attempt: number;
  transferNo: string;
  amount: number;
  status: 'SUCCESS' | 'FAILED';
  reason: string | null;
  at: number;
}

/**
 * The provider answered and refused the request: nothing was sent under this request number, so a
 * new attempt may follow. Any other error (a timeout, a reset connection, a 5xx) leaves the outcome
 * unknown: the money may have left, and only the same request number may be sent again.
 */
export class TransferRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'TransferRefused';
  }
}

/** Bank transfers out of the payment company: payouts and refunds, confirmed by signed notices. */
export interface TransferProvider {
  payout(request: PayoutRequest): Promise<TransferAccepted>;
  refund(request: RefundRequest): Promise<TransferAccepted>;
  /** Checks signature and freshness; throws NotificationRejected. */
  verifyTransferNotice(rawBody: string, signature: string | undefined, now: Date): Promise<TransferNotice>;
}
