import { bidding } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { addScheduledJob } from '../scheduler/app-scheduler';
import { assertDevCaller } from '../../http/dev-only';
import { ok } from '../../http/envelope';
import { route } from '../../http/route';
import { badRequest, conflict, notFound } from '../../http/errors';
import { NotificationRejected } from './payment-provider';
import { paymentRepo } from './payment.repo';
import { NOTIFY_PATH, SANDBOX_PAGE_PATH, paymentsFor } from './payments';
import { renderDeniedPage, renderMissingPage, renderPayPage } from './sandbox-page';

const PAYMENT_NO_RE = /^[A-Za-z0-9]{6,40}$/;

type CashierRequest = { Params: { paymentNo: string }; Querystring: { ticket?: string } };

/** The sandbox cashier pages, the notification endpoint and the development shortcut. */
export async function registerPayments(app: FastifyInstance, ctx: AppContext) {
  const { service, sandbox } = paymentsFor(ctx);
  route(app, bidding.paymentConfig, async () => ({ sandbox: sandbox !== null }));
  if (!sandbox) {
    if (ctx.env.NODE_ENV === 'production')
      ctx.log.warn(
        '支付未开通：未设置 PAYMENT_PROVIDER，保证金与余款支付将答复 503（预发环境可设 PAYMENT_PROVIDER=sandbox，见 docs/deploy.md）',
      );
    return;
  }
  if (ctx.env.NODE_ENV === 'production')
    ctx.log.warn('PAYMENT_PROVIDER=sandbox：沙箱支付已开启，付款不会真实扣款，仅用于预发环境');
  app.addHook('onClose', () => sandbox.drain());
  addScheduledJob(app, ctx, sandbox.job());
  const { transfers } = paymentsFor(ctx);
  if (transfers) {
    app.addHook('onClose', () => transfers.drain());
    addScheduledJob(app, ctx, transfers.job());
  }

  const tradeOf = async (paymentNo: string) =>
    PAYMENT_NO_RE.test(paymentNo) ? sandbox.find(paymentNo) : undefined;

  // Only the payer holds the ticket (docs/decisions/010-production-exposure.md).
  app.get<CashierRequest>(`${SANDBOX_PAGE_PATH}/:paymentNo`, async (request, reply) => {
    const { paymentNo } = request.params;
    reply.type('text/html; charset=utf-8');
    if (!(await sandbox.ticketValid(paymentNo, request.query.ticket)))
      return reply.code(403).send(renderDeniedPage());
    const trade = await tradeOf(paymentNo);
    if (!trade) return reply.code(404).send(renderMissingPage());
    return renderPayPage(trade, paymentNo, request.query.ticket ?? '');
  });

  for (const action of ['confirm', 'cancel'] as const) {
    app.post<CashierRequest>(`${SANDBOX_PAGE_PATH}/:paymentNo/${action}`, async (request, reply) => {
      const { paymentNo } = request.params;
      if (!(await sandbox.ticketValid(paymentNo, request.query.ticket)))
        return reply.code(403).type('text/html; charset=utf-8').send(renderDeniedPage());
      const found = await tradeOf(paymentNo);
      if (!found) return reply.code(404).type('text/html; charset=utf-8').send(renderMissingPage());
      const trade =
        action === 'confirm'
          ? await sandbox.confirm(found.merchant_payment_no)
          : await sandbox.cancel(found.merchant_payment_no);
      const target = new URL(trade?.return_url ?? found.return_url, 'http://x');
      target.searchParams.set('paymentNo', found.merchant_payment_no);
      if (trade?.status === 'TRADE_CLOSED') target.searchParams.set('cancelled', '1');
      return reply.redirect(`${target.pathname}${target.search}`, 303);
    });
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
    assertDevCaller(ctx.env, request);
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
