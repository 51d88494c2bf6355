import { z } from 'zod';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';
import { lotSummary } from './lots';

/**
 * 我的关注 (docs/product.md#15-notices): lots a buyer follows. Watching brings the 'starts in 30
 * minutes' alert and the result; the lot page's watcher figure is the count of these.
 */
export const MAX_WATCHED = 200;
/** Watch and unwatch per user per minute; more is refused (429). */
export const WATCH_PER_MINUTE = 30;

export const watch = endpoint({
  method: 'POST',
  path: '/mall-auction/user/watch',
  auth: 'user',
  input: z.object({
    orderId: idSchema,
    watch: z.boolean({ error: '请说明关注或取消关注' }),
  }),
  output: z.object({ watching: z.boolean(), watchers: z.number().int() }),
});

export const watchedLot = lotSummary.extend({ watchedAt: z.number() });
export type WatchedLot = z.infer<typeof watchedLot>;

export const watchList = endpoint({
  method: 'GET',
  path: '/mall-auction/user/watch/list',
  auth: 'user',
  input: z.object({ pageNum: pageNumSchema, pageSize: pageSizeSchema(10) }),
  output: pageOf(watchedLot),
});

/** Every lot id the caller watches (the hearts on lot cards). */
export const watchIds = endpoint({
  method: 'GET',
  path: '/mall-auction/user/watch/ids',
  auth: 'user',
  input: z.object({}).loose(),
  output: z.array(z.string()),
});
