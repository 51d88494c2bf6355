import { content } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { contentService } from './content.service';

export function registerContent(app: FastifyInstance, ctx: AppContext) {
  const service = contentService(ctx);
  const cacheable = { etag: true };
  route(app, content.supportList, () => service.supportList(), cacheable);
  route(app, content.supportDetail, ({ id }) => service.supportDetail(id), cacheable);
  route(
    app,
    content.hotKeywordList,
    ({ pageNum, pageSize }) => service.hotKeywords(pageNum, pageSize),
    cacheable,
  );
  route(
    app,
    content.announcementList,
    ({ pageNum, pageSize, keyword }) => service.announcements(pageNum, pageSize, keyword),
    cacheable,
  );
  route(app, content.announcementDetail, ({ id }) => service.announcement(id), cacheable);
}
