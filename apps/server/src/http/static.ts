import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';

/** Serves the built SPA; every non-API GET falls back to index.html, API misses get a 404 envelope. */
export async function installStatic(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Files are looked up per request, so a rebuilt bundle is served without a restart.
      wildcard: true,
      index: 'index.html',
      // The build writes .br and .gz beside each asset; they go out as they are, no CPU per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, file) => {
        // Hashed assets never change; index.html always revalidates.
        res.setHeader(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(fail(404, '接口不存在'));
    }
    if (!hasWeb) {
      return reply.code(503).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build');
    }
    // The operators' console is a page of its own (docs/product.md#14-disposal-and-review).
    if (
      request.url === '/console' ||
      request.url.startsWith('/console/') ||
      request.url.startsWith('/console?')
    )
      return reply.header('cache-control', 'no-cache').sendFile('console/index.html');
    return reply.sendFile('index.html');
  });
}
