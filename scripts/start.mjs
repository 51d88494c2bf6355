// `npm start`: builds the web apps only when their sources changed (build-web-if-changed.mjs), the
// server only when it is stale, then runs the server. One npm process instead of two: on this
// two-core machine every npm start-up costs about a second of the restart's 5 s
// (docs/decisions/013-build-web-only-when-changed.md).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const server = path.join(root, 'apps/server');
const node = process.execPath;

for (const [script, cwd, args] of [
  [path.join(root, 'scripts/build-web-if-changed.mjs'), root, []],
  [path.join(server, 'scripts/build.mjs'), server, ['--if-stale']],
]) {
  const run = spawnSync(node, [script, ...args], { cwd, stdio: 'inherit' });
  if (run.status !== 0) process.exit(run.status ?? 1);
}

const child = spawn(node, ['--enable-source-maps', 'dist/server.js'], { cwd: server, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
