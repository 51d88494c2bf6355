import { catalog, idSchema } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { catalogService } from './catalog.service';

export function registerCatalog(app: FastifyInstance, ctx: AppContext) {
  const service = catalogService(ctx);
  // The catalog changes only on import: browsers revalidate instead of downloading again.
  const cacheable = { etag: true };
  route(app, catalog.allBrands, () => service.brands(), cacheable);
  route(app, catalog.seriesList, ({ brandId }) => service.series(brandId), cacheable);
  route(app, catalog.modelList, ({ productId }) => service.models(productId), cacheable);
  route(app, catalog.modelConfig, ({ modelId }) => service.config(modelId), cacheable);
  route(app, catalog.paramNames, () => service.paramNames(), cacheable);
  route(app, catalog.modelBriefs, ({ ids }) => service.briefs(ids), cacheable);

  // Generated artwork, served as images rather than envelopes.
  const svg = (url: string, draw: (id: string) => Promise<string>) =>
    app.get<{ Params: { id: string } }>(url, async (request, reply) => {
      const id = idSchema.parse(request.params.id);
      const body = await draw(id);
      return reply.type('image/svg+xml; charset=utf-8').send(body);
    });
  svg('/api/mall-portal/brand/logo/:id.svg', (id) => service.brandLogo(id));
  svg('/api/mall-portal/vehicle/seriesImg/:id.svg', (id) => service.seriesImage(id));
}
