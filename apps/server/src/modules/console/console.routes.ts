import { consoleApi } from '@chepai/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { AppError } from '../../http/errors';
import { route } from '../../http/route';
import { clearFlowCookie, flowCookie, setFlowCookie } from '../../platform/sso/browser-binding';
import type { SsoClient } from '../../platform/sso/sso-clients';
import { FLOW_TTL_MS } from '../../platform/sso/sso-flow';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { bearerToken, currentUser } from '../accounts/auth-check';
import { sessions as createSessions } from '../accounts/sessions';
import { signedUrls } from '../files/signed-url';
import { createDbLiveBus } from '../../platform/live/live-bus';
import type { BusEvent } from '../bidding/live-events';
import { actorOf } from './audit';
import { consoleLoginService } from './console-login.service';
import { consoleService } from './console.service';
import { sessionsService } from './sessions.service';

const FLOW_COOKIE_PATH = '/api/console/login';

/** The operator console's API (docs/product.md#14-disposal-and-review). */
export async function registerConsole(app: FastifyInstance, ctx: AppContext, sso: SsoClient | null) {
  const sessions = createSessions(ctx);
  const urls = signedUrls(await ensureSecret(ctx.dbh.db, 'file_url_key', makePepper), ctx.now);
  // The console publishes pause, resume and extension to the lots' watchers; it never subscribes.
  const bus = createDbLiveBus<BusEvent>(ctx.dbh, {
    load: () => Promise.resolve([]),
    onError: (err) => ctx.log.error({ err }, 'console live publish failed'),
  });
  const service = consoleService(ctx, urls, (trx, lotId, event) => bus.publishInTx(trx, lotId, event));
  const schedule = sessionsService(ctx);
  const secure = ctx.env.publicUrl.startsWith('https:');
  const login = sso ? consoleLoginService(ctx, { sso, sessions }) : null;
  const needLogin = () => {
    if (!login) throw new AppError(503, '运营后台尚未配置统一认证（SSO_CONSOLE_CLIENT_SECRET）');
    return login;
  };
  const actor = async (request: FastifyRequest) => {
    const user = currentUser(request);
    return actorOf(request, user.id, (await service.me(user.id)).name);
  };

  route(app, consoleApi.loginStart, async ({ redirect }, { reply }) => {
    const { url, browserToken } = await needLogin().start(redirect);
    setFlowCookie(reply, browserToken, secure, FLOW_TTL_MS / 1000, FLOW_COOKIE_PATH);
    return reply.redirect(url, 302);
  });
  route(app, consoleApi.loginCallback, async (input, { request, reply }) => {
    const result = await needLogin().callback(
      input,
      flowCookie(request),
      request.ip,
      String(request.headers['user-agent'] ?? ''),
    );
    clearFlowCookie(reply, secure, FLOW_COOKIE_PATH);
    return result;
  });
  route(app, consoleApi.me, (_input, { request }) => service.me(currentUser(request).id));
  route(app, consoleApi.logout, async (_input, { request }) => {
    const token = bearerToken(request);
    if (token) await sessions.revoke(token);
    return { endSessionUrl: null };
  });

  route(app, consoleApi.reviewList, (input) => service.reviewList(input));
  route(app, consoleApi.reviewDetail, ({ orderId }) => service.reviewDetail(orderId));
  route(app, consoleApi.approve, async ({ orderId, ...times }, { request }) =>
    service.approve(await actor(request), orderId, times),
  );
  route(app, consoleApi.reject, async ({ orderId, reason }, { request }) =>
    service.reject(await actor(request), orderId, reason),
  );
  route(app, consoleApi.requestChanges, async ({ orderId, reason, items }, { request }) =>
    service.requestChanges(await actor(request), orderId, reason, items),
  );
  route(app, consoleApi.monitorList, (input) => service.monitorList(input));
  route(app, consoleApi.cancelLot, async ({ orderId, reason }, { request }) =>
    service.cancelLot(await actor(request), orderId, reason),
  );
  route(app, consoleApi.pauseLot, async ({ orderId, reason }, { request }) =>
    service.pauseLot(await actor(request), orderId, reason),
  );
  route(app, consoleApi.resumeLot, async ({ orderId, reason }, { request }) =>
    service.resumeLot(await actor(request), orderId, reason),
  );
  route(app, consoleApi.extendLot, async ({ orderId, endTime, reason }, { request }) =>
    service.extendLot(await actor(request), orderId, endTime, reason),
  );
  route(app, consoleApi.templateList, () => schedule.templates());
  route(app, consoleApi.templateSave, async (input, { request }) =>
    schedule.save(await actor(request), input),
  );
  route(app, consoleApi.templateDelete, async ({ id }, { request }) =>
    schedule.remove(await actor(request), id),
  );
  route(app, consoleApi.sessionPlan, ({ id, date }) => schedule.plan(id, date));
  route(app, consoleApi.calendar, ({ from, to }) => schedule.calendar(from, to));
  route(app, consoleApi.auditList, (input) => service.auditList(input));
  route(app, consoleApi.unitList, (input) => service.unitList(input));
  route(app, consoleApi.unitCollectionHistory, async ({ unitId }, { request }) =>
    service.unitCollectionHistory(await actor(request), unitId),
  );
}
