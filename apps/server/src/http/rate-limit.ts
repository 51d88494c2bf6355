import type { FastifyInstance } from 'fastify';
import { tooMany } from './errors';

/**
 * A per-address fixed window over all API calls: a floor against floods. Finer limits
 * (SMS codes, logins) live with their modules. 0 disables it.
 */
export function installRateLimit(app: FastifyInstance, perMinute: number) {
  if (perMinute <= 0) return;
  const windows = new Map<string, { start: number; count: number }>();
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const now = Date.now();
    const key = request.ip;
    const w = windows.get(key);
    if (!w || now - w.start >= 60_000) {
      if (windows.size > 50_000) windows.clear();
      windows.set(key, { start: now, count: 1 });
      return;
    }
    w.count += 1;
    if (w.count > perMinute) {
      throw tooMany('请求过于频繁，请稍后再试', (w.start + 60_000 - now) / 1000);
    }
  });
}
