import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

export interface ClaimedSms {
  id: string;
  notice_id: string;
  user_id: string;
  attempts: number;
  kind: string;
  title: string;
  body: string;
  event_key: string;
  tel: string | null;
}

/** SQL of the SMS queue (notice_delivery), the outbid throttle and the users' presence on lot pages. */
export function deliveryRepo(db: Kysely<Database>) {
  return {
    /**
     * Claims due deliveries under a lease: next_at moves past the lease, so another process skips
     * them while this one sends, and takes them over if this one dies mid-send.
     */
    claim: async (now: Date, limit: number, leaseMs: number) => {
      const { rows } = await sql<ClaimedSms>`
        with due as (
          select id from notice_delivery
          where state = 'pending' and next_at <= ${now}
          order by next_at, id limit ${limit}
          for update skip locked),
        claimed as (
          update notice_delivery d
          set next_at = ${new Date(now.getTime() + leaseMs)}, attempts = d.attempts + 1, updated_at = ${now}
          from due where d.id = due.id
          returning d.id, d.notice_id, d.user_id, d.attempts)
        select c.id, c.notice_id, c.user_id, c.attempts, n.kind, n.title, n.body, n.event_key, u.tel
        from claimed c join notice n on n.id = c.notice_id join app_user u on u.id = c.user_id
        order by c.id`.execute(db);
      return rows;
    },
    sent: (id: string, now: Date) =>
      db
        .updateTable('notice_delivery')
        .set({ state: 'sent', sent_at: now, last_error: '', updated_at: now })
        .where('id', '=', id)
        .execute(),
    skipped: (id: string, note: string, now: Date) =>
      db
        .updateTable('notice_delivery')
        .set({ state: 'skipped', note, updated_at: now })
        .where('id', '=', id)
        .execute(),
    /** Not an attempt: the claim's count is given back and the row waits until `until`. */
    deferred: (id: string, until: Date, note: string, now: Date) =>
      db
        .updateTable('notice_delivery')
        .set((eb) => ({ next_at: until, note, attempts: eb('attempts', '-', 1), updated_at: now }))
        .where('id', '=', id)
        .execute(),
    /** A failed attempt: retried at `retryAt`, or given up (state failed) when there is none. */
    failed: (id: string, error: string, retryAt: Date | null, now: Date) =>
      db
        .updateTable('notice_delivery')
        .set(
          retryAt
            ? { last_error: error, next_at: retryAt, updated_at: now }
            : { last_error: error, state: 'failed', updated_at: now },
        )
        .where('id', '=', id)
        .execute(),
    /**
     * An operator's retry: a failed or waiting delivery is due now with a fresh set of attempts. A
     * failed one whose scope already has another delivery waiting (a later outbid of the same user) is
     * not made to wait beside it: `superseded`.
     */
    retry: async (id: string, now: Date): Promise<{ id: string } | 'missing' | 'superseded'> => {
      const done = await db
        .updateTable('notice_delivery as d')
        .set({ state: 'pending', attempts: 0, next_at: now, note: '运营人员重试', updated_at: now })
        .where('d.id', '=', id)
        .where('d.state', 'in', ['failed', 'pending'])
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('notice_delivery as w')
                .select('w.id')
                .whereRef('w.user_id', '=', 'd.user_id')
                .whereRef('w.scope', '=', 'd.scope')
                .where('w.state', '=', 'pending')
                .whereRef('w.id', '<>', 'd.id'),
            ),
          ),
        )
        .returning('d.id')
        .executeTakeFirst();
      if (done) return { id: done.id };
      const row = await db
        .selectFrom('notice_delivery')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirst();
      return row && (row.state === 'failed' || row.state === 'pending') ? 'superseded' : 'missing';
    },
    /** Deliveries that failed for good or are retrying, newest trouble first (the console's list). */
    trouble: async (state: 'failed' | 'retrying' | 'all', offset: number, limit: number) => {
      let q = db
        .selectFrom('notice_delivery as d')
        .innerJoin('notice as n', 'n.id', 'd.notice_id')
        .innerJoin('app_user as u', 'u.id', 'd.user_id');
      q =
        state === 'failed'
          ? q.where('d.state', '=', 'failed')
          : state === 'retrying'
            ? q.where('d.state', '=', 'pending').where('d.attempts', '>', 0)
            : q.where((eb) =>
                eb.or([
                  eb('d.state', '=', 'failed'),
                  eb.and([eb('d.state', '=', 'pending'), eb('d.attempts', '>', 0)]),
                ]),
              );
      const { total } = await q
        .select((eb) => eb.fn.countAll<string>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await q
        .select([
          'd.id',
          'd.channel',
          'd.state',
          'd.attempts',
          'd.next_at',
          'd.last_error',
          'd.updated_at',
          'n.kind',
          'n.title',
          'u.tel',
          'u.real_name',
        ])
        .orderBy('d.updated_at', 'desc')
        .orderBy('d.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return { total: Number(total), rows };
    },
    /** One SMS of `scope` per window: true when this call took the slot (atomic across processes). */
    takeThrottle: async (userId: string, scope: string, windowMs: number, now: Date) => {
      const { rows } = await sql<{ user_id: string }>`
        insert into notice_throttle (user_id, scope, last_at) values (${userId}, ${scope}, ${now})
        on conflict (user_id, scope) do update set last_at = excluded.last_at
        where notice_throttle.last_at <= ${new Date(now.getTime() - windowMs)}
        returning user_id`.execute(db);
      return rows.length > 0;
    },
    /** Whether a live user channel of the user showed the lot's page recently. */
    onLotPage: async (userId: string, lotId: string, since: Date) =>
      Boolean(
        await db
          .selectFrom('live_presence')
          .select('conn_id')
          .where('user_id', '=', userId)
          .where('lot_id', '=', lotId)
          .where('seen_at', '>=', since)
          .executeTakeFirst(),
      ),
  };
}

/** The presence rows of live user channels (written by the channel, read by the SMS job). */
export function presenceRepo(db: Kysely<Database>) {
  return {
    set: (connId: string, userId: string, lotId: string | null, now: Date) =>
      db
        .insertInto('live_presence')
        .values({ conn_id: connId, user_id: userId, lot_id: lotId, seen_at: now })
        .onConflict((oc) => oc.column('conn_id').doUpdateSet({ lot_id: lotId, seen_at: now }))
        .execute(),
    touch: (connIds: string[], now: Date) =>
      connIds.length
        ? db.updateTable('live_presence').set({ seen_at: now }).where('conn_id', 'in', connIds).execute()
        : Promise.resolve([]),
    drop: (connId: string) => db.deleteFrom('live_presence').where('conn_id', '=', connId).execute(),
    /** Rows of channels that stopped refreshing (their process died). */
    sweep: (before: Date) => db.deleteFrom('live_presence').where('seen_at', '<', before).execute(),
  };
}
