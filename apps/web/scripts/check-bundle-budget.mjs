// Fails the build when a page's first-load JavaScript exceeds its gzip ceiling
// (docs/decisions/012-web-transport-and-budget.md, 033-a-first-load-without-antd.md,
// 034-every-public-page-under-its-ceiling.md). It goes by page address: every address of the route
// table that shows a page, as the build's route preload plugin (build/route-preload.ts) lists it in
// dist/.vite/route-pages.json. First load of an address = the route preload script, the entry chunk
// and what the preload script adds for that address: the antd scope (not for pages the route table
// marks `plain`), the chunks of every page of the route chain (a layout and its child) and every
// chunk they import statically. A seller's variant of a shared address is weighed too.
//
// The ceiling of an address is its target: 200 KiB for /home, 250 KiB for any other. Whether an
// address is public comes from the route table (no permission on it or around it), so a new public
// route is weighed against the target from its first build, and a page can be held above its target
// only by naming its address below. Pages above the target are HELD at what they weigh now plus a
// little headroom, so that they do not grow; lower a held figure whenever a page shrinks, and delete it
// once it meets the target. A held public page is printed as a target not met.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const KB = 1024;
const HOME = '/home';
const TARGET = { home: 200, page: 250 };
/**
 * KiB, by address (` (seller)` for a seller's variant): pages above their target, at their weight of
 * 2026-11-30 plus about 5 KiB. A public page here is a target not met, printed as such.
 */
const HELD = {
  // none: the last held page, /disposeCar, met its target with decision 059
};

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');

const gzipSizes = new Map();
function gzipSize(file) {
  if (!gzipSizes.has(file))
    gzipSizes.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipSizes.get(file);
}

const routes = JSON.parse(fs.readFileSync(path.join(dist, '.vite/route-pages.json'), 'utf8'));
if (!routes.pages.some((p) => p.address === HOME)) throw new Error(`route-pages.json without ${HOME}`);

// Every page the route table loads must be found in a chunk, or its weight would escape the check. A
// small page merged into a shared chunk (docs/decisions/039-fewer-smaller-chunks.md) is weighed with
// that chunk and everything it imports.
const unchunked = [...new Set(routes.pages.flatMap((p) => p.unchunked))];
if (unchunked.length) {
  console.error(`pages of the route table in no chunk of the build: ${unchunked.join(', ')}`);
  process.exit(1);
}

// zod's schema classes name themselves ("ZodObject"); in the entry they mean the contract split
// (apps/web/build/contract-routes.ts) no longer keeps the schemas out of the first load.
const zodInEntry = routes.entry.filter(
  (f) => f.endsWith('.js') && fs.readFileSync(path.join(dist, f), 'utf8').includes('"ZodObject"'),
);
if (zodInEntry.length) {
  console.error(
    `zod's schemas are in the entry (${zodInEntry.join(', ')}): see docs/decisions/032-contract-routes-in-the-web-bundle.md`,
  );
  process.exit(1);
}

const weigh = (files) => [routes.preload, ...new Set(files)].reduce((n, f) => n + gzipSize(f), 0);
const rows = routes.pages.flatMap((p) => {
  const variants = [['', p.files]];
  if (p.sellerFiles.join() !== p.files.join()) variants.push([' (seller)', p.sellerFiles]);
  return variants.map(([variant, files]) => {
    const bytes = weigh(files);
    const target = p.address === HOME ? TARGET.home : TARGET.page;
    const held = HELD[p.address + variant];
    const ceiling = held ?? target;
    return {
      address: p.address + variant,
      kind: `${p.public ? 'public' : 'login '}${p.plain ? ' plain' : '      '}`,
      kb: bytes / KB,
      note:
        ceiling === target
          ? `target ${target}`
          : `target ${target} NOT MET${p.public ? ' ON A PUBLIC PAGE' : ''}, held at ${ceiling}`,
      over: bytes > ceiling * KB,
      // A held page that meets its target again must lose its held figure.
      met: held !== undefined && bytes <= target * KB,
    };
  });
});
rows.sort((a, b) => b.kb - a.kb);
for (const r of rows)
  console.log(
    `${r.over ? '✗' : '✓'} ${r.address.padEnd(48)} ${r.kind} ${r.kb.toFixed(1).padStart(6)} KiB gzip (${r.note})`,
  );
const over = rows.filter((r) => r.over);
const stale = Object.keys(HELD).filter((a) => !rows.some((r) => r.address === a));
const met = rows.filter((r) => r.met);
if (met.length)
  console.error(
    `held pages that meet their target now (delete them from HELD): ${met.map((r) => r.address).join(', ')}`,
  );
if (stale.length) console.error(`held figures for addresses that no longer exist: ${stale.join(', ')}`);
if (over.length) console.error(`JavaScript ceiling exceeded on ${over.map((r) => r.address).join(', ')}`);
if (over.length || stale.length || met.length) process.exit(1);
