import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Database } from '../schema';
import { seedAnnouncements, seedArticles, seedHotKeywords } from './content-data';

const DAY_MS = 86_400_000;

/**
 * Idempotent: rows are keyed by slug; text is refreshed, publication times and the order of the
 * articles kept. A row an editor has changed in the console (updated_by set) is theirs and left
 * alone, and the keywords are written into an empty table only: a keyword deleted, renamed or
 * moved stays so (decision 060).
 */
export async function seedContent(db: Kysely<Database>, now: Date) {
  const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * DAY_MS);
  for (const [i, a] of seedArticles.entries()) {
    await db
      .insertInto('support_article')
      .values({
        slug: a.slug,
        type: a.type,
        title: a.title,
        content: sanitizeRichText(a.bodyHtml),
        publish_time: at(a.publishDaysAgo),
        sort: i,
        status: 'published',
      })
      .onConflict((oc) =>
        oc
          .column('slug')
          .doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            content: eb.ref('excluded.content'),
          }))
          .where('support_article.updated_by', 'is', null),
      )
      .execute();
  }
  for (const n of seedAnnouncements) {
    await db
      .insertInto('announcement')
      .values({
        slug: n.slug,
        title: n.title,
        summary: n.summary,
        source: n.source,
        pinned: n.pinned,
        content: sanitizeRichText(n.bodyHtml),
        publish_time: at(n.publishDaysAgo),
        status: 'published',
      })
      .onConflict((oc) =>
        oc
          .column('slug')
          .doUpdateSet((eb) => ({
            title: eb.ref('excluded.title'),
            summary: eb.ref('excluded.summary'),
            content: eb.ref('excluded.content'),
            pinned: eb.ref('excluded.pinned'),
          }))
          .where('announcement.updated_by', 'is', null),
      )
      .execute();
  }
  if (await db.selectFrom('hot_keyword').select('id').limit(1).executeTakeFirst()) return;
  await db
    .insertInto('hot_keyword')
    .values(seedHotKeywords.map((word, sort) => ({ word_name: word, sort })))
    .execute();
}
