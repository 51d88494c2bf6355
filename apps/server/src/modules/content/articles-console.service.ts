import type { consoleContent } from '@chepai/shared';
import type { AppContext } from '../../context';
import type { PublicationStatus } from '../../db/schema';
import { notFound } from '../../http/errors';
import { writeAudit, type Actor } from '../console/audit';
import { articlesConsoleRepo } from './content-console.repo';
import { cleanBody } from './clean-body';
import { publicationActions, publicationOf } from './publication';
import { assertSameItems } from './reorder';

const GONE = '文章不存在或已删除';

interface Row {
  id: string;
  type: number;
  sort: number;
  title: string;
  status: PublicationStatus;
  publish_time: Date | null;
  updated_at: Date | null;
  updater_name: string | null;
}
type Fields = { type: 1 | 2 | 3; title: string; content: string };

const editable = (r: { type: number; title: string; content: string }) => ({
  type: r.type,
  title: r.title,
  content: r.content,
});

/** Support articles (购车指南, 帮助中心, 关于我们) in the console (decision 060). */
export function articlesConsoleService(ctx: AppContext) {
  const { db } = ctx.dbh;
  const repo = articlesConsoleRepo(db);
  const publication = publicationActions(ctx, 'support_article', {
    noun: '文章',
    audit: 'article',
    notFound: GONE,
  });

  const toRow = (r: Row): consoleContent.ArticleRow => ({
    id: r.id,
    type: r.type,
    sort: r.sort,
    title: r.title,
    ...publicationOf(r, ctx.now()),
  });

  async function detail(id: string): Promise<consoleContent.ArticleDetail> {
    const r = await repo.byId(id);
    if (!r) throw notFound(GONE);
    return { ...toRow(r), content: r.content };
  }

  const list = async (type: number) => (await repo.ofType(type)).map(toRow);

  return {
    list,
    detail,

    /** A new article is a draft, last in its section. */
    async create(actor: Actor, input: Fields) {
      const fields = { ...input, content: cleanBody(input.content) };
      const id = await db.transaction().execute(async (trx) => {
        const tx = articlesConsoleRepo(trx);
        const id = await tx.insert({
          ...fields,
          sort: await tx.nextSort(fields.type),
          status: 'draft',
          updated_at: ctx.now(),
          updated_by: actor.id,
        });
        await writeAudit(trx, actor, {
          action: 'article.create',
          targetType: 'article',
          targetId: id,
          after: editable(fields),
        });
        return id;
      });
      return detail(id);
    },

    /** Moved to another section, it goes last there. */
    async update(actor: Actor, id: string, version: number, input: Fields) {
      const fields = { ...input, content: cleanBody(input.content) };
      await db.transaction().execute(async (trx) => {
        await publication.lockRow(trx, id, version);
        const tx = articlesConsoleRepo(trx);
        const before = (await tx.byId(id))!;
        const moved = before.type !== fields.type;
        await tx.update(id, {
          ...fields,
          ...(moved ? { sort: await tx.nextSort(fields.type) } : {}),
          updated_at: ctx.now(),
          updated_by: actor.id,
        });
        await writeAudit(trx, actor, {
          action: 'article.update',
          targetType: 'article',
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

    /** The section in a new order, which names each of its articles once. */
    async reorder(actor: Actor, type: number, ids: string[]) {
      await db.transaction().execute(async (trx) => {
        const tx = articlesConsoleRepo(trx);
        assertSameItems(await tx.lockType(type), ids, '该栏目的文章已有变化，请刷新后重新排序');
        const before = (await tx.ofType(type)).map((r) => r.id);
        await tx.reorder(ids);
        await writeAudit(trx, actor, {
          action: 'article.reorder',
          targetType: 'article',
          targetId: String(type),
          before: { ids: before },
          after: { ids },
        });
      });
      return list(type);
    },
  };
}
