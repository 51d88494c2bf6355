import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import { paymentService, type PaymentService } from './payment-service';
import { NotificationRejected, TransferRefused, type PaymentProvider } from './payment-provider';
import { unavailable } from '../../http/errors';
import { sandboxPaymentProvider, type SandboxPaymentProvider } from './sandbox-provider';
import { sandboxTransfers, type SandboxTransfers } from './sandbox-transfers';
import { loadOrCreateSecret } from './signature';

export const NOTIFY_PATH = '/api/pay/notify/sandbox';
/** Where the sandbox sends payout and refund notices (modules/settlement handles them). */
export const TRANSFER_NOTIFY_PATH = '/api/pay/notify/sandbox/transfer';
export const SANDBOX_PAGE_PATH = '/api/pay/sandbox';

export interface Payments {
  service: PaymentService;
  /** Null when no sandbox runs (production unless PAYMENT_PROVIDER=sandbox). */
  sandbox: SandboxPaymentProvider | null;
  /** The sandbox's bank transfers (payouts, refunds); null without a sandbox. */
  transfers: SandboxTransfers | null;
  /** Where payout and refund notices go; settlement sets the handler (it throws NotificationRejected to refuse). */
  onTransferNotice(handler: (rawBody: string, signature: string | undefined) => Promise<unknown>): void;
  transferNotifyUrl: string;
}

export const PAYMENTS_UNAVAILABLE = '支付服务暂未开通，暂时无法缴纳保证金或付款，请联系平台客服';

/** Stands in for a payment company when none is configured: every payment answers a clear 503. */
const unconfigured: PaymentProvider = {
  name: 'none',
  createPayment: () => Promise.reject(unavailable(PAYMENTS_UNAVAILABLE)),
  query: () => Promise.resolve(null),
  verifyNotification: () => Promise.reject(new NotificationRejected('未配置支付公司')),
  payout: () => Promise.reject(new TransferRefused(PAYMENTS_UNAVAILABLE)),
  refund: () => Promise.reject(new TransferRefused(PAYMENTS_UNAVAILABLE)),
  verifyTransferNotice: () => Promise.reject(new NotificationRejected('未配置支付公司')),
};

/**
 * The payment service of this app. The sandbox delivers its notifications in-process through the
 * very handler behind POST /api/pay/notify/sandbox (signature, timestamp, idempotency included).
 */
export const paymentsFor = perContext((ctx: AppContext): Payments => {
  let transferHandler: ((rawBody: string, signature: string | undefined) => Promise<unknown>) | null = null;
  const transferHooks = {
    onTransferNotice: (h: typeof transferHandler) => {
      transferHandler = h;
    },
    transferNotifyUrl: `${ctx.env.publicUrl}${TRANSFER_NOTIFY_PATH}`,
  };
  if (ctx.env.PAYMENT_PROVIDER === 'none')
    return {
      service: paymentService(ctx, { provider: unconfigured, notifyUrl: '' }),
      sandbox: null,
      transfers: null,
      ...transferHooks,
    };
  let secret: Promise<string> | null = null;
  const loadSecret = () => (secret ??= loadOrCreateSecret(ctx.dbh.db, 'pay_sandbox_hmac'));
  // eslint-disable-next-line prefer-const -- the provider and the service refer to each other
  let service: PaymentService;
  const transfers = sandboxTransfers({
    db: ctx.dbh.db,
    now: ctx.now,
    secret: loadSecret,
    dispatch: async (_url, body, signature) => {
      if (!transferHandler) return false;
      try {
        await transferHandler(body, signature);
        return true;
      } catch (err) {
        if (err instanceof NotificationRejected) return false;
        throw err;
      }
    },
    onError: (err) => ctx.log.error({ err }, 'sandbox transfer notice failed'),
  });
  const sandbox = sandboxPaymentProvider({
    transfers: transfers.provider,
    db: ctx.dbh.db,
    now: ctx.now,
    secret: loadSecret,
    pageBase: SANDBOX_PAGE_PATH,
    dispatch: async (_url, body, signature) => {
      try {
        await service.handleNotification(body, signature);
        return true;
      } catch (err) {
        if (err instanceof NotificationRejected) return false;
        throw err;
      }
    },
    onError: (err) => ctx.log.error({ err }, 'sandbox payment notification failed'),
  });
  service = paymentService(ctx, { provider: sandbox, notifyUrl: `${ctx.env.publicUrl}${NOTIFY_PATH}` });
  return { service, sandbox, transfers, ...transferHooks };
});
