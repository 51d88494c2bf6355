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

/** create payment → hosted page → signed asynchronous notification; query to reconcile. */
export interface PaymentProvider {
  readonly name: string;
  createPayment(request: CreatePaymentRequest): Promise<CreatedPayment>;
  query(paymentNo: string): Promise<ProviderTrade | null>;
  /** Checks signature and freshness; throws NotificationRejected. */
  verifyNotification(rawBody: string, signature: string | undefined, now: Date): Promise<PaymentNotice>;
}
