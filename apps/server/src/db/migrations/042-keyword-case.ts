import { sql, type Kysely } from 'kysely';

/**
 * A hot search keyword is one word whatever its letters' case: “BMW” and “bmw” search alike, so
 * the console may not list both (docs/decisions/060-console-content.md). Keywords that differ only
 * in case were redundant; the first in the list (by its order, then its age) stays.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from hot_keyword k using hot_keyword first
    where lower(first.word_name) = lower(k.word_name)
      and (first.sort, first.id) < (k.sort, k.id)`.execute(db);
  await sql`alter table hot_keyword drop constraint if exists hot_keyword_word_name_key`.execute(db);
  await sql`create unique index hot_keyword_word_key on hot_keyword (lower(word_name))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists hot_keyword_word_key`.execute(db);
  await sql`alter table hot_keyword add constraint hot_keyword_word_name_key unique (word_name)`.execute(db);
}
