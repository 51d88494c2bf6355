// `npm start`: builds the web app only when its inputs changed since the last build, so a restart
// serves the first page in seconds. Inputs: apps/web (without dist and node_modules), packages/shared
// and the lock file; their content hash is kept in dist/.source-hash, written after a good build
// (a failed or interrupted build leaves none, and the next start builds again).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist');
const stamp = path.join(dist, '.source-hash');
const SKIP = new Set(['node_modules', 'dist', '.vite']);

function files(dir) {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => !SKIP.has(d.name))
    .flatMap((d) => (d.isDirectory() ? files(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

const hash = createHash('sha256');
for (const file of [...files(path.join(root, 'apps/web')), ...files(path.join(root, 'packages/shared'))]
  .concat(path.join(root, 'package-lock.json'))
  .sort()) {
  hash.update(path.relative(root, file)).update('\0').update(fs.readFileSync(file)).update('\0');
}
const digest = hash.digest('hex');

const built = fs.existsSync(path.join(dist, 'index.html')) && fs.existsSync(stamp);
if (built && fs.readFileSync(stamp, 'utf8').trim() === digest) {
  console.log('web: sources unchanged since the last build, serving apps/web/dist as it is');
} else {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const run = spawnSync(npm, ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
  fs.writeFileSync(stamp, `${digest}\n`);
}
