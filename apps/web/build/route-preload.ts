import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { transformWithEsbuild, type Plugin, type Rollup } from 'vite';

// The first load of a page is a chain: the entry, then (once it runs and the router matches the
// address) the page's chunk and the antd scope with what they import. This plugin writes a small
// script, loaded from <head> before the entry, that adds <link rel="modulepreload"> for the chunks
// of the page at the address, so the browser fetches them beside the entry instead of after it
// (docs/decisions/033-a-first-load-without-antd.md). Only the mall's index.html gets it.

interface TableRoute {
  path: string;
  index?: boolean;
  meta: { plain?: boolean; permission: string[] };
  page?: () => unknown;
  sellerPage?: () => unknown;
  firstRequest?: { method: string; url: string; param: string; image?: Array<string | number> };
  children?: TableRoute[];
}

/** A page's first request as the script sends it: method, URL, body field, its path segment, image path. */
type ScriptRequest = [string, string, string, number, Array<string | number> | null];
/** One row of the script's table: address pattern, buyer's and seller's files (by index), request. */
export type ScriptRow = [string, number[], number[], ScriptRequest | 0];

/**
 * The script itself, plain ES5 so that it runs before anything else, in any browser. For the page
 * at the address it adds <link rel="modulepreload"> for its chunks (the seller's variant when the
 * stored role is seller), and, when the page names a first request, sends it with the session's
 * token, keeps the answer for the request layer (src/lib/first-request.ts) and preloads the
 * picture the answer names (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
 */
export function preloadScript(names: string[], table: ScriptRow[]): string {
  return (
    `(function(){var n=${JSON.stringify(names)},t=${JSON.stringify(table)},p=location.pathname,s=false,k='';` +
    `try{s=localStorage.getItem('role')==='seller';var u=JSON.parse(localStorage.getItem('user')||'null');` +
    `if(u&&typeof u.token==='string')k=u.token}catch(e){}` +
    `for(var i=0;i<t.length;i++)if(new RegExp(t[i][0]).test(p)){var f=t[i][s?2:1];` +
    `for(var j=0;j<f.length;j++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
    `l.href='/'+n[f[j]];document.head.appendChild(l)}` +
    `if(t[i][3]&&window.fetch)try{q(t[i][3])}catch(e){}break}` +
    `function q(r){var b={},h={'Content-Type':'application/json;charset=UTF-8'};` +
    `b[r[2]]=decodeURIComponent(p.split('/')[r[3]]||'');b=JSON.stringify(b);if(k)h.Authorization=k;` +
    `window.__firstRequest={key:r[0]+' '+r[1]+' '+b+' '+k,at:Date.now(),` +
    `response:fetch(r[1],{method:r[0],headers:h,body:b,credentials:'include'}).then(function(x){var d={};` +
    `x.headers.forEach(function(v,m){d[m.toLowerCase()]=v});return x.text().then(function(tx){` +
    `if(r[4]&&x.ok)img(tx,r[4]);return{status:x.status,headers:d,body:tx}})})}}` +
    `function img(tx,w){try{var d=JSON.parse(tx).data;for(var z=0;z<w.length&&d;z++)d=d[w[z]];` +
    `if(typeof d!=='string')return;var l=document.createElement('link');l.rel='preload';l.as='image';` +
    `l.href=d;l.setAttribute('fetchpriority','high');document.head.appendChild(l)}catch(e){}}})();\n`
  );
}

/** The route's first request for the script; its parameter must be a segment of the address. */
function scriptRequest(r: TableRoute, full: string): ScriptRequest | 0 {
  if (!r.firstRequest) return 0;
  const { method, url, param, image } = r.firstRequest;
  const segment = full.split('/').indexOf(`:${param}`);
  if (segment < 0) throw new Error(`route preload: ${full} has no parameter :${param} for its first request`);
  return [method, `/api${url}`, param, segment, image ?? null];
}

/** The route table, read as data: its page loaders are never called, only their source read. */
async function loadRouteTable(file: string): Promise<TableRoute[]> {
  const js = await transformWithEsbuild(fs.readFileSync(file, 'utf8'), file, { loader: 'ts' });
  const mod = (await import(`data:text/javascript;base64,${Buffer.from(js.code).toString('base64')}`)) as {
    layoutRoutes: TableRoute[];
    bareRoutes: TableRoute[];
  };
  return [...mod.layoutRoutes, ...mod.bareRoutes];
}

/** `() => import('../features/x/pages/y')` → the absolute file it loads. */
function loaderTarget(loader: (() => unknown) | undefined, dir: string): string | null {
  const spec = loader && /import\(["']([^"']+)["']\)/.exec(loader.toString())?.[1];
  if (!spec) return null;
  const base = path.resolve(dir, spec);
  return ['.tsx', '.ts'].map((ext) => base + ext).find((f) => fs.existsSync(f)) ?? null;
}

/** A route path of the table as a regular expression over location.pathname. */
export function pathPattern(full: string): string {
  const body = full
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg === '*') return '(?:/.*)?';
      if (/^:\w+\?$/.test(seg)) return '(?:/[^/]+)?';
      if (seg.startsWith(':')) return '/[^/]+';
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return `^${body}/?$`;
}

/**
 * What `scripts/check-bundle-budget.mjs` weighs: for every address of the route table that shows a
 * page, the JavaScript its first load fetches (the preload script, the entry and what the preload
 * script adds for it), written to `dist/.vite/route-pages.json`.
 */
export interface RoutePage {
  /** The address as the route table writes it, e.g. `/carAuction/carAuctionDetail/:orderId`. */
  address: string;
  /** No permission on the route or any route around it: any visitor may open it. */
  public: boolean;
  plain: boolean;
  /** The page files of the route chain (buyer / visitor variant), relative to the web app. */
  pages: string[];
  /** Page files of the chain in no chunk at all (the check would not see their weight). */
  unchunked: string[];
  /**
   * Every JavaScript file of the first load but the preload script (the report's `preload`), for a
   * buyer or visitor and for a seller.
   */
  files: string[];
  sellerFiles: string[];
}

/** What `chunkFiles` needs of a Rollup output chunk. */
export type ChunkInfo = Pick<
  Rollup.OutputChunk,
  'fileName' | 'facadeModuleId' | 'isDynamicEntry' | 'moduleIds' | 'imports'
>;

/**
 * The entry's files, and the files a page's first load adds to them: the chunks of its route chain's
 * page modules (`targets`, null for a route without a page) and what they import, and the antd
 * scope's unless the page is plain.
 */
export function chunkFiles(chunks: ChunkInfo[], entryChunk: ChunkInfo | undefined, scopeModule: string) {
  // A module's chunk: the chunk it is the facade of, or else the dynamic entry chunk holding it
  // (Rollup drops the facade of a page whose chunk also exports modules to its own lazy parts),
  // or else whichever chunk holds it: a small page merged into a shared chunk
  // (`experimentalMinChunkSize` in vite.config.ts) loads that chunk and what it imports, and is
  // weighed so. Chunks without a facade are not keyed by it (a null key would match anything).
  const byModule = new Map<string, ChunkInfo>();
  for (const c of chunks) if (c.facadeModuleId) byModule.set(c.facadeModuleId, c);
  for (const c of chunks)
    if (c.isDynamicEntry && !c.facadeModuleId)
      for (const id of c.moduleIds) if (!byModule.has(id)) byModule.set(id, c);
  for (const c of chunks) for (const id of c.moduleIds) if (!byModule.has(id)) byModule.set(id, c);
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (c: ChunkInfo | undefined, seen = new Set<string>()) => {
    if (!c || seen.has(c.fileName)) return seen;
    seen.add(c.fileName);
    for (const dep of c.imports) closure(byFile.get(dep), seen);
    return seen;
  };
  const entry = closure(entryChunk);
  const scopeChunk = byModule.get(scopeModule);
  if (!scopeChunk) throw new Error('route preload: the antd scope is not a chunk of its own');
  const scope = closure(scopeChunk);
  return {
    entry,
    filesOf: (targets: Array<string | null>, plain: boolean) => {
      const files = new Set(plain ? [] : scope);
      // A route without a page of its own (a group such as 平台公告) adds nothing.
      for (const t of targets) if (t) for (const f of closure(byModule.get(t))) files.add(f);
      return [...files].filter((f) => !entry.has(f)).sort();
    },
    /** Whether a module is in some chunk (a page in none would escape the weighing). */
    chunked: (id: string) => byModule.has(id),
  };
}

export function routePreload(webRoot: string): Plugin {
  let file = '';
  let code = '';
  let report: { preload: string; entry: string[]; pages: RoutePage[] } | null = null;
  return {
    name: 'chepai:route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle || path.resolve(ctx.filename) !== path.join(webRoot, 'index.html')) return;
        const appDir = path.join(webRoot, 'src/app');
        const chunks = Object.values(ctx.bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
        const scopeModule = path.join(webRoot, 'src/components/antd-scope.tsx');
        const { entry, filesOf: filesOfTargets, chunked } = chunkFiles(chunks, ctx.chunk, scopeModule);
        const filesOf = (loaders: Array<(() => unknown) | undefined>, plain: boolean) =>
          filesOfTargets(
            loaders.map((l) => loaderTarget(l, appDir)),
            plain,
          );
        const rows: Array<[string, string[], string[], ScriptRequest | 0]> = [];
        const pages: RoutePage[] = [];
        const walk = (routes: TableRoute[], parent: string, loaders: TableRoute[]) => {
          for (const r of routes) {
            const full = r.index ? parent : `${parent}/${r.path}`;
            const chain = [...loaders, r];
            // A layout with child routes is shown only with one of them: its children are weighed.
            if (r.page && !r.children) {
              const targets = chain.flatMap((x) => [x.page, x.sellerPage]).filter(Boolean);
              const files = (f: string[]) => [...entry, ...f].filter((x) => x.endsWith('.js'));
              pages.push({
                address: full,
                public: chain.every((x) => x.meta.permission.length === 0),
                plain: Boolean(r.meta.plain),
                pages: chain
                  .map((x) => loaderTarget(x.page, appDir))
                  .filter((x): x is string => Boolean(x))
                  .map((x) => path.relative(webRoot, x)),
                unchunked: targets
                  .map((l) => loaderTarget(l, appDir) ?? String(l))
                  .filter((x) => !chunked(x))
                  .map((x) => path.relative(webRoot, x)),
                files: files(
                  filesOf(
                    chain.map((x) => x.page),
                    Boolean(r.meta.plain),
                  ),
                ),
                sellerFiles: files(
                  filesOf(
                    chain.map((x) => x.sellerPage ?? x.page),
                    Boolean(r.meta.plain),
                  ),
                ),
              });
            }
            if (r.page) {
              const buyer = filesOf(
                chain.map((x) => x.page),
                Boolean(r.meta.plain),
              );
              const seller = filesOf(
                chain.map((x) => x.sellerPage ?? x.page),
                Boolean(r.meta.plain),
              );
              rows.push([pathPattern(full), buyer, seller, scriptRequest(r, full)]);
            }
            if (r.children) walk(r.children, full, chain);
          }
        };
        walk(await loadRouteTable(path.join(appDir, 'route-table.ts')), '', []);
        // Files once, rows by index: the script is on every first load, so it stays small.
        const names = [...new Set(rows.flatMap(([, b, s]) => [...b, ...s]))];
        const table: ScriptRow[] = rows.map(([p, b, s, r]) => [
          p,
          b.map((f) => names.indexOf(f)),
          s.map((f) => names.indexOf(f)),
          r,
        ]);
        code = preloadScript(names, table);
        file = `assets/route-preload-${createHash('sha256').update(code).digest('hex').slice(0, 8)}.js`;
        report = { preload: file, entry: [...entry], pages };
        // Deferred, and before the entry: it runs first without holding up the first paint.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('route preload: index.html has no module entry script');
        return `${html.slice(0, at)}<script defer src="/${file}"></script>\n    ${html.slice(at)}`;
      },
    },
    writeBundle(options) {
      const dir = options.dir ?? path.join(webRoot, 'dist');
      if (file) fs.writeFileSync(path.join(dir, file), code);
      if (report) {
        fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
        fs.writeFileSync(path.join(dir, '.vite/route-pages.json'), JSON.stringify(report, null, 1));
      }
    },
  };
}
