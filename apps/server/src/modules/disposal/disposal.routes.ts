import { disposal } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import { route } from '../../http/route';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { currentUser } from '../accounts/auth-check';
import { disposalService } from './disposal.service';

/** Vehicle disposal for sellers (docs/product.md#14-disposal-and-review). */
export async function registerDisposal(app: FastifyInstance, ctx: AppContext) {
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
  route(app, disposal.orderList, (input, { request }) => {
    const user = currentUser(request);
    // Buyers' own deals join this list with the after-the-hammer pages (docs/product.md#7-deposits-and-deals).
    if (user.role !== 'seller') throw forbidden('拍卖订单仅对处置单位开放，竞买人请在“我的成交”中查看');
    return service.list(user, input);
  });
  route(app, disposal.orderDetail, ({ orderId }, { request }) => {
    const user = currentUser(request);
    if (user.role !== 'seller') throw forbidden('拍卖订单仅对处置单位开放，竞买人请在“我的成交”中查看');
    return service.detail(user, orderId);
  });
  route(app, disposal.sellerOrderInfo, ({ orderId }, { request }) =>
    service.info(currentUser(request), orderId),
  );
  route(app, disposal.cancel, ({ orderId, reason }, { request }) =>
    service.cancel(currentUser(request), orderId, reason),
  );
}
