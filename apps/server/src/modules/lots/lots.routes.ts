import { createHash } from 'node:crypto';
import { lots } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { fail } from '../../http/envelope';
import { route } from '../../http/route';
import { bidderView } from './bidder-view';
import { renderDemoPhoto } from './demo-photos';
import { lotsRepo } from './lots.repo';
import { lotsService } from './lots.service';
import { createViewCounter } from './view-counter';

export function registerLots(app: FastifyInstance, ctx: AppContext) {
  const views = createViewCounter((counts) => lotsRepo(ctx.dbh.db).addViews(counts), ctx.log);
  app.addHook('onClose', () => views.stop());
  const service = lotsService(ctx, views);

  route(app, lots.search, ({ pageNum, pageSize, filters }) => service.search(pageNum, pageSize, filters));
  route(app, lots.brandFacets, () => service.brandFacets());
  route(app, lots.lotGet, ({ id }) => service.summary(id));
  const viewer = bidderView(ctx);
  route(app, lots.detailInfo, async ({ orderId }, { request }) => {
    const [detail, mine] = await Promise.all([service.detail(orderId), viewer(request, orderId)]);
    return { ...detail, ...mine };
  });
  route(app, lots.statByDate, () => service.statByDate());
  route(app, lots.statOnStatus, () => service.statOnStatus());
  route(app, lots.bidRecords, ({ orderId, param }) =>
    service.bidRecords(orderId, param.pageNum, param.pageSize),
  );

  // Generated vehicle pictures of the demo lots: drawn once, cached by browsers for a day.
  app.get<{ Params: { name: string } }>('/api/files/demo/:name', async (request, reply) => {
    const svg = /^[a-z0-9-]{1,60}\.svg$/.test(request.params.name)
      ? renderDemoPhoto(request.params.name.slice(0, -4))
      : null;
    if (!svg) return reply.code(404).send(fail(404, '图片不存在'));
    const etag = `"${createHash('sha1').update(svg).digest('base64url').slice(0, 20)}"`;
    reply.header('cache-control', 'public, max-age=86400').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/svg+xml; charset=utf-8').send(svg);
  });
}
