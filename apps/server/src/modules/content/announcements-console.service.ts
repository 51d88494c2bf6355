import type { AppContext } from '../../context';
import { pageOf, pageOffset } from '../../lib/paging';
import { writeAudit, type Actor } from '../console/audit';
import { announcementsConsoleRepo, type StateFilter } from './content-console.repo';
import { publishedItems } from './published-items';

type Fields = { title: string; summary: string; source: string; content: string };
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof announcementsConsoleRepo>['byId']>>>;

/** Announcements in the console (decision 060): drafts, publication now or later, withdrawal, pinning. */
export function announcementsConsoleService(ctx: AppContext) {
  const repo = announcementsConsoleRepo(ctx.dbh.db);
  const items = publishedItems(ctx, {
    table: 'announcement',
    noun: '公告',
    audit: 'announcement',
    notFound: '公告不存在或已删除',
    read: (db, id) => announcementsConsoleRepo(db).byId(id),
    wire: (r: Omit<Row, 'content'>) => ({
      id: r.id,
      title: r.title,
      summary: r.summary,
      source: r.source,
      pinned: r.pinned,
    }),
    editable: (f: Fields) => ({ title: f.title, summary: f.summary, source: f.source, content: f.content }),
  });

  return {
    async list(q: {
      pageNum: number;
      pageSize: number;
      state?: StateFilter | undefined;
      keyword?: string | undefined;
    }) {
      const { rows, total } = await repo.page({
        now: ctx.now(),
        state: q.state,
        keyword: q.keyword || undefined,
        offset: pageOffset(q),
        limit: q.pageSize,
      });
      return pageOf(q, total, rows.map(items.wire));
    },

    detail: items.detail,

    create: (actor: Actor, input: Fields) =>
      items.create(actor, input, (trx, fields, stamp) =>
        announcementsConsoleRepo(trx).insert({ ...fields, ...stamp, status: 'draft' }),
      ),

    update: (actor: Actor, id: string, version: number, input: Fields) =>
      items.update(actor, id, version, input, (trx, fields, _before, stamp) =>
        announcementsConsoleRepo(trx).update(id, { ...fields, ...stamp }),
      ),

    publish: items.publish,
    withdraw: items.withdraw,
    remove: items.remove,

    /** 置顶 or not; asking for what already holds changes nothing and writes no audit row. */
    pin: (actor: Actor, id: string, pinned: boolean) =>
      items.change(actor, id, async (trx, stamp) => {
        const tx = announcementsConsoleRepo(trx);
        const before = (await tx.byId(id))!;
        if (before.pinned === pinned) return;
        await tx.update(id, { pinned, ...stamp });
        await writeAudit(trx, actor, {
          action: pinned ? 'announcement.pin' : 'announcement.unpin',
          targetType: 'announcement',
          targetId: id,
          before: { pinned: before.pinned },
          after: { pinned },
        });
      }),
  };
}
