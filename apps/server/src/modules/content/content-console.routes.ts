import { consoleContent as api } from '@chepai/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import { currentUser } from '../accounts/auth-check';
import { actorOf } from '../console/audit';
import { consoleRepo } from '../console/console.repo';
import { announcementsConsoleService } from './announcements-console.service';
import { articlesConsoleService } from './articles-console.service';
import { previewBody } from './clean-body';
import { keywordsConsoleService } from './keywords-console.service';

/** The console's content pages (docs/decisions/060-console-content.md): editors and admins. */
export function registerContentConsole(app: FastifyInstance, ctx: AppContext) {
  const announcements = announcementsConsoleService(ctx);
  const articles = articlesConsoleService(ctx);
  const keywords = keywordsConsoleService(ctx);
  const actor = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return actorOf(request, user.id, await consoleRepo(ctx.dbh.db).operatorName(user.id));
  };

  route(app, api.previewBody, async ({ content }) => previewBody(content));

  route(app, api.announcementList, (q) => announcements.list(q));
  route(app, api.announcementGet, ({ id }) => announcements.detail(id));
  route(app, api.announcementCreate, async (input, { request }) =>
    announcements.create(await actor(request), input),
  );
  route(app, api.announcementUpdate, async ({ id, version, ...fields }, { request }) =>
    announcements.update(await actor(request), id, version, fields),
  );
  route(app, api.announcementPublish, async ({ id, at }, { request }) =>
    announcements.publish(await actor(request), id, at),
  );
  route(app, api.announcementWithdraw, async ({ id, reason }, { request }) =>
    announcements.withdraw(await actor(request), id, reason),
  );
  route(app, api.announcementDelete, async ({ id }, { request }) =>
    announcements.remove(await actor(request), id),
  );
  route(app, api.announcementPin, async ({ id, pinned }, { request }) =>
    announcements.pin(await actor(request), id, pinned),
  );

  route(app, api.articleList, ({ type }) => articles.list(type));
  route(app, api.articleGet, ({ id }) => articles.detail(id));
  route(app, api.articleCreate, async (input, { request }) => articles.create(await actor(request), input));
  route(app, api.articleUpdate, async ({ id, version, ...fields }, { request }) =>
    articles.update(await actor(request), id, version, fields),
  );
  route(app, api.articlePublish, async ({ id, at }, { request }) =>
    articles.publish(await actor(request), id, at),
  );
  route(app, api.articleWithdraw, async ({ id, reason }, { request }) =>
    articles.withdraw(await actor(request), id, reason),
  );
  route(app, api.articleDelete, async ({ id }, { request }) => articles.remove(await actor(request), id));
  route(app, api.articleReorder, async ({ type, ids }, { request }) =>
    articles.reorder(await actor(request), type, ids),
  );

  route(app, api.keywordList, () => keywords.list());
  route(app, api.keywordCreate, async ({ word }, { request }) => keywords.create(await actor(request), word));
  route(app, api.keywordRename, async ({ id, word }, { request }) =>
    keywords.rename(await actor(request), id, word),
  );
  route(app, api.keywordEnable, async ({ id, enabled }, { request }) =>
    keywords.enable(await actor(request), id, enabled),
  );
  route(app, api.keywordReorder, async ({ ids }, { request }) => keywords.reorder(await actor(request), ids));
  route(app, api.keywordDelete, async ({ id }, { request }) => keywords.remove(await actor(request), id));
}
