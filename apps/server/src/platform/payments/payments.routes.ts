import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addScheduledJob } from '../scheduler/app-scheduler';
import { ok } from '../../http/envelope';
import { badRequest, conflict, notFound } from '../../http/errors';
import { NotificationRejected } from './payment-provider';
import { paymentRepo } from './payment.repo';
import { NOTIFY_PATH, SANDBOX_PAGE_PATH, paymentsFor } from './payments';
import { renderMissingPage, renderPayPage } from './sandbox-page';

const PAYMENT_NO_RE = /^[A-Za-z0-9]{6,40}$/;

/** The sandbox cashier pages, the notification endpoint and the development shortcut. */
export async function registerPayments(app: FastifyInstance, ctx: AppContext) {
  const { service, sandbox } = paymentsFor(ctx);
  app.addHook('onClose', () => sandbox.drain());
  addScheduledJob(app, ctx, sandbox.job());

  const tradeOf = async (paymentNo: string) =>
    PAYMENT_NO_RE.test(paymentNo) ? sandbox.find(paymentNo) : undefined;

  app.get<{ Params: { paymentNo: string } }>(`${SANDBOX_PAGE_PATH}/:paymentNo`, async (request, reply) => {
    const trade = await tradeOf(request.params.paymentNo);
    reply.type('text/html; charset=utf-8');
    if (!trade) return reply.code(404).send(renderMissingPage());
    return renderPayPage(trade, request.params.paymentNo);
  });

  for (const action of ['confirm', 'cancel'] as const) {
    app.post<{ Params: { paymentNo: string } }>(
      `${SANDBOX_PAGE_PATH}/:paymentNo/${action}`,
      async (request, reply) => {
        const found = await tradeOf(request.params.paymentNo);
        if (!found) return reply.code(404).type('text/html; charset=utf-8').send(renderMissingPage());
        const trade =
          action === 'confirm'
            ? await sandbox.confirm(found.merchant_payment_no)
            : await sandbox.cancel(found.merchant_payment_no);
        const target = new URL(trade?.return_url ?? found.return_url, 'http://x');
        target.searchParams.set('paymentNo', found.merchant_payment_no);
        if (trade?.status === 'TRADE_CLOSED') target.searchParams.set('cancelled', '1');
        return reply.redirect(`${target.pathname}${target.search}`, 303);
      },
    );
  }

  // The notification keeps its raw body: the signature covers the exact bytes.
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(NOTIFY_PATH, async (request, reply) => {
      if (typeof request.body !== 'string') throw badRequest('通知内容不能为空');
      const header = request.headers['x-sandbox-signature'];
      try {
        await service.handleNotification(request.body, typeof header === 'string' ? header : undefined);
      } catch (err) {
        if (err instanceof NotificationRejected) throw badRequest(err.reason);
        throw err;
      }
      return reply.type('text/plain; charset=utf-8').send('success');
    });
  });

  // Development: play the payment company's success notification without the hosted page.
  app.post<{ Params: { paymentNo: string } }>('/api/dev/payments/:paymentNo/succeed', async (request) => {
    if (ctx.env.NODE_ENV === 'production') throw notFound('接口不存在');
    const found = await tradeOf(request.params.paymentNo);
    if (!found) throw notFound('支付单不存在');
    const trade = await sandbox.confirm(found.merchant_payment_no);
    if (trade?.status === 'TRADE_CLOSED') throw conflict('该支付单已取消');
    await sandbox.drain();
    const statusOf = () => paymentRepo(ctx.dbh.db).status(found.merchant_payment_no);
    // A notification that failed earlier is played again now.
    if ((await statusOf()) !== 'paid') await sandbox.renotify(found.merchant_payment_no);
    return ok({ paymentNo: found.merchant_payment_no, status: (await statusOf()) ?? 'pending' });
  });
}
