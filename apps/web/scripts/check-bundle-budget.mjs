// Fails the build when a page's first-load JavaScript exceeds its gzip ceiling
// (docs/decisions/012-web-transport-and-budget.md, 033-a-first-load-without-antd.md). First load of a
// page = the entry chunk, the antd scope, the page's own chunk and every chunk any of them imports
// statically (those are preloaded), from Vite's manifest. The scope is counted for every page, also
// for those the route table marks `plain`, which do not load it: an upper bound for them.
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
/** KiB, by page file name: pages above their target (figures of 2026-11-26 + about 5 KiB). */
const HELD = {
  'dispose-car-page': 485,
  'lot-detail-page': 485,
  'order-detail-page': 470,
  'collection-information-page': 460,
  'promise-money-report-page': 430,
  'security-settings-page': 400,
  'deal-car-page': 400,
  'price-record-page': 395,
  'car-calculator-page': 395,
  'buyer-detail-info-page': 390,
  'auction-order-page': 355,
  'messages-page': 350,
  'login-page': 350,
  'invoice-information-page': 340,
  'find-password-page': 340,
  'buyer-registration-page': 335,
  'seller-invoice-page': 335,
  'car-compare-page': 330,
  'seller-security-page': 325,
  'foreshow-hall-page': 310,
  'apply-hall-page': 310,
  'auction-hall-page': 310,
  'result-hall-page': 310,
  'search-hall-page': 310,
  'announcement-list-page': 300,
  'support-list-page': 295,
  'order-success-page': 280,
  'personal-center-layout': 265,
  'support-layout-page': 265,
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

// Every page renders inside antd's scope, loaded beside the page's chunk (src/app/router.tsx).
const SCOPE = 'src/app/antd-scope.tsx';
if (!manifest[SCOPE]) throw new Error(`manifest without ${SCOPE}`);

const rows = pages.map((page) => {
  const keys = new Set([...entries.flatMap((e) => [...closure(e)]), ...closure(SCOPE), ...closure(page)]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((n, f) => n + gzipSize(f), 0);
  const name = path.basename(page, '.tsx');
  const target = page === HOME ? TARGET.home : TARGET.page;
  const ceiling = HELD[name] ?? target;
  return {
    page: name,
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
const stale = Object.keys(HELD).filter((name) => !rows.some((r) => r.page === name));
if (stale.length) console.error(`held figures for pages that no longer exist: ${stale.join(', ')}`);
if (over.length) console.error(`JavaScript ceiling exceeded on ${over.map((r) => r.page).join(', ')}`);
if (over.length || stale.length) process.exit(1);
