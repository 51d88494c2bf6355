import { notices } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertDevCaller } from '../../http/dev-only';
import { notFound } from '../../http/errors';
import { route } from '../../http/route';
import { addScheduledJob, IDLE_ROUNDS } from '../../platform/scheduler/app-scheduler';
import { smsOutboxRepo } from '../../platform/sms/sms-outbox.repo';
import { createSmsSender, type NoticeSmsSender } from '../../platform/sms/sms-sender';
import { currentUser } from '../accounts/auth-check';
import { registerConsoleNotices } from './console-notices';
import { lotAlerts } from './lot-alerts';
import { noticesRepo } from './notices.repo';
import { fromWirePrefs, toWirePrefs } from './prefs';
import { prefsRepo } from './prefs.repo';
import { smsDelivery } from './sms-delivery';
import { registerUserChannel } from './user-channel';
import { toWire } from './wire';

const LATEST = 5;

/**
 * 站内信: the caller's notices, the unread count the header's bell shows, marking read, the
 * preferences; the live user channel and the SMS delivery job (docs/decisions/026-notice-delivery.md).
 */
export function registerNotices(
  app: FastifyInstance,
  ctx: AppContext,
  sms: NoticeSmsSender = createSmsSender(ctx),
) {
  const repo = noticesRepo(ctx.dbh.db);
  const prefs = prefsRepo(ctx.dbh.db);
  const delivery = smsDelivery(ctx, sms);
  addScheduledJob(app, ctx, { name: 'notice-sms', tick: (now) => delivery.tick(now) });
  const alerts = lotAlerts(ctx);
  // Alerts may come a few seconds late; asked less often while idle (decision 062).
  addScheduledJob(app, ctx, {
    name: 'lot-starting-soon',
    tick: (now) => alerts.startingSoon(now),
    idleRounds: IDLE_ROUNDS.rare,
  });
  addScheduledJob(app, ctx, {
    name: 'lot-started',
    tick: (now) => alerts.started(now),
    idleRounds: IDLE_ROUNDS.soon,
  });
  registerUserChannel(app, ctx);

  route(app, notices.noticeList, async ({ pageNum, pageSize, tab, unread }, { request }) => {
    const user = currentUser(request);
    const [{ total, rows }, count] = await Promise.all([
      repo.page({
        userId: user.id,
        kinds: notices.kindsOfTab(tab),
        unreadOnly: unread,
        offset: (pageNum - 1) * pageSize,
        limit: pageSize,
      }),
      repo.unreadCount(user.id),
    ]);
    return { total, pageNum, pageSize, list: rows.map(toWire), unread: count };
  });

  route(app, notices.noticeUnread, async (_input, { request }) => {
    const user = currentUser(request);
    const [count, latest] = await Promise.all([
      repo.unreadCount(user.id),
      repo.page({ userId: user.id, kinds: null, unreadOnly: false, offset: 0, limit: LATEST }),
    ]);
    return { count, latest: latest.rows.map(toWire) };
  });

  /** Someone else's id (or one that does not exist) refuses the whole request: nothing is marked. */
  const markRead = async (
    userId: string,
    { ids, all }: { ids?: string[] | undefined; all?: boolean | undefined },
  ) => {
    if (all) return { count: await repo.markRead(userId, null, ctx.now()) };
    const wanted = [...new Set(ids ?? [])];
    if ((await repo.ownedCount(userId, wanted)) !== wanted.length)
      throw notFound('消息不存在或不属于当前账号');
    return { count: await repo.markRead(userId, wanted, ctx.now()) };
  };
  route(app, notices.noticeRead, async (input, { request }) => markRead(currentUser(request).id, input));
  registerConsoleNotices(app, ctx, markRead);

  route(app, notices.noticePrefsGet, async (_input, { request }) => {
    const [row] = await prefs.of([currentUser(request).id]);
    return toWirePrefs(row);
  });

  route(app, notices.noticePrefsSave, async (input, { request }) => {
    const userId = currentUser(request).id;
    const [current] = await prefs.of([userId]);
    await prefs.save({ user_id: userId, ...fromWirePrefs(current, input), updated_at: ctx.now() });
    const [saved] = await prefs.of([userId]);
    return toWirePrefs(saved);
  });

  route(app, notices.noticeSmsOutbox, async ({ tel }, { request }) => {
    assertDevCaller(ctx.env, request);
    const rows = await smsOutboxRepo(ctx.dbh.db).recent(tel, true);
    return rows.map((r) => ({
      tel: r.tel,
      text: r.text,
      ref: r.ref ?? '',
      sentAt: new Date(r.sent_at).getTime(),
    }));
  });
}
