import { sessions as contract } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { formatBeijing } from '../../lib/time';
import { activeSessionsRepo } from './active-sessions.repo';
import { currentUser } from './auth-check';
import { deviceLabel } from './device-label';
import { sessionCacheFor } from './session-cache';
import { IDLE_MS } from './sessions';

/** 'Logged-in devices' on the security page, for buyers and sellers alike. */
export function registerActiveSessions(app: FastifyInstance, ctx: AppContext) {
  const repo = activeSessionsRepo(ctx.dbh.db);
  route(app, contract.list, async (_input, { request }) => {
    const user = currentUser(request);
    const now = ctx.now();
    const rows = await repo.live(user.id, now, new Date(now.getTime() - IDLE_MS));
    return rows.map((r) => ({
      sessionId: r.id,
      createdAt: formatBeijing(new Date(r.created_at)),
      lastSeenAt: formatBeijing(new Date(r.last_seen_at)),
      clientIp: r.client_ip,
      device: deviceLabel(r.user_agent),
      current: r.id === user.sessionId,
      businessUnitName: r.unit_name,
    }));
  });
  route(app, contract.revoke, async ({ sessionId }, { request }) => {
    const user = currentUser(request);
    if (!(await repo.revoke(user.id, sessionId, ctx.now()))) throw notFound('该登录设备不存在或已退出');
    // This process at once; the others when the NOTIFY arrives.
    sessionCacheFor(ctx).dropUser(user.id);
    return null;
  });
}
