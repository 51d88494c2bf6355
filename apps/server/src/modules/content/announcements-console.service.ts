import type { consoleContent } from '@chepai/shared';
import type { AppContext } from '../../context';
import type { PublicationStatus } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageOf, pageOffset } from '../../lib/paging';
import { writeAudit, type Actor } from '../console/audit';
import { announcementsConsoleRepo, type StateFilter } from './content-console.repo';
import { cleanBody } from './clean-body';
import { publicationActions, publicationOf } from './publication';

const GONE = '公告不存在或已删除';

interface Row {
  id: string;
  title: string;
  summary: string;
  source: string;
  pinned: boolean;
  status: PublicationStatus;
  publish_time: Date | null;
  updated_at: Date | null;
  updater_name: string | null;
}
type Fields = { title: string; summary: string; source: string; content: string };

/** The fields an audit row keeps of an announcement, before and after an edit. */
const editable = (r: Fields) => ({
  title: r.title,
  summary: r.summary,
  source: r.source,
  content: r.content,
});

/** Announcements in the console (decision 060): drafts, publication now or later, withdrawal, pinning. */
export function announcementsConsoleService(ctx: AppContext) {
  const { db } = ctx.dbh;
  const repo = announcementsConsoleRepo(db);
  const publication = publicationActions(ctx, 'announcement', {
    noun: '公告',
    audit: 'announcement',
    notFound: GONE,
  });

  const toRow = (r: Row): consoleContent.AnnouncementRow => ({
    id: r.id,
    title: r.title,
    summary: r.summary,
    source: r.source,
    pinned: r.pinned,
    ...publicationOf(r, ctx.now()),
  });

  async function detail(id: string): Promise<consoleContent.AnnouncementDetail> {
    const r = await repo.byId(id);
    if (!r) throw notFound(GONE);
    return { ...toRow(r), content: r.content };
  }

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
      return pageOf(q, total, rows.map(toRow));
    },

    detail,

    async create(actor: Actor, input: Fields) {
      const content = cleanBody(input.content);
      const now = ctx.now();
      const id = await db.transaction().execute(async (trx) => {
        const fields = { ...input, content };
        const id = await announcementsConsoleRepo(trx).insert({
          ...fields,
          status: 'draft',
          updated_at: now,
          updated_by: actor.id,
        });
        await writeAudit(trx, actor, {
          action: 'announcement.create',
          targetType: 'announcement',
          targetId: id,
          after: editable(fields),
        });
        return id;
      });
      return detail(id);
    },

    async update(actor: Actor, id: string, version: number, input: Fields) {
      const content = cleanBody(input.content);
      await db.transaction().execute(async (trx) => {
        await publication.lockRow(trx, id, version);
        const tx = announcementsConsoleRepo(trx);
        const before = (await tx.byId(id))!;
        const fields = { ...input, content };
        await tx.update(id, { ...fields, updated_at: ctx.now(), updated_by: actor.id });
        await writeAudit(trx, actor, {
          action: 'announcement.update',
          targetType: 'announcement',
          targetId: id,
          before: editable(before),
          after: editable(fields),
        });
      });
      return detail(id);
    },

    async publish(actor: Actor, id: string, at: number | undefined) {
      await publication.publish(actor, id, at);
      return detail(id);
    },

    async withdraw(actor: Actor, id: string, reason: string) {
      await publication.withdraw(actor, id, reason);
      return detail(id);
    },

    /** 置顶 or not; asking for what already holds changes nothing and writes no audit row. */
    async pin(actor: Actor, id: string, pinned: boolean) {
      await db.transaction().execute(async (trx) => {
        await publication.lockRow(trx, id);
        const tx = announcementsConsoleRepo(trx);
        const before = (await tx.byId(id))!;
        if (before.pinned === pinned) return;
        await tx.update(id, { pinned, updated_at: ctx.now(), updated_by: actor.id });
        await writeAudit(trx, actor, {
          action: pinned ? 'announcement.pin' : 'announcement.unpin',
          targetType: 'announcement',
          targetId: id,
          before: { pinned: before.pinned },
          after: { pinned },
        });
      });
      return detail(id);
    },
  };
}
