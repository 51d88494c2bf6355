import type { AppContext } from '../../context';
import { PaymentService } from './payment-service';
import { NotificationRejected } from './payment-provider';
import { SandboxPaymentProvider } from './sandbox-provider';
import { loadOrCreateSecret } from './signature';

export const NOTIFY_PATH = '/api/pay/notify/sandbox';
export const SANDBOX_PAGE_PATH = '/api/pay/sandbox';

export interface Payments {
  service: PaymentService;
  sandbox: SandboxPaymentProvider;
}

const byContext = new WeakMap<AppContext, Payments>();

/**
 * The payment service of this app. The sandbox delivers its notifications in-process through the
 * very handler behind POST /api/pay/notify/sandbox (signature, timestamp, idempotency included).
 */
export function paymentsFor(ctx: AppContext): Payments {
  const existing = byContext.get(ctx);
  if (existing) return existing;
  let secret: Promise<string> | null = null;
  const loadSecret = () => (secret ??= loadOrCreateSecret(ctx.dbh.db, 'pay_sandbox_hmac'));
  // eslint-disable-next-line prefer-const -- the provider and the service refer to each other
  let service: PaymentService;
  const sandbox = new SandboxPaymentProvider({
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
  service = new PaymentService(ctx.dbh.db, sandbox, ctx.now, `${ctx.env.publicUrl}${NOTIFY_PATH}`);
  const payments = { service, sandbox };
  byContext.set(ctx, payments);
  return payments;
}
