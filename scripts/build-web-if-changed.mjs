// `npm start`: builds each web app (the mall, apps/web, and the operators' console, apps/console)
// only when its inputs changed since its last build, so a restart serves the first page in seconds.
// Inputs: the app (without dist and node_modules), packages/shared and the lock file; their content
// hash is kept in the app's dist/.source-hash, written after a good build (a failed or interrupted
// build leaves none, and the next start builds again).
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const SKIP = new Set(['node_modules', 'dist', '.vite']);

function files(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => !SKIP.has(d.name))
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

const stale = [];
for (const app of ['apps/web', 'apps/console']) {
  const dist = path.join(root, app, 'dist');
  const stamp = path.join(dist, '.source-hash');
  const hash = createHash('sha256');
  for (const file of [...files(path.join(root, app)), ...files(path.join(root, 'packages/shared'))]
    .concat(path.join(root, 'package-lock.json'))
    .sort()) {
    hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
  }
  const digest = hash.digest('hex');

  const built = fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(stamp);
  if (built && fs.readFileSync(stamp, 'utf8').trim() === digest) {
    console.log(`${app}: sources unchanged since the last build, serving ${app}/dist as it is`);
  } else stale.push({ app, stamp, digest });
}

// The apps build side by side: on a fresh clone that is most of the wait for the first page.
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const results = await Promise.all(
  stale.map(
    ({ app }) =>
      new Promise((resolve) =>
        // A production bundle whatever NODE_ENV the shell has: with NODE_ENV=development Vite builds
        // React's development bundle, and the page budget check (rightly) fails the start.
        spawn(npm, ['run', 'build', '-w', app], {
          cwd: root,
          stdio: 'inherit',
          env: { ...process.env, NODE_ENV: 'production' },
        }).on('exit', (code) => resolve(code)),
      ),
  ),
);
for (const [i, code] of results.entries())
  if (code === 0) fs.writeFileSync(stale[i].stamp, `${stale[i].digest}\n`);
const failed = results.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed ?? 1);
