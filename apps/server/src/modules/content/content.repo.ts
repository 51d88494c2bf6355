import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

export function contentRepo(db: Kysely<Database>) {
  return {
    listArticles() {
      return db
        .selectFrom('support_article')
        .select(['id', 'type', 'title', 'publish_time'])
        .orderBy('type')
        .orderBy('sort')
        .orderBy('publish_time', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    findArticle(id: string) {
      return db.selectFrom('support_article').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async pageKeywords(offset: number, limit: number) {
      const base = db.selectFrom('hot_keyword').where('enabled', '=', true);
      const [rows, count] = await Promise.all([
        base.select(['id', 'word_name']).orderBy('sort').orderBy('id').offset(offset).limit(limit).execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    async pageAnnouncements(offset: number, limit: number, keyword?: string) {
      const base = keyword
        ? db.selectFrom('announcement').where('title', 'ilike', `%${escapeLike(keyword)}%`)
        : db.selectFrom('announcement');
      const [rows, count] = await Promise.all([
        base
          .select(['id', 'title', 'summary', 'source', 'pinned', 'publish_time'])
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
    findAnnouncement(id: string) {
      return db.selectFrom('announcement').selectAll().where('id', '=', id).executeTakeFirst();
    },
    /** Neighbours in publication order (newest first): prev is newer, next is older. */
    async announcementNeighbours(publishTime: Date, id: string) {
      const [prev, next] = await Promise.all([
        db
          .selectFrom('announcement')
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
        db
          .selectFrom('announcement')
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
