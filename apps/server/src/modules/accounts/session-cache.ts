import type { Role } from '@chepai/shared';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';

/** How long a resolved session is trusted without reading it again. */
export const SESSION_CACHE_MS = 30_000;
/**
 * Past this age a session still in use is read again in the background while the cached entry
 * answers, so an active user never waits for that read. Without it every bidder who signed in
 * together waited for it together, each 30 s: 200 reads at once, in one bench phase the slowest
 * 1 % of its bids.
 */
export const SESSION_REFRESH_MS = 20_000;
const MAX_ENTRIES = 50_000;
/** NOTIFY channel: the payload is the id of a user whose sessions were revoked. */
export const SESSION_REVOKED_CHANNEL = 'session_revoked';

export interface CachedSession {
  id: string;
  role: Role | 'operator';
  sessionId: string;
  lastSeen: number;
  expiresAt: number;
  cachedAt: number;
  /** When this process last answered a request with it. */
  usedAt: number;
}

/**
 * Resolved sessions of this process, keyed by token hash, so an authenticated request does not
 * read user_session every time. A revocation in any process (logout, password change) is a
 * NOTIFY carrying the user id; every process drops that user's entries. Entries are only stored
 * while the process is listening, and not when a revocation arrived during the read that
 * produced them; if the LISTEN connection drops, the whole cache is dropped. Entries live at most
 * SESSION_CACHE_MS, expiry rules are checked on every use.
 */
export const sessionCacheFor = perContext(createCache);

function createCache(ctx: AppContext) {
  const entries = new Map<string, CachedSession>();
  let listening = false;
  let starting: Promise<void> | null = null;
  /** After a failed LISTEN: when the next attempt may start (requests go uncached until it succeeds). */
  let retryAt = 0;
  /** Bumped by every revocation seen: a read that overlapped one is not stored. */
  let generation = 0;
  /** Token hashes being read again in the background (one read each). */
  const refreshing = new Set<string>();
  /** Activity writes in flight, by token hash: a read of that session waits for its own write. */
  const writes = new Map<string, Promise<void>>();

  const dropUser = (userId: string) => {
    generation++;
    for (const [hash, e] of entries) if (e.id === userId) entries.delete(hash);
  };

  const start = () => {
    if (starting || Date.now() < retryAt) return;
    starting = ctx.dbh
      .listen(SESSION_REVOKED_CHANNEL, dropUser, () => {
        generation++;
        entries.clear();
      })
      .then(
        () => void (listening = true),
        (err: unknown) => {
          starting = null;
          retryAt = Date.now() + 5_000;
          ctx.log.warn({ err }, 'session cache off for now: cannot LISTEN');
        },
      );
  };

  return {
    get(hash: string, now: number): CachedSession | undefined {
      const e = entries.get(hash);
      if (e && Math.abs(now - e.cachedAt) < SESSION_CACHE_MS) {
        e.usedAt = now;
        return e;
      }
      if (e) entries.delete(hash);
      return undefined;
    },
    /**
     * Claims the background read of this entry for the caller, if it is past SESSION_REFRESH_MS and
     * no such read runs yet (entries exist only while listening). Call `refreshed` when it has ended.
     */
    claimRefresh(hash: string, e: CachedSession, now: number): boolean {
      if (now - e.cachedAt < SESSION_REFRESH_MS || refreshing.has(hash)) return false;
      refreshing.add(hash);
      return true;
    },
    /**
     * Claims the background read of every entry past SESSION_REFRESH_MS that answered a request in
     * the last `usedWithinMs` and has no such read running (sessions.ts, keepSessionsWarm).
     */
    claimDue(now: number, usedWithinMs: number): Array<[hash: string, entry: CachedSession]> {
      const due: Array<[string, CachedSession]> = [];
      for (const [hash, e] of entries) {
        if (now - e.cachedAt < SESSION_REFRESH_MS || now - e.usedAt >= usedWithinMs || refreshing.has(hash))
          continue;
        refreshing.add(hash);
        due.push([hash, e]);
      }
      return due;
    },
    /** A background read ended: its result (`set`), or null when the session is gone. */
    refreshed(hash: string, gone: boolean) {
      refreshing.delete(hash);
      if (gone) entries.delete(hash);
    },
    /** A write of the session's activity that answers do not wait for (it must not reject). */
    writeBehind(hash: string, write: Promise<void>) {
      const done: Promise<void> = write.finally(() => {
        if (writes.get(hash) === done) writes.delete(hash);
      });
      writes.set(hash, done);
    },
    /** The session's activity write in flight, if any: await it before reading the session. */
    pendingWrite: (hash: string) => writes.get(hash),
    /** Call before reading a session; pass the result to `set`. */
    ticket() {
      if (!listening) start();
      return generation;
    },
    set(hash: string, entry: CachedSession, ticket: number) {
      if (!listening || ticket !== generation) return;
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
      entries.set(hash, entry);
    },
    delete(hash: string) {
      generation++;
      entries.delete(hash);
    },
    dropUser,
  };
}
