import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { AnnouncementTable, Database, PublishedContent, SupportArticleTable } from '../../db/schema';
import { escapeLike } from '../../lib/sql';

/** The two tables whose rows are published (migration 041). */
export type ContentKind = 'announcement' | 'support_article';
/** The console's announcement filter (contracts/console-content.ts PUBLICATION_STATE). */
export type StateFilter = 'draft' | 'scheduled' | 'published' | 'withdrawn';

/**
 * SQL of the columns announcements and support articles share (their publication): one builder
 * serves either table, typed by the shared columns.
 */
export function publicationRepo(db: Kysely<Database>, kind: ContentKind) {
  const shared = db as unknown as Kysely<{ item: PublishedContent }>;
  const table = kind as unknown as 'item';
  return {
    lock: (id: string) =>
      shared
        .selectFrom(table)
        .select(['id', 'status', 'publish_time', 'updated_at'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),
    set: (id: string, set: Updateable<PublishedContent>) =>
      shared.updateTable(table).set(set).where('id', '=', id).execute(),
    remove: (id: string) => shared.deleteFrom(table).where('id', '=', id).execute(),
  };
}

/** Rows of `table` take the order of `ids` (sort 0, 1, 2 …). */
async function setOrder(db: Kysely<Database>, table: 'support_article' | 'hot_keyword', ids: string[]) {
  await sql`
    update ${sql.table(table)} t set sort = o.n - 1
    from unnest(${ids}::bigint[]) with ordinality as o(id, n)
    where t.id = o.id`.execute(db);
}

/** The columns of a row's publication the console shows, with the name of who last changed it. */
const published = (table: ContentKind) =>
  [
    'id',
    'status',
    'publish_time',
    'updated_at',
    sql<string | null>`(select real_name from app_user u where u.id = ${sql.ref(`${table}.updated_by`)})`.as(
      'updater_name',
    ),
  ] as const;

/** SQL for the console's announcements. */
export function announcementsConsoleRepo(db: Kysely<Database>) {
  const columns = [...published('announcement'), 'title', 'summary', 'source', 'pinned'] as const;
  return {
    async page(q: {
      now: Date;
      state?: StateFilter | undefined;
      keyword?: string | undefined;
      offset: number;
      limit: number;
    }) {
      let base = db.selectFrom('announcement');
      if (q.keyword) base = base.where('title', 'ilike', `%${escapeLike(q.keyword)}%`);
      if (q.state === 'draft' || q.state === 'withdrawn') base = base.where('status', '=', q.state);
      if (q.state === 'scheduled' || q.state === 'published')
        base = base
          .where('status', '=', 'published')
          .where('publish_time', q.state === 'scheduled' ? '>' : '<=', q.now);
      const [rows, count] = await Promise.all([
        base
          .select(columns)
          // Newest first: by publication time (those still to come on top), a draft by its creation.
          .orderBy(sql`coalesce(publish_time, created_at)`, 'desc')
          .orderBy('id', 'desc')
          .offset(q.offset)
          .limit(q.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    byId: (id: string) =>
      db
        .selectFrom('announcement')
        .select([...columns, 'content'])
        .where('id', '=', id)
        .executeTakeFirst(),
    insert: async (values: Insertable<AnnouncementTable>) =>
      (await db.insertInto('announcement').values(values).returning('id').executeTakeFirstOrThrow()).id,
    update: (id: string, set: Updateable<AnnouncementTable>) =>
      db.updateTable('announcement').set(set).where('id', '=', id).execute(),
  };
}

/** SQL for the console's support articles. */
export function articlesConsoleRepo(db: Kysely<Database>) {
  const columns = [...published('support_article'), 'type', 'sort', 'title'] as const;
  return {
    /** A section's articles in the public order. */
    ofType: (type: number) =>
      db
        .selectFrom('support_article')
        .select(columns)
        .where('type', '=', type)
        .orderBy('sort')
        .orderBy('publish_time', 'desc')
        .orderBy('id', 'desc')
        .limit(500)
        .execute(),
    byId: (id: string) =>
      db
        .selectFrom('support_article')
        .select([...columns, 'content'])
        .where('id', '=', id)
        .executeTakeFirst(),
    /** Locks a section's articles (a reorder names every one of them). */
    lockType: async (type: number) =>
      (
        await db.selectFrom('support_article').select('id').where('type', '=', type).forUpdate().execute()
      ).map((r) => r.id),
    /** The next sort number of a section: after its last article. */
    nextSort: async (type: number) =>
      Number(
        (
          await db
            .selectFrom('support_article')
            .select(sql<number>`coalesce(max(sort), -1) + 1`.as('next'))
            .where('type', '=', type)
            .executeTakeFirstOrThrow()
        ).next,
      ),
    insert: async (values: Insertable<SupportArticleTable>) =>
      (await db.insertInto('support_article').values(values).returning('id').executeTakeFirstOrThrow()).id,
    update: (id: string, set: Updateable<SupportArticleTable>) =>
      db.updateTable('support_article').set(set).where('id', '=', id).execute(),
    reorder: (ids: string[]) => setOrder(db, 'support_article', ids),
  };
}

/** SQL for the hot search keywords. */
export function keywordsConsoleRepo(db: Kysely<Database>) {
  const all = () => db.selectFrom('hot_keyword').select(['id', 'word_name', 'enabled', 'sort']);
  return {
    list: () => all().orderBy('sort').orderBy('id').execute(),
    lock: (id: string) => all().where('id', '=', id).forUpdate().executeTakeFirst(),
    /** Every keyword locked, for a reorder (which names each of them). */
    lockAll: async () =>
      (await db.selectFrom('hot_keyword').select('id').forUpdate().execute()).map((r) => r.id),
    insert: (word: string) =>
      db
        .insertInto('hot_keyword')
        .values({
          word_name: word,
          sort: sql<number>`(select coalesce(max(sort), -1) + 1 from hot_keyword)`,
        })
        .returning(['id', 'word_name', 'enabled', 'sort'])
        .executeTakeFirstOrThrow(),
    update: (id: string, set: { word_name?: string; enabled?: boolean }) =>
      db
        .updateTable('hot_keyword')
        .set(set)
        .where('id', '=', id)
        .returning(['id', 'word_name', 'enabled', 'sort'])
        .executeTakeFirstOrThrow(),
    remove: (id: string) => db.deleteFrom('hot_keyword').where('id', '=', id).execute(),
    reorder: (ids: string[]) => setOrder(db, 'hot_keyword', ids),
  };
}
