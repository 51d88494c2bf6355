import { watchlist } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { conflict, notFound, tooMany } from '../../http/errors';
import { route } from '../../http/route';
import { sharedLimits } from '../../platform/limits/shared-limits';
import { currentUser } from '../accounts/auth-check';
import { toSummary } from './lots.service';
import { watchlistRepo } from './watchlist.repo';

const MAX_ID = 2n ** 63n - 1n;

/** 我的关注: watching a lot, the list with live fields, the ids for the hearts (docs/product.md#15-notices). */
export function registerWatchlist(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx.dbh;
  const repo = watchlistRepo(db);
  const limits = sharedLimits(ctx);

  route(app, watchlist.watch, async ({ orderId, watch }, { request }) => {
    const user = currentUser(request);
    // Counted across processes; a flood of toggles is refused before it touches the lot row.
    const hits = await limits.hit(`watch:${user.id}`, 60_000);
    if (hits.count > watchlist.WATCH_PER_MINUTE)
      throw tooMany('关注操作过于频繁，请稍后再试', Math.ceil(hits.resetMs / 1000));
    if (BigInt(orderId) > MAX_ID) throw notFound('拍品不存在或已下架');
    return db.transaction().execute(async (trx) => {
      const tx = watchlistRepo(trx);
      const lot = await tx.visibleLot(orderId);
      if (!lot) throw notFound('拍品不存在或已下架');
      if (!watch) return { watching: false, watchers: await tx.remove(user.id, orderId) };
      if ((await tx.count(user.id)) >= watchlist.MAX_WATCHED)
        throw conflict(`最多关注${watchlist.MAX_WATCHED}辆车，请先取消一些关注`);
      return { watching: true, watchers: await tx.add(user.id, orderId, ctx.now()) };
    });
  });

  route(app, watchlist.watchList, async ({ pageNum, pageSize }, { request }) => {
    const user = currentUser(request);
    const [total, rows] = await Promise.all([
      repo.count(user.id),
      repo.page(user.id, (pageNum - 1) * pageSize, pageSize),
    ]);
    return {
      total,
      pageNum,
      pageSize,
      list: rows.map((r) => ({ ...toSummary(r), watchedAt: new Date(r.watched_at).getTime() })),
    };
  });

  route(app, watchlist.watchIds, async (_input, { request }) => repo.ids(currentUser(request).id));
}
