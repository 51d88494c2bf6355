import { sql, type Kysely } from 'kysely';

/**
 * The unread outbid notices written before migration 039 (one per displacement, keyed
 * `outbid:<lot>:<n>`) folded into the one open notice per user and lot that decision 044 keeps: the
 * bell counts lots, and a buyer outbid ten times before 039 had ten unread notices of one lot. Per
 * user and lot, the open notice of the new form takes them in if there is one; otherwise the latest
 * old one becomes it (`outbid:<lot>`, its text the latest price). It holds them all (`repeats`),
 * starts when the first did and was last updated when the latest happened. The SMS records of the
 * notices folded away move to it (their scope is `outbid`, so none is unique per notice); read
 * notices stay as they were.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create temporary table outbid_fold as
    with old as (
      select id, user_id, split_part(event_key, ':', 2) as lot, created_at, repeats,
        coalesce(updated_at, created_at) as last_at
      from notice
      where kind = 'lot.outbid' and read_at is null and split_part(event_key, ':', 3) <> ''
    ), grouped as (
      select user_id, lot, sum(repeats)::int as repeats, min(created_at) as first_at, max(last_at) as last_at,
        (array_agg(id order by last_at desc, id desc))[1] as latest
      from old group by user_id, lot
    )
    select o.id as old_id, g.user_id, g.lot, g.repeats, g.first_at, g.last_at,
      coalesce(cur.id, g.latest) as keep_id, cur.id is not null as into_current
    from old o
    join grouped g on g.user_id = o.user_id and g.lot = o.lot
    left join notice cur on cur.user_id = g.user_id and cur.kind = 'lot.outbid' and cur.read_at is null
      and cur.event_key = 'outbid:' || g.lot`.execute(db);
  await sql`
    update notice_delivery d set notice_id = f.keep_id
    from outbid_fold f where d.notice_id = f.old_id and f.old_id <> f.keep_id`.execute(db);
  await sql`delete from notice n using outbid_fold f where n.id = f.old_id and f.old_id <> f.keep_id`.execute(
    db,
  );
  // The notice kept: the current one takes the old ones' count and first time; the latest old one
  // gets the new key and holds them all.
  await sql`
    update notice n set
      event_key = 'outbid:' || f.lot,
      repeats = case when f.into_current then n.repeats + f.repeats else f.repeats end,
      created_at = least(n.created_at, f.first_at),
      updated_at = case
        when f.into_current then greatest(coalesce(n.updated_at, n.created_at), f.last_at)
        when f.repeats > 1 then f.last_at
      end
    from (select distinct keep_id, lot, repeats, first_at, last_at, into_current from outbid_fold) f
    where n.id = f.keep_id`.execute(db);
  await sql`drop table outbid_fold`.execute(db);
}

/** Folded notices cannot be told apart again; the kept ones are valid under 039's `down` as they are. */
export async function down(): Promise<void> {}
