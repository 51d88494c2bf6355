import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { fail } from './envelope';

/** Where the two built web apps are: the mall, and the operators' console under /console/. */
export interface WebDists {
  web: string;
  console: string;
}

/**
 * Tags for the <head> of the mall's page at a path (a lot page's picture preload), or '' for none.
 * Never throws: a page without its hint is still the page.
 */
export type PageHead = (pathname: string) => Promise<string>;

/** The mall's index.html with `tags` before </head>; the file is read again only when it changed. */
function indexWithHead(dir: string) {
  let cached: { mtimeMs: number; html: string } | null = null;
  return (tags: string) => {
    const file = path.join(dir, 'index.html');
    const { mtimeMs } = fs.statSync(file);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: fs.readFileSync(file, 'utf8') };
    return cached.html.replace('</head>', `${tags}</head>`);
  };
}

const isConsole = (url: string) =>
  url === '/console' || url.startsWith('/console/') || url.startsWith('/console?');

/** Cache headers of a built file: hashed assets never change; index.html always revalidates. */
function setHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
  res.setHeader(
    'cache-control',
    file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
  );
}

/**
 * Serves the built SPAs; every non-API GET falls back to its app's index.html, API misses get a 404
 * envelope. The console is an app of its own (docs/decisions/018-disposal-orders-and-the-console.md).
 */
export async function installStatic(
  app: FastifyInstance,
  dists: WebDists,
  headFor: PageHead = async () => '',
) {
  const hasWeb = fs.existsSync(path.join(dists.web, 'index.html'));
  const hasConsole = fs.existsSync(path.join(dists.console, 'index.html'));
  const webIndex = indexWithHead(dists.web);
  const options = {
    // Files are looked up per request, so a rebuilt bundle is served without a restart.
    wildcard: true,
    index: 'index.html',
    // The build writes .br and .gz beside each asset; they go out as they are, no CPU per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders,
  } as const;
  if (hasWeb) await app.register(fastifyStatic, { ...options, root: dists.web });
  if (hasConsole)
    await app.register(fastifyStatic, {
      ...options,
      root: dists.console,
      prefix: '/console/',
      decorateReply: false,
    });
  app.setNotFoundHandler(async (request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      request.url === '/api' ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    ) {
      return reply.code(404).send(fail(404, '接口不存在'));
    }
    const forConsole = isConsole(request.url);
    if (!(forConsole ? hasConsole : hasWeb)) {
      return reply.code(503).type('text/plain; charset=utf-8').send('前端尚未构建：请运行 npm run build');
    }
    if (forConsole) return reply.header('cache-control', 'no-cache').sendFile('index.html', dists.console);
    const tags = await headFor(request.url.split('?')[0] ?? '/');
    if (!tags) return reply.sendFile('index.html');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(webIndex(tags));
  });
}
