import { settlement } from '@chepai/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { badRequest, AppError } from '../../http/errors';
import { route } from '../../http/route';
import { dataCryptoFor } from '../../platform/crypto';
import { TRANSFER_NOTIFY_PATH, paymentsFor } from '../../platform/payments/payments';
import { addScheduledJob, IDLE_ROUNDS } from '../../platform/scheduler/app-scheduler';
import { currentUser } from '../accounts/auth-check';
import { actorOf } from '../console/audit';
import { consoleRepo } from '../console/console.repo';
import { dealsRepo } from '../deals/deals.repo';
import { sellerUnitsService } from '../sellers/seller-units.service';
import { journalPayment, refundWhole, settleDeal } from './postings';
import { settlementService } from './settlement.service';
import { settlementRepo } from './settlement.repo';
import { TransferNoticeRefused, transfers as createTransfers } from './transfers';

/**
 * Ledger and settlement (docs/product.md#17-ledger-and-settlement): every paid payment journalled,
 * payouts and refunds sent through the payment company and confirmed by its notices, the
 * reconciliation every 10 minutes, the seller's payouts and the console's finance desk.
 */
export async function registerSettlement(app: FastifyInstance, ctx: AppContext) {
  const payments = paymentsFor(ctx);
  const crypto = await dataCryptoFor(ctx);
  const service = settlementService(ctx, { payments });
  const transfers = createTransfers(ctx, { payments, crypto });
  const units = sellerUnitsService(ctx);
  const { db } = ctx.dbh;

  // Every paid payment is journalled before its purpose's handler runs; money a deal could not
  // take (paid out of turn, after a default) goes back after it.
  payments.service.onEveryPaid(journalPayment, 'before');
  payments.service.onEveryPaid(async (trx, payment, now) => {
    if (payment.purpose !== 'balance' && payment.purpose !== 'service_fee') return;
    const deal = await dealsRepo(trx).lock(payment.lot_id);
    if (
      deal &&
      (deal.late_payment_no === payment.payment_no || deal.late_fee_payment_no === payment.payment_no)
    )
      await refundWhole(trx, payment, '成交订单已不接受该笔付款，原路退还', now);
  }, 'after');
  payments.onTransferNotice((body, signature) => transfers.handleNotice(body, signature));

  addScheduledJob(app, ctx, { name: 'settlement-transfers', tick: (now) => transfers.sendDue(now) });
  addScheduledJob(app, ctx, {
    name: 'settlement-handovers',
    // A handover confirmed is settled within seconds; asked less often while idle (decision 062).
    idleRounds: IDLE_ROUNDS.rare,
    async tick(now) {
      let settled = 0;
      for (const { lot_id } of await settlementRepo(db).unsettledHandovers(20)) {
        await db.transaction().execute(async (trx) => {
          const deal = await dealsRepo(trx).lock(lot_id);
          if (deal && (await settleDeal(trx, deal, now))) settled++;
        });
      }
      return settled;
    },
  });
  addScheduledJob(app, ctx, {
    name: 'reconciliation',
    tick: (now) => service.reconcileTick(now),
    idleRounds: IDLE_ROUNDS.slow,
  });

  // The payment company's payout and refund notices keep their raw body: the signature covers the bytes.
  await app.register(
    async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
        done(null, body),
      );
      scope.post(TRANSFER_NOTIFY_PATH.replace(/^\/api/, ''), async (request, reply) => {
        if (typeof request.body !== 'string' || !request.body) throw badRequest('通知内容不能为空');
        const header = request.headers['x-sandbox-signature'];
        try {
          await transfers.handleNotice(request.body, typeof header === 'string' ? header : undefined);
        } catch (err) {
          if (err instanceof TransferNoticeRefused) throw new AppError(err.status, err.reason);
          throw err;
        }
        return reply.type('text/plain; charset=utf-8').send('success');
      });
    },
    { prefix: '/api' },
  );

  const unitOf = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return { user, unit: await units.currentUnit(user) };
  };
  route(app, settlement.sellerFeePay, async ({ orderId }, { request }) => {
    const { user, unit } = await unitOf(request);
    return service.paySellerFee(user.id, unit.id, orderId);
  });
  route(app, settlement.sellerOrderSettlement, async ({ orderId }, { request }) =>
    service.orderSettlement((await unitOf(request)).unit.id, orderId),
  );
  route(app, settlement.sellerStatement, async (input, { request }) =>
    service.statement((await unitOf(request)).unit.id, input),
  );

  const actor = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return actorOf(request, user.id, await consoleRepo(db).operatorName(user.id));
  };
  route(app, settlement.paymentList, (input) => service.payments(input));
  route(app, settlement.refundList, (input) => service.refunds(input));
  route(app, settlement.refundRequest, async (input, { request }) =>
    service.requestRefund(await actor(request), input),
  );
  route(app, settlement.refundApprove, async ({ refundNo, note }, { request }) =>
    service.decideRefund(await actor(request), refundNo, { approve: true, note }),
  );
  route(app, settlement.refundReject, async ({ refundNo, reason }, { request }) =>
    service.decideRefund(await actor(request), refundNo, { approve: false, reason }),
  );
  route(app, settlement.payoutList, (input) => service.payouts(input));
  route(app, settlement.payoutRetry, async ({ payoutNo }, { request }) =>
    service.retryPayout(await actor(request), payoutNo),
  );
  route(app, settlement.mismatchList, (input) => service.mismatches(input));
  route(app, settlement.mismatchResolve, async ({ id, note }, { request }) =>
    service.resolveMismatch(await actor(request), id, note),
  );
  route(app, settlement.reconcileNow, () => service.reconcileNow());
  route(app, settlement.lotLedger, ({ orderId }) => service.lotLedger(orderId));
}
