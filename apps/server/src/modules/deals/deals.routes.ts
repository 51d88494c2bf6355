import { deals } from '@chepai/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { dataCryptoFor } from '../../platform/crypto';
import { paymentsFor } from '../../platform/payments/payments';
import { addScheduledJob, IDLE_ROUNDS } from '../../platform/scheduler/app-scheduler';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { createSmsSender, type SmsSender } from '../../platform/sms/sms-sender';
import { currentUser } from '../accounts/auth-check';
import { smsCodes } from '../accounts/sms-codes';
import { contentDisposition } from '../files/file-name';
import { sellerUnitsService } from '../sellers/seller-units.service';
import { secondChance } from './second-chance';
import { sendDealReminders } from './deal-reminders';
import { registerDealsConsole } from './deals-console';
import { dealsService } from './deals.service';

/** The deal after the hammer, for the buyer and the selling unit (docs/product.md#16-the-deal-after-the-hammer). */
export async function registerDeals(
  app: FastifyInstance,
  ctx: AppContext,
  sender: SmsSender = createSmsSender(ctx),
) {
  const [pepper, crypto] = await Promise.all([
    ensureSecret(ctx.dbh.db, 'sms_pepper', makePepper),
    dataCryptoFor(ctx),
  ]);
  const service = dealsService(ctx, {
    payments: paymentsFor(ctx),
    codes: smsCodes(ctx, sender, pepper),
    crypto,
  });
  const units = sellerUnitsService(ctx);
  // Deadlines counted in hours and days: a few seconds late is nothing (decision 062).
  addScheduledJob(app, ctx, {
    name: 'deal-default',
    tick: (now) => service.defaultOverdueDeals(now),
    idleRounds: IDLE_ROUNDS.rare,
  });
  addScheduledJob(app, ctx, {
    name: 'deal-offer-expiry',
    tick: (now) => secondChance.expireOffers(ctx.dbh.db, now),
    idleRounds: IDLE_ROUNDS.rare,
  });
  addScheduledJob(app, ctx, {
    name: 'deal-reminders',
    tick: (now) => sendDealReminders(ctx.dbh.db, now),
    idleRounds: IDLE_ROUNDS.slow,
  });

  const buyer = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
  route(app, deals.buyerDealDetail, ({ orderId }, { request }) =>
    service.view(orderId, { kind: 'buyer', userId: buyer(request) }),
  );
  route(app, deals.contractPdf, async ({ orderId }, { request, reply }) =>
    sendPdf(reply, await service.contract(buyer(request), orderId)),
  );
  route(app, deals.signCode, ({ orderId }, { request }) =>
    service.sendSignCode(currentUser(request), orderId, request.ip),
  );
  route(app, deals.signContract, (input, { request }) =>
    service.sign(currentUser(request), input, request.ip, request.headers['user-agent'] ?? ''),
  );
  route(app, deals.payBalance, ({ orderId }, { request }) => service.payBalance(buyer(request), orderId));
  route(app, deals.payServiceFee, ({ orderId }, { request }) =>
    service.payServiceFee(buyer(request), orderId),
  );
  route(app, deals.arrangePickup, (input, { request }) => service.arrangePickup(buyer(request), input));

  route(app, deals.payStorageFee, ({ orderId }, { request }) =>
    service.payStorageFee(buyer(request), orderId),
  );
  route(app, deals.uploadSignedContract, ({ orderId, fileId }, { request }) =>
    service.uploadPaperContract(buyer(request), orderId, fileId),
  );
  route(app, deals.receiptPdf, async ({ orderId, paymentNo }, { request, reply }) =>
    sendPdf(reply, await service.receipt(buyer(request), orderId, paymentNo)),
  );
  route(app, deals.myOffers, (_input, { request }) => service.offers(buyer(request)));
  route(app, deals.answerOffer, ({ offerId, accept }, { request }) =>
    service.answerOffer(buyer(request), offerId, accept),
  );

  route(app, deals.sellerDealDetail, async ({ orderId }, { request }) => {
    const unit = await units.currentUnit(currentUser(request));
    return service.view(orderId, { kind: 'seller', unitId: unit.id });
  });
  route(app, deals.confirmReceipt, async (input, { request }) => {
    const user = currentUser(request);
    const unit = await units.currentUnit(user);
    return service.confirmReceipt(user.id, unit.id, input);
  });
  route(app, deals.recordTransfer, async (input, { request }) => {
    const user = currentUser(request);
    const unit = await units.currentUnit(user);
    return service.recordTransfer({ kind: 'seller', userId: user.id, unitId: unit.id }, input);
  });
  route(app, deals.chooseAfterDefault, async ({ orderId, action }, { request }) => {
    const user = currentUser(request);
    const unit = await units.currentUnit(user);
    return service.chooseAfterDefault({ kind: 'seller', userId: user.id, unitId: unit.id }, orderId, action);
  });

  await registerDealsConsole(app, ctx, service);

  /** user/order/list and user/order/detail as a buyer calls them (disposal answers sellers). */
  return {
    list: (userId: string, q: { pageNum: number; pageSize: number; stage?: deals.DealStage | undefined }) =>
      service.buyerList(userId, q),
    detail: (userId: string, orderId: string) => service.view(orderId, { kind: 'buyer', userId }),
  };
}

/** Answers a generated PDF, shown inline, never cached by the browser or a proxy. */
async function sendPdf(reply: FastifyReply, { pdf, filename }: { pdf: Buffer; filename: string }) {
  await reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', contentDisposition('inline', filename))
    .header('cache-control', 'private, no-store')
    .send(pdf);
  return undefined as never;
}
