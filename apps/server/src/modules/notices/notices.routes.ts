import { notices } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../context';
import type { NoticeTable } from '../../db/schema';
import { route } from '../../http/route';
import { currentUser } from '../accounts/auth-check';
import { noticesRepo } from './notices.repo';

const LATEST = 5;

const toWire = (row: Selectable<NoticeTable>): notices.Notice => ({
  id: row.id,
  kind: row.kind,
  kindText: notices.NOTICE_KINDS[row.kind as notices.NoticeKind]?.label ?? '通知',
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: new Date(row.created_at).getTime(),
  read: row.read_at !== null,
});

const kindsOf = (tab: string) =>
  tab === 'all'
    ? null
    : Object.entries(notices.NOTICE_KINDS)
        .filter(([, v]) => v.tab === tab)
        .map(([k]) => k);

/** 站内信: the caller's notices, the unread count the header's bell shows, marking read. */
export function registerNotices(app: FastifyInstance, ctx: AppContext) {
  const repo = noticesRepo(ctx.dbh.db);

  route(app, notices.noticeList, async ({ pageNum, pageSize, tab, unread }, { request }) => {
    const user = currentUser(request);
    const [{ total, rows }, count] = await Promise.all([
      repo.page({
        userId: user.id,
        kinds: kindsOf(tab),
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

  route(app, notices.noticeRead, async ({ ids, all }, { request }) => ({
    count: await repo.markRead(currentUser(request).id, all ? null : (ids ?? []), ctx.now()),
  }));
}
