import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { SESSION_REVOKED_CHANNEL, sessionCacheFor, type CachedSession } from './session-cache';

export const IDLE_MS = 2 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
const TOUCH_EVERY_MS = 60_000;
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface SessionUser {
  id: string;
  role: 'buyer' | 'seller';
  sessionId: string;
}

/**
 * Opaque 32-byte tokens, shown once and stored as SHA-256. A session ends after two idle hours,
 * seven days in all, at logout, or when the password changes. Resolved sessions are cached per
 * process (session-cache.ts); revocations reach every process's cache through NOTIFY.
 */
export function sessions(ctx: AppContext) {
  const { db } = ctx.dbh;
  const cache = sessionCacheFor(ctx);

  const alive = (s: CachedSession, now: number) => s.expiresAt > now && s.lastSeen + IDLE_MS > now;

  async function read(hash: string, now: number): Promise<CachedSession | undefined> {
    const row = await db
      .selectFrom('user_session as s')
      .innerJoin('app_user as u', 'u.id', 's.user_id')
      .select(['s.id as sessionId', 's.last_seen_at', 's.expires_at', 's.revoked_at', 'u.id', 'u.role'])
      .where('s.token_hash', '=', hash)
      .executeTakeFirst();
    if (!row || row.revoked_at) return undefined;
    return {
      id: row.id,
      role: row.role,
      sessionId: row.sessionId,
      lastSeen: new Date(row.last_seen_at).getTime(),
      expiresAt: new Date(row.expires_at).getTime(),
      cachedAt: now,
    };
  }

  return {
    /** Whether this user has ever had a session (live, revoked or expired). */
    async everCreated(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('user_session')
        .select('id')
        .where('user_id', '=', userId)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async create(userId: string, clientIp: string): Promise<string> {
      const now = ctx.now();
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('user_session')
        .values({
          user_id: userId,
          token_hash: hashToken(token),
          created_at: now,
          last_seen_at: now,
          expires_at: new Date(now.getTime() + ABSOLUTE_MS),
          client_ip: clientIp,
        })
        .execute();
      return token;
    },

    /** The user behind a live token, sliding its idle expiry (written at most once a minute). */
    async resolve(token: string): Promise<SessionUser | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const now = ctx.now().getTime();
      const hash = hashToken(token);
      let s = cache.get(hash, now);
      // An entry that looks idle may have been touched through another process since: read again.
      if (!s || !alive(s, now)) {
        const ticket = cache.ticket();
        s = await read(hash, now);
        if (!s || !alive(s, now)) return null;
        cache.set(hash, s, ticket);
      }
      if (now - s.lastSeen >= TOUCH_EVERY_MS) {
        s.lastSeen = now;
        await db
          .updateTable('user_session')
          .set({ last_seen_at: new Date(now) })
          .where('id', '=', s.sessionId)
          .execute();
      }
      return { id: s.id, role: s.role, sessionId: s.sessionId };
    },

    /** Ends one session; every process drops it from its cache (NOTIFY at commit). */
    async revoke(token: string) {
      const hash = hashToken(token);
      cache.delete(hash);
      await sql`
        with r as (update user_session set revoked_at = ${ctx.now()} where token_hash = ${hash} and revoked_at is null returning user_id)
        select pg_notify(${SESSION_REVOKED_CHANNEL}, user_id::text) from r`.execute(db);
    },

    /** Ends every session of a user (password change). */
    async revokeAll(userId: string) {
      cache.dropUser(userId);
      await sql`
        with r as (update user_session set revoked_at = ${ctx.now()} where user_id = ${userId} and revoked_at is null returning user_id)
        select pg_notify(${SESSION_REVOKED_CHANNEL}, ${userId}) from r limit 1`.execute(db);
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
