// Compiles the server (with @chepai/shared, which ships TypeScript source) into dist/server.js,
// run with plain `node`. Dependencies stay external: native and WASM packages load from node_modules.
// `--if-stale` skips the build when dist/server.js is newer than every source file.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '..');
const sharedSrc = path.resolve(serverRoot, '../../packages/shared/src');
const out = path.join(serverRoot, 'dist/server.js');
const pkg = JSON.parse(fs.readFileSync(path.join(serverRoot, 'package.json'), 'utf8'));

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|json)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(out) ? fs.statSync(out).mtimeMs : 0;
const sources = Math.max(
  newestSource(path.join(serverRoot, 'src')),
  newestSource(sharedSrc),
  fs.statSync(path.join(serverRoot, 'package.json')).mtimeMs,
  fs.statSync(import.meta.filename).mtimeMs,
);
if (process.argv.includes('--if-stale') && built > sources) process.exit(0);

// Assets first: a failed copy must not leave a fresh server.js that --if-stale would trust.
fs.mkdirSync(path.dirname(out), { recursive: true });
// The seed reads the sample catalog beside its own module (db/seed/catalog.ts: SAMPLE_CATALOG_PATH),
// which in the bundle is dist/server.js.
fs.copyFileSync(
  path.join(serverRoot, 'src/db/seed/catalog.sample.json'),
  path.join(serverRoot, 'dist/catalog.sample.json'),
);

await build({
  entryPoints: [path.join(serverRoot, 'src/main.ts')],
  outfile: out,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies).filter((name) => name !== '@chepai/shared'),
  // Bundled CommonJS helpers call require(); ESM output needs it defined.
  banner: {
    js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
  },
  logLevel: 'warning',
});
console.log(`server built: ${path.relative(process.cwd(), out)}`);
