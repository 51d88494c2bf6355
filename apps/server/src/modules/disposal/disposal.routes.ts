import { deals, disposal, parseInput } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { currentUser } from '../accounts/auth-check';
import { disposalService } from './disposal.service';

/** How a buyer's user/order/list and user/order/detail are answered: their own deals. */
export interface BuyerOrders {
  list(
    userId: string,
    q: { pageNum: number; pageSize: number; stage?: deals.DealStage | undefined },
  ): Promise<unknown>;
  detail(userId: string, orderId: string): Promise<unknown>;
}

/** Vehicle disposal for sellers (docs/product.md#14-disposal-and-review). */
export async function registerDisposal(
  app: FastifyInstance,
  ctx: AppContext,
  buyers: BuyerOrders | null = null,
) {
  const service = disposalService(ctx, await ensureSecret(ctx.dbh.db, 'file_url_key', makePepper));

  route(app, disposal.submit, (input, { request }) => service.submit(currentUser(request), input));
  route(app, disposal.vinCheck, ({ vin, orderId }, { request }) =>
    service.checkVin(currentUser(request), vin, orderId ?? null),
  );
  route(app, disposal.draftSave, ({ draftId, form }, { request }) =>
    service.saveDraft(currentUser(request), draftId, form),
  );
  route(app, disposal.draftList, (_, { request }) => service.drafts(currentUser(request)));
  route(app, disposal.draftGet, ({ draftId }, { request }) => service.draft(currentUser(request), draftId));
  route(app, disposal.draftDelete, ({ draftId }, { request }) =>
    service.deleteDraft(currentUser(request), draftId),
  );
  // A buyer's call is answered with their own deals (deals.buyerOrderList / buyerOrderDetail,
  // docs/product.md#16-the-deal-after-the-hammer); the input is checked against the buyer's contract.
  route(app, disposal.orderList, (input, { request }) => {
    const user = currentUser(request);
    if (user.role === 'buyer' && buyers) {
      const q = parseInput(deals.buyerOrderList, {
        ...(request.body as object),
        ...(request.query as object),
      });
      return buyers.list(user.id, q) as never;
    }
    if (user.role !== 'seller') throw forbidden('拍卖订单仅对处置单位开放');
    return service.list(user, input);
  });
  route(app, disposal.orderDetail, ({ orderId }, { request }) => {
    const user = currentUser(request);
    if (user.role === 'buyer' && buyers) return buyers.detail(user.id, orderId) as never;
    if (user.role !== 'seller') throw forbidden('拍卖订单仅对处置单位开放');
    return service.detail(user, orderId);
  });
  route(app, disposal.sellerOrderInfo, ({ orderId }, { request }) =>
    service.info(currentUser(request), orderId),
  );
  route(app, disposal.cancel, ({ orderId, reason }, { request }) =>
    service.cancel(currentUser(request), orderId, reason),
  );
}
