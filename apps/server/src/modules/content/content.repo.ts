import type { Kysely, NotNull } from 'kysely';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/**
 * What visitors may read (docs/product.md#4-entities): published rows whose publication time has
 * come, by the server's clock. Drafts, withdrawn items and those scheduled for later are not there.
 */
/** A public row has its publication time (the where clause says so; the type learns it here). */
type Public = { publish_time: NotNull };

export function contentRepo(db: Kysely<Database>) {
  const announcements = (now: Date) =>
    db.selectFrom('announcement').where('status', '=', 'published').where('publish_time', '<=', now);
  const articles = (now: Date) =>
    db.selectFrom('support_article').where('status', '=', 'published').where('publish_time', '<=', now);
  return {
    listArticles(now: Date) {
      return articles(now)
        .select(['id', 'type', 'title', 'publish_time'])
        .$narrowType<Public>()
        .orderBy('type')
        .orderBy('sort')
        .orderBy('publish_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    findArticle(id: string, now: Date) {
      return articles(now)
        .select(['id', 'type', 'title', 'publish_time', 'content'])
        .$narrowType<Public>()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async pageKeywords(offset: number, limit: number) {
      const base = db.selectFrom('hot_keyword').where('enabled', '=', true);
      const [rows, count] = await Promise.all([
        base.select(['id', 'word_name']).orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    async pageAnnouncements(now: Date, offset: number, limit: number, keyword?: string) {
      const base = keyword
        ? announcements(now).where('title', 'ilike', `%${escapeLike(keyword)}%`)
        : announcements(now);
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'title', 'summary', 'source', 'pinned', 'publish_time'])
          .$narrowType<Public>()
          .orderBy('pinned', 'desc')
          .orderBy('publish_time', 'desc')
          .orderBy('id', 'desc')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    findAnnouncement(id: string, now: Date) {
      return announcements(now)
        .select(['id', 'title', 'summary', 'source', 'pinned', 'publish_time', 'content'])
        .$narrowType<Public>()
        .where('id', '=', id)
        .executeTakeFirst();
    },
    /** Public neighbours in publication order (newest first): prev is newer, next is older. */
    async announcementNeighbours(now: Date, publishTime: Date, id: string) {
      const [prev, next] = await Promise.all([
        announcements(now)
          .select(['id', 'title'])
          .where((eb) =>
            eb.or([
              eb('publish_time', '>', publishTime),
              eb.and([eb('publish_time', '=', publishTime), eb('id', '>', id)]),
            ]),
          )
          .orderBy('publish_time')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst(),
        announcements(now)
          .select(['id', 'title'])
          .where((eb) =>
            eb.or([
              eb('publish_time', '<', publishTime),
              eb.and([eb('publish_time', '=', publishTime), eb('id', '<', id)]),
            ]),
          )
          .orderBy('publish_time', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst(),
      ]);
      return { prev: prev ?? null, next: next ?? null };
    },
  };
}
