import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SESSION_REVOKED_CHANNEL } from './session-cache';

/** SQL for the list of a user's live sessions and signing one of them out. */
export function activeSessionsRepo(db: Kysely<Database>) {
  return {
    live: (userId: string, now: Date, idleSince: Date) =>
      db
        .selectFrom('user_session as s')
        .leftJoin('seller_session as ss', 'ss.session_id', 's.id')
        .leftJoin('seller_org as o', 'o.id', 'ss.seller_org_id')
        .select([
          's.id',
          's.created_at',
          's.last_seen_at',
          's.client_ip',
          's.user_agent',
          'o.name as unit_name',
        ])
        .where('s.user_id', '=', userId)
        .where('s.revoked_at', 'is', null)
        .where('s.expires_at', '>', now)
        .where('s.last_seen_at', '>', idleSince)
        .orderBy('s.created_at', 'desc')
        .limit(50)
        .execute(),

    /** Revokes one session of this user; every process drops the user's cached sessions (NOTIFY). */
    async revoke(userId: string, sessionId: string, now: Date): Promise<boolean> {
      const res = await sql<{ user_id: string }>`
        with r as (update user_session set revoked_at = ${now}
                   where id = ${sessionId} and user_id = ${userId} and revoked_at is null returning user_id)
        select user_id, pg_notify(${SESSION_REVOKED_CHANNEL}, user_id::text) from r`.execute(db);
      return res.rows.length > 0;
    },
  };
}
