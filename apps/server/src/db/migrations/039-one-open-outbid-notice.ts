import { sql, type Kysely } from 'kysely';

/**
 * One unread outbid notice per user and lot, kept current (docs/decisions/044-one-open-outbid-notice.md):
 * while a user's outbid notice of a lot is unread, the next outbid updates it (its text, how many
 * times, when last) instead of adding another. Its key is `outbid:<lot>`, unique among unread outbid
 * notices only; every other kind keeps its key unique as before. An outbid SMS may then be queued for
 * a notice more than once (each time the throttle allows, as before it was for each new notice), so
 * one SMS per notice holds only for deliveries without a throttle scope.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table notice add column repeats integer not null default 1`.execute(db);
  await sql`alter table notice add column updated_at timestamptz`.execute(db);
  // Room on each page for the new version of an updated notice: the update is then heap-only.
  await sql`alter table notice set (fillfactor = 80)`.execute(db);
  await sql`alter table notice drop constraint notice_user_id_event_key_key`.execute(db);
  await sql`create unique index notice_event_uq on notice (user_id, event_key) where kind <> 'lot.outbid'`.execute(
    db,
  );
  await sql`create unique index notice_outbid_open_uq on notice (user_id, event_key)
    where kind = 'lot.outbid' and read_at is null`.execute(db);

  await sql`alter table notice_delivery drop constraint notice_delivery_notice_id_channel_key`.execute(db);
  await sql`create unique index notice_delivery_once_uq on notice_delivery (notice_id, channel)
    where scope is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // Outbid notices written under this migration share their key per user and lot: each gets its id.
  await sql`update notice set event_key = event_key || ':n' || id
    where kind = 'lot.outbid' and split_part(event_key, ':', 3) = ''`.execute(db);
  await sql`drop index notice_outbid_open_uq`.execute(db);
  await sql`drop index notice_event_uq`.execute(db);
  await sql`alter table notice add constraint notice_user_id_event_key_key unique (user_id, event_key)`.execute(
    db,
  );
  await sql`alter table notice reset (fillfactor)`.execute(db);
  await sql`alter table notice drop column updated_at`.execute(db);
  await sql`alter table notice drop column repeats`.execute(db);
  // One SMS per notice again: of a notice's outbid deliveries the first stays, the later ones go.
  await sql`delete from notice_delivery d using notice_delivery e
    where e.notice_id = d.notice_id and e.channel = d.channel and e.id < d.id`.execute(db);
  await sql`drop index notice_delivery_once_uq`.execute(db);
  await sql`alter table notice_delivery add constraint notice_delivery_notice_id_channel_key
    unique (notice_id, channel)`.execute(db);
}
