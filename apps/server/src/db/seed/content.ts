import type { Kysely } from 'kysely';
import { sanitizeRichText } from '../../lib/sanitize';
import type { Database } from '../schema';
import { seedAnnouncements, seedArticles, seedHotKeywords } from './content-data';

const DAY_MS = 86_400_000;

/** Idempotent: rows are keyed by slug / word; text is refreshed, publication times kept. */
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
      })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          content: eb.ref('excluded.content'),
          sort: eb.ref('excluded.sort'),
        })),
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
      })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          title: eb.ref('excluded.title'),
          summary: eb.ref('excluded.summary'),
          content: eb.ref('excluded.content'),
          pinned: eb.ref('excluded.pinned'),
        })),
      )
      .execute();
  }
  for (const [i, word] of seedHotKeywords.entries()) {
    await db
      .insertInto('hot_keyword')
      .values({ word_name: word, sort: i })
      .onConflict((oc) => oc.column('word_name').doUpdateSet({ sort: i }))
      .execute();
  }
}
