import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { SESSION_REVOKED_CHANNEL } from './session-cache';

/** SQL for login sessions (user_session). */
export function sessionsRepo(db: Kysely<Database>) {
  return {
    /** Sessions and their users, by token hash (one statement whatever the count). */
    byTokenHashes: (hashes: readonly string[]) =>
      db
        .selectFrom('user_session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .select([
          's.token_hash',
          's.id as sessionId',
          's.last_seen_at',
          's.expires_at',
          's.revoked_at',
          'u.id',
          'u.role',
        ])
        .where(sql<boolean>`s.token_hash = any(${[...hashes]}::text[])`)
        .execute(),

    /** Whether the user has ever had a session (live, revoked or expired). */
    anyForUser: async (userId: string) =>
      (await db
        .selectFrom('user_session')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    insert: (values: {
      user_id: string;
      token_hash: string;
      created_at: Date;
      last_seen_at: Date;
      expires_at: Date;
      client_ip: string;
      user_agent: string | null;
    }) => db.insertInto('user_session').values(values).execute(),

    /**
     * Writes the activity of many sessions with one statement. A time never moves a session's
     * activity back (another process may have written a later one). Its commit does not wait for the
     * disk (docs/decisions/054-activity-commits-without-flush.md): after a quiet spell a room's
     * sessions fall due together, and each of these commits took a flush of its own beside the bids'.
     * A crash may lose the last fraction of a second of them: a session then idles out that much early.
     */
    touchMany: (touches: ReadonlyArray<{ sessionId: string; at: Date }>) =>
      sql`
        with relaxed as (select set_config('synchronous_commit', 'off', true))
        update user_session s set last_seen_at = greatest(s.last_seen_at, v.at)
        from relaxed, unnest(${touches.map((t) => t.sessionId)}::bigint[], ${touches.map((t) => t.at.toISOString())}::timestamptz[]) as v(id, at)
        where s.id = v.id`.execute(db),

    /** Revokes one live session and tells every process (NOTIFY at commit). */
    revokeByHash: (hash: string, now: Date) =>
      sql`
        with r as (update user_session set revoked_at = ${now} where token_hash = ${hash} and revoked_at is null returning user_id)
        select pg_notify(${SESSION_REVOKED_CHANNEL}, user_id::text) from r`.execute(db),

    /** Revokes every live session of a user and tells every process once. */
    revokeAllOfUser: (userId: string, now: Date) =>
      sql`
        with r as (update user_session set revoked_at = ${now} where user_id = ${userId} and revoked_at is null returning user_id)
        select pg_notify(${SESSION_REVOKED_CHANNEL}, ${userId}) from r limit 1`.execute(db),
  };
}
