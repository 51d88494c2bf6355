import type { consoleContent } from '@chepai/shared';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { isUniqueViolation } from '../accounts/accounts.repo';
import { writeAudit, type Actor } from '../console/audit';
import { keywordsConsoleRepo } from './content-console.repo';
import { assertSameItems } from './reorder';

const GONE = '搜索词不存在或已删除';
type Row = { id: string; word_name: string; enabled: boolean; sort: number };

const toWire = (r: Row): consoleContent.KeywordRow => ({
  id: r.id,
  word: r.word_name,
  enabled: r.enabled,
  sort: r.sort,
});

/** The hot search keywords under the mall's search box (decision 060); each change audited. */
export function keywordsConsoleService(ctx: AppContext) {
  const { db } = ctx.dbh;
  const list = async () => (await keywordsConsoleRepo(db).list()).map(toWire);

  /** A change to one keyword, locked, with its audit row; a word another keyword has is refused. */
  async function change(
    actor: Actor,
    id: string,
    action: string,
    apply: (tx: ReturnType<typeof keywordsConsoleRepo>, before: Row) => Promise<Row | null>,
    word?: string,
  ) {
    try {
      return await db.transaction().execute(async (trx) => {
        const tx = keywordsConsoleRepo(trx);
        const before = await tx.lock(id);
        if (!before) throw notFound(GONE);
        const after = await apply(tx, before);
        await writeAudit(trx, actor, {
          action: `keyword.${action}`,
          targetType: 'keyword',
          targetId: id,
          before: toWire(before),
          after: after ? toWire(after) : null,
        });
        return after ? toWire(after) : null;
      });
    } catch (e) {
      if (word !== undefined && isUniqueViolation(e)) throw taken(word);
      throw e;
    }
  }
  const taken = (word: string) => badRequest(`搜索词“${word}”已存在`);

  return {
    list,

    /** A new keyword is enabled and last. */
    async create(actor: Actor, word: string) {
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await keywordsConsoleRepo(trx).insert(word);
          await writeAudit(trx, actor, {
            action: 'keyword.create',
            targetType: 'keyword',
            targetId: row.id,
            after: toWire(row),
          });
          return toWire(row);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken(word);
        throw e;
      }
    },

    rename: async (actor: Actor, id: string, word: string) =>
      (await change(actor, id, 'rename', (tx) => tx.update(id, { word_name: word }), word))!,

    enable: async (actor: Actor, id: string, enabled: boolean) =>
      (await change(actor, id, enabled ? 'enable' : 'disable', (tx) => tx.update(id, { enabled })))!,

    async remove(actor: Actor, id: string) {
      await change(actor, id, 'delete', async (tx) => {
        await tx.remove(id);
        return null;
      });
      return null;
    },

    /** Every keyword in a new order. */
    async reorder(actor: Actor, ids: string[]) {
      await db.transaction().execute(async (trx) => {
        const tx = keywordsConsoleRepo(trx);
        assertSameItems(await tx.lockAll(), ids, '搜索词已有变化，请刷新后重新排序');
        const before = (await tx.list()).map((r) => r.id);
        await tx.reorder(ids);
        await writeAudit(trx, actor, {
          action: 'keyword.reorder',
          targetType: 'keyword',
          targetId: '',
          before: { ids: before },
          after: { ids },
        });
      });
      return list();
    },
  };
}
