import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** The WebSocket origin of the public address: https → wss, http → ws. */
const liveOrigin = (publicUrl: string) => {
  const u = new URL(publicUrl);
  return `${u.protocol === 'https:' ? 'wss:' : 'ws:'}//${u.host}`;
};

/**
 * helmet's headers as a plain object, taken once from its middleware: none of ours depends on the
 * request (the CSP has no per-request directive), so every response gets the same ones.
 */
function captured(middleware: ReturnType<typeof helmet>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let finished = false;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err instanceof Error ? err : new Error('helmet refused its options');
    finished = true;
  });
  if (!finished) throw new Error('helmet did not set its headers at once');
  return headers;
}

/**
 * The security headers on every response (docs/decisions/010-production-exposure.md).
 *
 * Built once: @fastify/helmet builds helmet's middleware (parsing the CSP directives) again for every
 * request, 4.6 % of the server's CPU under a bid storm. The API's answers take them as Fastify reply
 * headers, which Node writes with the status line in one pass; set one by one on the raw response
 * (helmet's way) they were a tenth of what a bid allocated, with Node merging them again at
 * `writeHead`. Everything else (pages, files, the OIDC provider, which writes the raw response
 * itself) keeps helmet's middleware on the raw response.
 */
export function installSecurityHeaders(app: FastifyInstance, env: { publicUrl: string; NODE_ENV: string }) {
  const middleware = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The live channel is same-origin; 'self' alone misses ws(s) in older Safari.
        connectSrc: ["'self'", liveOrigin(env.publicUrl)],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // One framing policy: CSP frame-ancestors 'none' (X-Frame-Options SAMEORIGIN contradicted it).
    frameguard: false,
    hsts: env.NODE_ENV === 'production',
  });
  const headers = captured(middleware);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/api/')) {
      reply.headers(headers);
      done();
    } else middleware(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
}
