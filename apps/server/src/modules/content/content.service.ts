import type { ArticleSummary } from '@chepai/shared/contracts/content';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import { formatBeijing } from '../../lib/time';
import { contentRepo } from './content.repo';

/** What visitors read: published content whose time has come (docs/decisions/060-console-content.md). */
export function contentService(ctx: AppContext) {
  const repo = contentRepo(ctx.dbh.db);
  return {
    async supportList() {
      const grouped: Record<'1' | '2' | '3', ArticleSummary[]> = { '1': [], '2': [], '3': [] };
      for (const a of await repo.listArticles(ctx.now())) {
        const key = String(a.type) as '1' | '2' | '3';
        grouped[key]?.push({ id: a.id, title: a.title, publishTime: formatBeijing(a.publish_time) });
      }
      return grouped;
    },
    async supportDetail(id: string) {
      const a = await repo.findArticle(id, ctx.now());
      if (!a) throw notFound('文章不存在或已下线');
      return {
        id: a.id,
        type: a.type,
        title: a.title,
        publishTime: formatBeijing(a.publish_time),
        content: a.content,
      };
    },
    async hotKeywords(pageNum: number, pageSize: number) {
      const { rows, total } = await repo.pageKeywords((pageNum - 1) * pageSize, pageSize);
      return { total, pageNum, pageSize, list: rows.map((r) => ({ id: r.id, wordName: r.word_name })) };
    },
    async announcements(pageNum: number, pageSize: number, keyword?: string) {
      const { rows, total } = await repo.pageAnnouncements(
        ctx.now(),
        (pageNum - 1) * pageSize,
        pageSize,
        keyword || undefined,
      );
      return {
        total,
        pageNum,
        pageSize,
        list: rows.map((r) => ({
          id: r.id,
          title: r.title,
          summary: r.summary,
          source: r.source,
          pinned: r.pinned,
          publishTime: formatBeijing(r.publish_time),
        })),
      };
    },
    async announcement(id: string) {
      const now = ctx.now();
      const a = await repo.findAnnouncement(id, now);
      if (!a) throw notFound('公告不存在或已下线');
      const { prev, next } = await repo.announcementNeighbours(now, a.publish_time, a.id);
      return {
        id: a.id,
        title: a.title,
        summary: a.summary,
        source: a.source,
        pinned: a.pinned,
        publishTime: formatBeijing(a.publish_time),
        content: a.content,
        prev,
        next,
      };
    },
  };
}
