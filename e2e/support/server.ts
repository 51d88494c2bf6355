import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/free-port';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** The server's bundle, as `npm start` runs it (decision 052); global-setup.ts builds it when stale. */
export const SERVER_BUNDLE = path.join(repoRoot, 'apps/server/dist/server.js');

/**
 * How the e2e servers run: the bundle `npm start` runs, or the sources through tsx
 * (`E2E_SERVER_ENTRY=source`, to try a change without building it).
 */
const serverArgs = () =>
  process.env.E2E_SERVER_ENTRY === 'source'
    ? ['--import', 'tsx', 'apps/server/src/main.ts']
    : ['--enable-source-maps', SERVER_BUNDLE];

/** Starts the real server on a free port with its own data dir; resolves when healthy. */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, serverArgs(), {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '0',
      // The embedded identity provider and its redirects use this address: the one the browser uses.
      PUBLIC_URL: url,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // E2E_SERVER_LOG=<file>: the server's output is kept there too, to read after a failed run.
  const log = process.env.E2E_SERVER_LOG;
  const keep = (d: Buffer) => {
    output += d.toString();
    if (log) fs.appendFileSync(log, d);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // A first boot (migrations, demo seed) took 45 s at load 11 on this 2-core machine; a bound, not a timing.
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become healthy:\n${output}`);
  return {
    url,
    dataDir,
    process: child,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      if (!env.DATA_DIR) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
