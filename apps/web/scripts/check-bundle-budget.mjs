// Fails the build when a page's first-load JavaScript exceeds its gzip ceiling
// (docs/decisions/012-web-transport-and-budget.md). First load of a page = the entry chunk, the page's
// own chunk and every chunk either imports statically (those are preloaded), from Vite's manifest.
// TARGET is where the pages must get to; CEILING is what is enforced today: the figures reached so
// far plus a little headroom, lowered as the remaining work (zod contracts and antd out of the entry)
// lands, so that nothing grows back meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024;
const HOME = 'src/features/home/pages/home-page.tsx';
const TARGET = { home: 200 * KB, page: 250 * KB };
const CEILING = { home: 370 * KB, page: 490 * KB };

const dist = path.resolve(import.meta.dirname, '../dist');
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

const rows = pages.map((page) => {
  const keys = new Set([...entries.flatMap((e) => [...closure(e)]), ...closure(page)]);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
  const bytes = files.reduce((n, f) => n + gzipSize(f), 0);
  const [ceiling, target] = page === HOME ? [CEILING.home, TARGET.home] : [CEILING.page, TARGET.page];
  return {
    page: path.basename(page, '.tsx'),
    kb: bytes / KB,
    note: `ceiling ${ceiling / KB}, target ${target / KB}${bytes > target ? ' not met' : ' met'}`,
    over: bytes > ceiling,
  };
});
rows.sort((a, b) => b.kb - a.kb);
for (const r of rows)
  console.log(
    `${r.over ? '✗' : '✓'} ${r.page.padEnd(30)} ${r.kb.toFixed(1).padStart(6)} KB gzip (${r.note})`,
  );
const over = rows.filter((r) => r.over);
if (over.length) {
  console.error(`JavaScript ceiling exceeded on ${over.map((r) => r.page).join(', ')}`);
  process.exit(1);
}
