import { maskTel, notices } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';
import { route } from '../../http/route';
import { currentUser } from '../accounts/auth-check';
import { deliveryRepo } from './delivery.repo';
import { noticesRepo } from './notices.repo';
import { toWire } from './wire';

/**
 * The console's side of the notices: SMS deliveries in trouble with a retry (docs/decisions/
 * 026-notice-delivery.md), and the operator's own notices (new submissions and the like).
 */
export function registerConsoleNotices(
  app: FastifyInstance,
  ctx: AppContext,
  markRead: (
    userId: string,
    input: { ids?: string[] | undefined; all?: boolean | undefined },
  ) => Promise<{ count: number }>,
) {
  const deliveries = deliveryRepo(ctx.dbh.db);
  const repo = noticesRepo(ctx.dbh.db);

  route(app, notices.deliveryList, async ({ pageNum, pageSize, state }) => {
    const { total, rows } = await deliveries.trouble(state, (pageNum - 1) * pageSize, pageSize);
    return {
      total,
      pageNum,
      pageSize,
      list: rows.map((r) => ({
        id: r.id,
        channel: r.channel,
        state: r.state,
        attempts: r.attempts,
        nextAt: new Date(r.next_at).getTime(),
        lastError: r.last_error,
        updatedAt: new Date(r.updated_at).getTime(),
        kind: r.kind,
        kindText: notices.noticePolicy(r.kind).label,
        title: r.title,
        tel: r.tel ? maskTel(r.tel) : '—',
        name: r.real_name,
      })),
    };
  });

  route(app, notices.deliveryRetry, async ({ id }) => {
    const done = await deliveries.retry(id, ctx.now());
    if (done === 'missing') throw notFound('投递记录不存在或已发送');
    if (done === 'superseded') throw conflict('该用户已有一条待发送的出价提醒短信，无需重试这一条');
    return done;
  });

  route(app, notices.consoleNoticeList, async ({ pageNum, pageSize }, { request }) => {
    const user = currentUser(request);
    const [{ total, rows }, unread] = await Promise.all([
      repo.page({
        userId: user.id,
        kinds: null,
        unreadOnly: false,
        offset: (pageNum - 1) * pageSize,
        limit: pageSize,
      }),
      repo.unreadCount(user.id),
    ]);
    return { total, pageNum, pageSize, list: rows.map(toWire), unread };
  });

  route(app, notices.consoleNoticeRead, async (input, { request }) =>
    markRead(currentUser(request).id, input),
  );
}
