import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { SharedLimits } from '../platform/limits/shared-limits';
import { tooMany } from './errors';

/** @fastify/rate-limit's store interface over the shared counters (one fixed window per key). */
function storeOver(limits: SharedLimits, prefix = 'floor:') {
  return class SharedStore {
    // The plugin passes the window as a third argument its types leave out.
    incr(
      key: string,
      cb: (err: Error | null, res?: { current: number; ttl: number }) => void,
      windowMs = 60_000,
    ) {
      limits.hit(prefix + key, windowMs).then(
        (w) => cb(null, { current: w.count, ttl: Math.max(0, w.resetMs) }),
        (err: Error) => cb(err),
      );
    }
    child(routeOptions: { routeInfo?: { method?: unknown; url?: unknown } }) {
      const route = routeOptions.routeInfo ?? {};
      return new (storeOver(limits, `${prefix}${String(route.method)}${String(route.url)}:`))();
    }
  };
}

/**
 * A per-address floor over all API calls, counted once for every process
 * (docs/decisions/009-shared-limits-and-proxies.md). Finer limits (SMS codes, logins, live
 * connections) live with their modules. 0 disables it.
 */
export async function installRateLimit(app: FastifyInstance, perMinute: number, limits: SharedLimits) {
  await app.register(rateLimit, {
    global: perMinute > 0,
    max: perMinute,
    timeWindow: 60_000,
    hook: 'onRequest',
    store: storeOver(limits) as unknown as FastifyRateLimitStoreCtor,
    keyGenerator: (request) => request.ip,
    allowList: (request) => !request.url.startsWith('/api/'),
    // A counter store that is down must not take the site with it.
    skipOnError: true,
    errorResponseBuilder: (_request, context) => tooMany('请求过于频繁，请稍后再试', context.ttl / 1000),
  });
}
