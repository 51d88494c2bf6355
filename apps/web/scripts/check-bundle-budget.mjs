// Fails the build when a page's first-load JavaScript exceeds its gzip ceiling
// (docs/decisions/012-web-transport-and-budget.md, 033-a-first-load-without-antd.md). First load of a
// page = the route preload script, the entry chunk, the antd scope (not for pages the route table
// marks `plain`), the page's own chunk and every chunk any of them imports statically (those are
// preloaded), from Vite's manifest and index.html.
//
// The ceiling of a page is its target: 200 KiB for /home, 250 KiB for any other page. Pages that do
// not reach it yet are HELD at what they weigh now plus a little headroom, so that they do not grow;
// lower a held figure whenever a page shrinks, and delete it once the page meets the target.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024;
const HOME = 'src/features/home/pages/home-page.tsx';
const TARGET = { home: 200, page: 250 };
/** KiB, by page file name: pages above their target (figures of 2026-11-25 + 5 KiB, rounded up to 5). */
const HELD = {
  'dispose-car-page': 490,
  'lot-detail-page': 490,
  'order-detail-page': 475,
  'collection-information-page': 465,
  'promise-money-report-page': 435,
  'security-settings-page': 405,
  'deal-car-page': 405,
  'price-record-page': 400,
  'car-calculator-page': 400,
  'buyer-detail-info-page': 395,
  'auction-order-page': 360,
  'messages-page': 355,
  'notice-settings-page': 435,
  'watchlist-page': 350,
  'login-page': 355,
  'invoice-information-page': 345,
  'find-password-page': 345,
  'buyer-registration-page': 340,
  'seller-invoice-page': 340,
  'car-compare-page': 335,
  'seller-security-page': 330,
  'foreshow-hall-page': 315,
  'apply-hall-page': 315,
  'auction-hall-page': 315,
  'result-hall-page': 315,
  'search-hall-page': 315,
  'announcement-list-page': 305,
  'support-list-page': 300,
  'order-success-page': 285,
  'personal-center-layout': 270,
  'support-layout-page': 270,
};

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
}

/** Files of a manifest entry and of everything it imports statically. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(dep, seen);
  return seen;
}

// The mall's pages only: the console (console/index.html) is a separate page with its own entry.
const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry && k === 'index.html');
const pages = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k.includes('/pages/'));
if (!entries.length || !pages.includes(HOME)) throw new Error('manifest without the entry or the home page');

// Every page the route table loads must be a chunk of its own in the manifest, or it would escape
// the check (chunk merging, for one, folds small pages into others and drops their names).
const table = fs.readFileSync(path.join(web, 'src/app/route-table.ts'), 'utf8');
const routed = [...table.matchAll(/import\('\.\.\/(features\/[^']+\/pages\/[^']+)'\)/g)].map(
  (m) => `src/${m[1]}.tsx`,
);
const missing = routed.filter((p) => !pages.includes(p));
if (!routed.length || missing.length) {
  console.error(
    `pages of the route table without a chunk of their own: ${missing.join(', ') || '(none found)'}`,
  );
  process.exit(1);
}

// zod's schema classes name themselves ("ZodObject"); in the entry they mean the contract split
// (apps/web/build/contract-routes.ts) no longer keeps the schemas out of the first load.
const entryFiles = [...new Set(entries.flatMap((e) => [...closure(e)]))].map((k) => manifest[k].file);
const zodInEntry = entryFiles.filter((f) =>
  fs.readFileSync(path.join(dist, f), 'utf8').includes('"ZodObject"'),
);
if (zodInEntry.length) {
  console.error(
    `zod's schemas are in the entry (${zodInEntry.join(', ')}): see docs/decisions/032-contract-routes-in-the-web-bundle.md`,
  );
  process.exit(1);
}

// A page renders inside antd's scope, loaded beside the page's chunk (src/app/router.tsx), unless
// the route table marks it `plain`.
const SCOPE = 'src/app/antd-scope.tsx';
if (!manifest[SCOPE]) throw new Error(`manifest without ${SCOPE}`);
const plain = new Set(
  [...table.matchAll(/plain: true \},\s*page: \(\) => import\('\.\.\/(features\/[^']+)'\)/g)].map(
    (m) => `src/${m[1]}.tsx`,
  ),
);
// The route preload script (build/route-preload.ts) is in index.html: part of every first load.
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const classic = [...html.matchAll(/<script src="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);

const rows = pages.map((page) => {
  const keys = new Set([
    ...entries.flatMap((e) => [...closure(e)]),
    ...(plain.has(page) ? [] : closure(SCOPE)),
    ...closure(page),
  ]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const bytes = [...files, ...classic].reduce((n, f) => n + gzipSize(f), 0);
  const name = path.basename(page, '.tsx');
  const target = page === HOME ? TARGET.home : TARGET.page;
  const ceiling = HELD[name] ?? target;
  return {
    page: name + (plain.has(page) ? ' (plain)' : ''),
    kb: bytes / KB,
    note: ceiling === target ? `target ${target}` : `target ${target} not met, held at ${ceiling}`,
    over: bytes > ceiling * KB,
  };
});
rows.sort((a, b) => b.kb - a.kb);
for (const r of rows)
  console.log(
    `${r.over ? '✗' : '✓'} ${r.page.padEnd(30)} ${r.kb.toFixed(1).padStart(6)} KiB gzip (${r.note})`,
  );
const over = rows.filter((r) => r.over);
const stale = Object.keys(HELD).filter((name) => !pages.some((p) => path.basename(p, '.tsx') === name));
if (stale.length) console.error(`held figures for pages that no longer exist: ${stale.join(', ')}`);
if (over.length) console.error(`JavaScript ceiling exceeded on ${over.map((r) => r.page).join(', ')}`);
if (over.length || stale.length) process.exit(1);
