import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import formbody from '@fastify/formbody';
import websocket from '@fastify/websocket';
import { chooseLiveProtocol } from './modules/bidding/live-channel';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { installErrorHandler } from './http/error-handler';
import { unauthorized } from './http/errors';
import { installRateLimit } from './http/rate-limit';
import { installSecurityHeaders } from './http/security-headers';
import { installStatic } from './http/static';
import { lotPageHead } from './modules/lots/lot-page-head';
import { sharedLimits } from './platform/limits/shared-limits';
import { modules } from './modules/index';
import { fastifyTrustProxy } from './config/trust-proxy';
import { lazyChildLogger } from './lib/request-logger';

export const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: ctx.log,
    // The request's child logger is made when it first writes (decision 048).
    childLoggerFactory: lazyChildLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: fastifyTrustProxy(ctx.env.TRUST_PROXY),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    // Long params reach validation and get a Chinese 400 instead of the router's bare 414.
    routerOptions: { maxParamLength: 16_384 },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });

  installSecurityHeaders(app, ctx.env);
  // API JSON above 1 KiB is compressed on the fly (brotli at a fast quality, or gzip); built assets
  // are precompressed and skipped here (docs/decisions/012-web-transport-and-budget.md).
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(formbody);
  await app.register(websocket, { options: { handleProtocols: chooseLiveProtocol } });
  const limits = sharedLimits(ctx);
  app.addHook('onClose', () => limits.close());
  await installRateLimit(app, ctx.env.RATE_LIMIT_PER_MINUTE, limits);
  installErrorHandler(app);

  // Replaced by the accounts module once sessions exist; until then only public endpoints pass.
  app.decorate('checkAuth', async (_request, auth) => {
    if (auth !== 'public') throw unauthorized();
  });

  for (const register of modules) await register(app, ctx);
  await installStatic(app, { web: ctx.env.webDist, console: ctx.env.consoleDist }, lotPageHead(ctx));
  return app;
}
