import { deals, invoices } from '@chepai/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { currentUser } from '../accounts/auth-check';
import { actorOf } from '../console/audit';
import { consoleRepo } from '../console/console.repo';
import { signedUrls } from '../files/signed-url';
import { invoicesService } from './invoices.service';

/** Invoices: the buyer asks and downloads; finance issues or rejects (docs/product.md#16-the-deal-after-the-hammer). */
export async function registerInvoices(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.dbh;
  const service = invoicesService(ctx, {
    urls: signedUrls(await ensureSecret(db, 'file_url_key', makePepper), ctx.now),
  });
  const buyer = (request: FastifyRequest) => currentUser(request).id;
  const actor = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return actorOf(request, user.id, (await consoleRepo(db).operatorName(user.id)) ?? '');
  };

  route(app, deals.requestInvoice, ({ orderId, paymentNo }, { request }) =>
    service.apply(buyer(request), orderId, paymentNo),
  );
  route(app, deals.invoiceFile, ({ orderId, paymentNo }, { request }) =>
    service.fileUrl(buyer(request), orderId, paymentNo),
  );

  route(app, invoices.consoleInvoiceList, (q) => service.list(q));
  route(app, invoices.consoleIssueInvoice, async (input, { request }) =>
    service.issue(await actor(request), input),
  );
  route(app, invoices.consoleRejectInvoice, async (input, { request }) =>
    service.reject(await actor(request), input),
  );
}
