import { content } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { contentService } from './content.service';

export function registerContent(app: FastifyInstance, ctx: AppContext) {
  const service = contentService(ctx);
  route(app, content.supportList, () => service.supportList());
  route(app, content.supportDetail, ({ id }) => service.supportDetail(id));
  route(app, content.hotKeywordList, ({ pageNum, pageSize }) => service.hotKeywords(pageNum, pageSize));
  route(app, content.announcementList, ({ pageNum, pageSize, keyword }) =>
    service.announcements(pageNum, pageSize, keyword),
  );
  route(app, content.announcementDetail, ({ id }) => service.announcement(id));
}
