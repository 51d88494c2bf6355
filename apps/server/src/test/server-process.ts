import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

/** Set by the server suite's global setup once it has built this checkout's bundle. */
export const SERVER_BUNDLE_BUILT = 'CHEPAI_TEST_SERVER_BUNDLE_BUILT';

/** Builds this checkout's server bundle unless it is newer than every source (scripts/build.mjs). */
export function buildServerBundle(root = repoRoot) {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    cwd: path.join(root, 'apps/server'),
    encoding: 'utf8',
  });
  if (build.status !== 0) throw new Error(`server build failed:\n${build.stdout}${build.stderr}`);
}

/**
 * A real server process on a PostgreSQL database, or — with `databaseUrl` null — on the embedded
 * database in `env.DATA_DIR`. `nodeArgs` go to node (a bench's `--cpu-prof`); `root` is the checkout
 * whose server runs (a bench compares two). `entry`: the sources through tsx, or the bundle
 * `npm start` runs, built first when stale (benches: what ships). The server suite's global setup
 * builds the bundle once on PostgreSQL (where its tests start processes) and makes it the default
 * there: a process boots on 2 s of CPU instead of 4.3 s through tsx, and what is tested is what ships.
 */
export async function startServerProcess(
  databaseUrl: string | null,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
  root = repoRoot,
  entry: 'source' | 'built' = process.env[SERVER_BUNDLE_BUILT] ? 'built' : 'source',
) {
  const port = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const serverDir = path.join(root, 'apps/server');
  if (entry === 'built' && !(root === repoRoot && process.env[SERVER_BUNDLE_BUILT])) {
    buildServerBundle(root);
  }
  // As scripts/start.mjs runs it: from apps/server, with source maps.
  const [cwd, args] =
    entry === 'built'
      ? [serverDir, [...nodeArgs, '--enable-source-maps', 'dist/server.js']]
      : [root, [...nodeArgs, '--import', 'tsx', 'apps/server/src/main.ts']];
  const child = spawn(process.execPath, args, {
    cwd,
    env: {
      ...inherited,
      NODE_ENV: 'development',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-proc-')),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      WS_PER_ADDRESS: '0',
      WS_PER_USER: '0',
      SCHEDULER_INTERVAL_MS: '200',
      WEB_DIST: '/nonexistent',
      CONSOLE_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 90_000; ;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${output}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (healthy) break;
    await new Promise((r) => setTimeout(r, 250));
  }
  const exited = new Promise((r) => child.once('exit', r));
  return {
    url,
    pid: child.pid,
    output: () => output,
    /** kill -9: no shutdown hooks, connections cut mid-transaction. */
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
}
