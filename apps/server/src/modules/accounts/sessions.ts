import { createHash, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';

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
 * seven days in all, at logout, or when the password changes.
 */
export function sessions(ctx: AppContext) {
  const { db } = ctx.dbh;
  return {
    async create(userId: string, clientIp: string): Promise<string> {
      const now = ctx.now();
      const token = randomBytes(32).toString('base64url');
      await db
        .insertInto('user_session')
        .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + ABSOLUTE_MS), client_ip: clientIp })
        .execute();
      return token;
    },

    /** The user behind a live token, sliding its idle expiry (written at most once a minute). */
    async resolve(token: string): Promise<SessionUser | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const now = ctx.now();
      const row = await db
        .selectFrom('user_session as s')
        .innerJoin('app_user as u', 'u.id', 's.user_id')
        .select(['s.id as sessionId', 's.last_seen_at', 's.expires_at', 's.revoked_at', 'u.id', 'u.role'])
        .where('s.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.revoked_at) return null;
      const lastSeen = new Date(row.last_seen_at).getTime();
      if (new Date(row.expires_at) <= now || lastSeen + IDLE_MS <= now.getTime()) return null;
      if (now.getTime() - lastSeen >= TOUCH_EVERY_MS) {
        await db.updateTable('user_session').set({ last_seen_at: now }).where('id', '=', row.sessionId).execute();
      }
      return { id: row.id, role: row.role, sessionId: row.sessionId };
    },

    revoke: (token: string) =>
      db.updateTable('user_session').set({ revoked_at: ctx.now() }).where('token_hash', '=', hashToken(token)).where('revoked_at', 'is', null).execute(),

    revokeAll: (userId: string) =>
      db.updateTable('user_session').set({ revoked_at: ctx.now() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute(),
  };
}

export type Sessions = ReturnType<typeof sessions>;
