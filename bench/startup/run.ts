/**
 * Start-up as a newcomer and a developer meet it: a fresh clone of this repository's HEAD into a
 * temporary folder, `npm install` there (npm's cache as this machine has it), then `npm start` to
 * the first page (the home page's HTML and `/api/health` both answer), then `RESTARTS` restarts of
 * `npm start` to the first page with nothing changed. Prints each phase's seconds and the load
 * average. The clone has its own PORT and DATA_DIR; it is removed afterwards.
 *
 *   npx tsx bench/startup/run.ts        (BENCH_RESTARTS=3, BENCH_KEEP=1 keeps the clone)
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/free-port';

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const repo = path.resolve(import.meta.dirname, '../..');
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);

async function firstPage(url: string, child: ChildProcess, deadlineMs: number) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await Promise.all([
      fetch(`${url}/home`).then(
        async (r) => r.ok && (await r.text()).includes('<div id="root">'),
        () => false,
      ),
      fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    ]);
    if (ok.every(Boolean)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no first page before the deadline');
}

async function start(dir: string, port: number, dataDir: string) {
  const t0 = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  await firstPage(`http://127.0.0.1:${port}`, child, 600_000);
  const took = seconds(t0);
  process.kill(-(child.pid as number), 'SIGTERM');
  await new Promise((r) => child.once('exit', r));
  return took;
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-startup-'));
try {
  console.log(
    `fresh clone of ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim()} into ${dir}, load average ${load()}`,
  );
  let t0 = performance.now();
  execFileSync('git', ['clone', '--quiet', repo, dir]);
  console.log(`git clone: ${seconds(t0)} s`);
  t0 = performance.now();
  // The README's command as a newcomer types it.
  execFileSync('npm', ['install'], { cwd: dir, stdio: 'ignore' });
  const install = seconds(t0);
  console.log(`npm install: ${install} s (load average ${load()})`);
  const port = await freePort();
  const dataDir = path.join(dir, 'data');
  const first = await start(dir, port, dataDir);
  console.log(
    `npm start to the first page, fresh (builds, migrations, demo data): ${first} s (load average ${load()})`,
  );
  console.log(`install + first start: ${(Number(install) + Number(first)).toFixed(1)} s`);
  for (let i = 1; i <= RESTARTS; i++)
    console.log(
      `restart ${i} to the first page: ${await start(dir, port, dataDir)} s (load average ${load()})`,
    );
} finally {
  if (!process.env.BENCH_KEEP) fs.rmSync(dir, { recursive: true, force: true });
}
