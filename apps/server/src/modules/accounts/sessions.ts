import { hash as digest, randomBytes } from 'node:crypto';
import type { Role } from '@chepai/shared';
import DataLoader from 'dataloader';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import { sessionCacheFor, type CachedSession } from './session-cache';
import { sessionsRepo } from './sessions.repo';

export const IDLE_MS = 2 * 3600_000;
export const ABSOLUTE_MS = 7 * 24 * 3600_000;
/**
 * A session's activity is written at most once in 45–60 s, the interval fixed per token: users who
 * signed in together (a room of bidders) do not all write it in the same second of every minute.
 */
const TOUCH_EVERY_MS = 60_000;
const TOUCH_SPREAD_MS = 15_000;
const touchEvery = (hash: string) => TOUCH_EVERY_MS - (parseInt(hash.slice(0, 8), 16) % TOUCH_SPREAD_MS);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Enough of a User-Agent to name the browser and system; the rest is noise. */
export const USER_AGENT_MAX = 200;

/** Every request's token is hashed: the one-shot `hash` costs a third of a Hash object's create, update and digest. */
export const hashToken = (token: string) => digest('sha256', token, 'hex');

export interface SessionUser {
  id: string;
  role: Role | 'operator';
  sessionId: string;
}

/**
 * A loader whose calls in one turn of the event loop, across every request of this process, go out
 * as one statement (docs/decisions/050-session-reads-batched.md). Not a cache (session-cache.ts is),
 * and the batch waits for the end of the loop's turn: the requests read from the sockets in one poll
 * phase are one batch.
 */
const perTurn = <K, V>(batch: (keys: readonly K[]) => Promise<V[]>) =>
  new DataLoader<K, V>(batch, {
    cache: false,
    batchScheduleFn: (run) => setImmediate(run),
    maxBatchSize: 500,
  });

/**
 * Reads of sessions. A room of bidders who signed in together comes back together, and their cached
 * entries age together: 200 reads at once, a statement each, took 66–101 ms on the pool; as one
 * statement 4–7 ms.
 */
const sessionReader = perContext((ctx: AppContext) => {
  const repo = sessionsRepo(ctx.dbh.db);
  return perTurn(async (hashes: readonly string[]) => {
    const rows = new Map((await repo.byTokenHashes(hashes)).map((r) => [r.token_hash, r]));
    return hashes.map((h) => rows.get(h));
  });
});

/**
 * Activity writes. The same room's writes fall due together too, after a quiet minute at the start
 * of the next burst of bids: a statement each, 200 of them held the pool's connections while the
 * bids' batches waited for one.
 */
const sessionToucher = perContext((ctx: AppContext) => {
  const repo = sessionsRepo(ctx.dbh.db);
  return perTurn(async (touches: ReadonlyArray<{ sessionId: string; at: Date }>) => {
    await repo.touchMany(touches);
    return touches.map(() => undefined);
  });
});

const alive = (s: CachedSession, now: number) => s.expiresAt > now && s.lastSeen + IDLE_MS > now;

async function readSession(ctx: AppContext, hash: string, now: number): Promise<CachedSession | undefined> {
  const row = await sessionReader(ctx).load(hash);
  if (!row || row.revoked_at) return undefined;
  return {
    id: row.id,
    role: row.role,
    sessionId: row.sessionId,
    lastSeen: new Date(row.last_seen_at).getTime(),
    expiresAt: new Date(row.expires_at).getTime(),
    cachedAt: now,
    usedAt: now,
  };
}

/** Reads a cached session again while its entry keeps answering (session-cache.ts). */
async function refreshSession(ctx: AppContext, hash: string, cached: CachedSession, now: number) {
  const cache = sessionCacheFor(ctx);
  const ticket = cache.ticket();
  try {
    const fresh = await readSession(ctx, hash, now);
    // This process may have written a later activity meanwhile (the touch in `resolve`).
    if (fresh) {
      fresh.lastSeen = Math.max(fresh.lastSeen, cached.lastSeen);
      fresh.usedAt = cached.usedAt;
    }
    const gone = !fresh || !alive(fresh, ctx.now().getTime());
    if (fresh && !gone) cache.set(hash, fresh, ticket);
    cache.refreshed(hash, gone);
  } catch (err) {
    // The entry answers until its lifetime ends; the read after that is the caller's again.
    cache.refreshed(hash, false);
    ctx.log.warn({ err }, 'session not read again');
  }
}

/** Sessions that answered a request within this long are kept read before their entry expires. */
export const KEEP_WARM_MS = 5 * 60_000;

/**
 * A scheduler job of every process: reads again, with one statement, the cached sessions past
 * SESSION_REFRESH_MS that answered a request in the last KEEP_WARM_MS. A bidder quiet for half a
 * minute then finds the session still cached instead of waiting for its read; a room of bidders
 * who come back together (a lot's last minute after a quiet spell) no longer all wait for theirs at
 * once, which made the first 300 ms of such a burst the slowest of it (docs/scaling.md). The cache
 * still trusts nothing read more than SESSION_CACHE_MS ago. Returns how many it read.
 */
export async function keepSessionsWarm(ctx: AppContext, now: Date): Promise<number> {
  const due = sessionCacheFor(ctx).claimDue(now.getTime(), KEEP_WARM_MS);
  await Promise.all(due.map(([hash, entry]) => refreshSession(ctx, hash, entry, now.getTime())));
  return due.length;
}

/**
 * Opaque 32-byte tokens, shown once and stored as SHA-256. A session ends after two idle hours,
 * seven days in all, at logout, or when the password changes. Resolved sessions are cached per
 * process (session-cache.ts); revocations reach every process's cache through NOTIFY.
 */
export function sessions(ctx: AppContext) {
  const repo = sessionsRepo(ctx.dbh.db);
  const cache = sessionCacheFor(ctx);
  const toucher = sessionToucher(ctx);

  return {
    /** Whether this user has ever had a session (live, revoked or expired). */
    async everCreated(userId: string): Promise<boolean> {
      return repo.anyForUser(userId);
    },

    async create(userId: string, clientIp: string, userAgent?: string): Promise<string> {
      const now = ctx.now();
      const token = randomBytes(32).toString('base64url');
      await repo.insert({
        user_id: userId,
        token_hash: hashToken(token),
        created_at: now,
        last_seen_at: now,
        expires_at: new Date(now.getTime() + ABSOLUTE_MS),
        client_ip: clientIp,
        user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
      });
      return token;
    },

    /** The user behind a live token, sliding its idle expiry (written behind, once in 45–60 s). */
    async resolve(token: string): Promise<SessionUser | null> {
      if (!TOKEN_SHAPE.test(token)) return null;
      const now = ctx.now().getTime();
      const hash = hashToken(token);
      let s = cache.get(hash, now);
      // An entry that looks idle may have been touched through another process since: read again.
      if (!s || !alive(s, now)) {
        // This process's own activity write must be in what it reads.
        await cache.pendingWrite(hash);
        const ticket = cache.ticket();
        s = await readSession(ctx, hash, now);
        if (!s || !alive(s, now)) return null;
        cache.set(hash, s, ticket);
      } else if (cache.claimRefresh(hash, s, now)) void refreshSession(ctx, hash, s, now);
      if (now - s.lastSeen >= touchEvery(hash)) {
        // Written behind the answer: no request waits for it (with a room of bidders, a request
        // held up by its write was overtaken by the bids sent just after it).
        const entry = s;
        const before = entry.lastSeen;
        entry.lastSeen = now;
        cache.writeBehind(
          hash,
          toucher.load({ sessionId: entry.sessionId, at: new Date(now) }).then(
            () => undefined,
            (err: unknown) => {
              ctx.log.warn({ err }, 'session activity not written');
              // Not recorded: the session's next request writes it again, so the idle expiry does
              // not fall a whole interval short.
              if (entry.lastSeen === now) entry.lastSeen = before;
            },
          ),
        );
      }
      return { id: s.id, role: s.role, sessionId: s.sessionId };
    },

    /** Ends one session; every process drops it from its cache (NOTIFY at commit). */
    async revoke(token: string) {
      const hash = hashToken(token);
      cache.delete(hash);
      await repo.revokeByHash(hash, ctx.now());
    },

    /** Ends every session of a user (password change). */
    async revokeAll(userId: string) {
      cache.dropUser(userId);
      await repo.revokeAllOfUser(userId, ctx.now());
    },
  };
}

export type Sessions = ReturnType<typeof sessions>;
