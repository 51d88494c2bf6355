import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppContext } from '../../context';
import { perContext } from '../../lib/per-context';
import { limitsRepo } from './limits.repo';

export interface Window {
  count: number;
  /** Milliseconds until the window starts again. */
  resetMs: number;
}

export interface Lease {
  release(): Promise<void>;
}

/**
 * Counters and live-connection leases that every server process sees alike: Redis when REDIS_URL
 * is set, else PostgreSQL; in memory only on the embedded single-process database
 * (docs/decisions/009-shared-limits-and-proxies.md).
 */
export interface SharedLimits {
  readonly backend: 'memory' | 'postgres' | 'redis';
  /** One more in the fixed window of `key`. */
  hit(key: string, windowMs: number): Promise<Window>;
  get(key: string): Promise<Window | null>;
  clear(key: string): Promise<void>;
  /** A lease under every key, or null when any key already holds `cap` live leases. */
  acquire(entries: Array<{ key: string; cap: number }>): Promise<Lease | null>;
  close(): Promise<void>;
}

/** A lease lives this long unless its process renews it: a crashed process frees its slots. */
export const LEASE_TTL_MS = 60_000;

const ACQUIRE_LUA = `
local now = tonumber(ARGV[1]); local expires = tonumber(ARGV[2]); local member = ARGV[3]
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[3 + i]) then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('ZADD', key, expires, member)
  redis.call('PEXPIRE', key, expires - now)
end
return 1`;

const HIT_LUA = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

type Held = { keys: string[]; member: string };

function withLeases(
  base: Omit<SharedLimits, 'acquire' | 'close'>,
  take: (keys: Array<{ key: string; cap: number }>, member: string) => Promise<boolean>,
  renew: (held: Held[]) => Promise<void>,
  drop: (held: Held) => Promise<void>,
  shutdown: () => Promise<void>,
): SharedLimits {
  const live = new Map<string, Held>();
  const timer = setInterval(() => void renew([...live.values()]).catch(() => undefined), LEASE_TTL_MS / 3);
  timer.unref();
  return {
    ...base,
    async acquire(entries) {
      const member = randomUUID();
      if (!(await take(entries, member))) return null;
      const held = { keys: entries.map((e) => e.key), member };
      live.set(member, held);
      return {
        release: async () => {
          if (!live.delete(member)) return;
          await drop(held);
        },
      };
    },
    async close() {
      clearInterval(timer);
      await shutdown();
    },
  };
}

function memoryLimits(now: () => number): SharedLimits {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const leases = new Map<string, Set<string>>();
  const get = (key: string) => {
    const w = windows.get(key);
    return w && w.resetAt > now() ? w : undefined;
  };
  return withLeases(
    {
      backend: 'memory',
      async hit(key, windowMs) {
        let w = get(key);
        if (!w) {
          if (windows.size > 100_000) windows.clear();
          w = { count: 0, resetAt: now() + windowMs };
          windows.set(key, w);
        }
        w.count += 1;
        return { count: w.count, resetMs: w.resetAt - now() };
      },
      async get(key) {
        const w = get(key);
        return w ? { count: w.count, resetMs: w.resetAt - now() } : null;
      },
      async clear(key) {
        windows.delete(key);
      },
    },
    async (entries, member) => {
      if (entries.some(({ key, cap }) => (leases.get(key)?.size ?? 0) >= cap)) return false;
      for (const { key } of entries) leases.set(key, (leases.get(key) ?? new Set()).add(member));
      return true;
    },
    async () => undefined,
    async ({ keys, member }) => {
      for (const key of keys) leases.get(key)?.delete(member);
    },
    async () => undefined,
  );
}

function postgresLimits(ctx: AppContext): SharedLimits {
  const repo = limitsRepo(ctx.dbh.db);
  const now = () => ctx.now();
  const windowOf = (w: { count: number; resetAt: Date } | null) =>
    w && { count: w.count, resetMs: w.resetAt.getTime() - ctx.now().getTime() };
  let sweeps = 0;
  return withLeases(
    {
      backend: 'postgres',
      async hit(key, windowMs) {
        // Expired rows go now and then, so the table holds about one window of keys.
        if (++sweeps % 1000 === 0) await repo.sweep(now());
        return windowOf(await repo.hit(key, windowMs, now())) as Window;
      },
      get: async (key) => windowOf(await repo.get(key, now())),
      clear: (key) => repo.clear(key),
    },
    (entries, member) => repo.acquire(entries, member, LEASE_TTL_MS, now()),
    (held) =>
      repo.renew(
        held.map((h) => h.member),
        LEASE_TTL_MS,
        now(),
      ),
    (held) => repo.release(held.member),
    async () => undefined,
  );
}

function redisLimits(url: string): SharedLimits {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
  const prefix = 'chepai:limit:';
  return withLeases(
    {
      backend: 'redis',
      async hit(key, windowMs) {
        const [count, ttl] = (await redis.eval(HIT_LUA, 1, prefix + key, windowMs)) as [number, number];
        return { count, resetMs: ttl };
      },
      async get(key) {
        const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
        return count === null || ttl <= 0 ? null : { count: Number(count), resetMs: ttl };
      },
      async clear(key) {
        await redis.del(prefix + key);
      },
    },
    async (entries, member) => {
      const now = Date.now();
      const keys = entries.map((e) => `${prefix}lease:${e.key}`);
      const caps = entries.map((e) => e.cap);
      const ok = await redis.eval(
        ACQUIRE_LUA,
        keys.length,
        ...keys,
        now,
        now + LEASE_TTL_MS,
        member,
        ...caps,
      );
      return ok === 1;
    },
    async (held) => {
      if (!held.length) return;
      const expires = Date.now() + LEASE_TTL_MS;
      const pipe = redis.pipeline();
      for (const h of held)
        for (const key of h.keys) pipe.zadd(`${prefix}lease:${key}`, 'XX', expires, h.member);
      await pipe.exec();
    },
    async ({ keys, member }) => {
      const pipe = redis.pipeline();
      for (const key of keys) pipe.zrem(`${prefix}lease:${key}`, member);
      await pipe.exec();
    },
    async () => {
      await redis.quit().catch(() => undefined);
    },
  );
}

/** The limits of this app's processes (one per context). */
export const sharedLimits = perContext((ctx: AppContext): SharedLimits =>
  ctx.env.REDIS_URL
    ? redisLimits(ctx.env.REDIS_URL)
    : ctx.dbh.driver === 'pg'
      ? postgresLimits(ctx)
      : memoryLimits(() => ctx.now().getTime()),
);
