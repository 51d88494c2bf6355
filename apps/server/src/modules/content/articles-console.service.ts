import type { AppContext } from '../../context';
import { writeAudit, type Actor } from '../console/audit';
import { articlesConsoleRepo } from './content-console.repo';
import { publishedItems } from './published-items';
import { assertSameItems } from './reorder';

type Fields = { type: 1 | 2 | 3; title: string; content: string };
type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof articlesConsoleRepo>['byId']>>>;

/** Support articles (购车指南, 帮助中心, 关于我们) in the console (decision 060). */
export function articlesConsoleService(ctx: AppContext) {
  const { db } = ctx.dbh;
  const items = publishedItems(ctx, {
    table: 'support_article',
    noun: '文章',
    audit: 'article',
    notFound: '文章不存在或已删除',
    read: (db, id) => articlesConsoleRepo(db).byId(id),
    wire: (r: Omit<Row, 'content'>) => ({ id: r.id, type: r.type, sort: r.sort, title: r.title }),
    editable: (f: Fields) => ({ type: f.type, title: f.title, content: f.content }),
  });
  const list = async (type: number) => (await articlesConsoleRepo(db).ofType(type)).map(items.wire);

  return {
    list,
    detail: items.detail,

    /** A new article is a draft, last in its section. */
    create: (actor: Actor, input: Fields) =>
      items.create(actor, input, async (trx, fields, stamp) => {
        const tx = articlesConsoleRepo(trx);
        return tx.insert({ ...fields, ...stamp, sort: await tx.nextSort(fields.type), status: 'draft' });
      }),

    /** Moved to another section, it goes last there. */
    update: (actor: Actor, id: string, version: number, input: Fields) =>
      items.update(actor, id, version, input, async (trx, fields, before, stamp) => {
        const tx = articlesConsoleRepo(trx);
        const moved = before.type !== fields.type;
        await tx.update(id, {
          ...fields,
          ...stamp,
          ...(moved ? { sort: await tx.nextSort(fields.type) } : {}),
        });
      }),

    publish: items.publish,
    withdraw: items.withdraw,
    remove: items.remove,

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
