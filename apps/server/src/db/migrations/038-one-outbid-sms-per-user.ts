import { sql, type Kysely } from 'kysely';

/**
 * One waiting outbid SMS per user, whichever lots (docs/decisions/041-one-waiting-outbid-sms.md,
 * amended): the scope of outbid deliveries becomes `outbid`. Of the outbid SMS already waiting, a
 * user keeps the oldest; the others are skipped with a note (their notices stay in the inbox). Rows
 * queued before migration 037 have no scope and are merged the same way.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update notice_delivery d set state = 'skipped', note = '已合并：每位用户只保留一条待发送的出价提醒短信',
      updated_at = now()
    from notice n
    where n.id = d.notice_id and n.kind = 'lot.outbid' and d.state = 'pending'
      and d.id <> (select min(w.id) from notice_delivery w join notice wn on wn.id = w.notice_id
                   where w.user_id = d.user_id and w.state = 'pending' and wn.kind = 'lot.outbid')`.execute(
    db,
  );
  await sql`
    update notice_delivery d set scope = 'outbid'
    from notice n
    where n.id = d.notice_id and n.kind = 'lot.outbid' and d.scope is distinct from 'outbid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    update notice_delivery d set scope = 'outbid:' || split_part(n.event_key, ':', 2)
    from notice n
    where n.id = d.notice_id and n.kind = 'lot.outbid' and d.scope = 'outbid'`.execute(db);
}
