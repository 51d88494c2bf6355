// The whole suite: unit + integration on the embedded PGlite, then — at the same time — the
// server suite again on the PostgreSQL server (when TEST_DATABASE_URL is set) and the web build
// followed by the e2e tests in Chromium. The e2e stage spends most of its time waiting on the
// browser and on lot clocks, so the PostgreSQL pass fills the idle core instead of adding ten
// minutes after it. Its output is kept in a file and printed when it ends, so the two logs do not
// interleave. TEST_SERIAL=1 runs the stages one after another (for reading a failure calmly).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pgUrl = process.env.TEST_DATABASE_URL;
const serial = process.env.TEST_SERIAL === '1';

/** Runs a command; resolves with its exit code. `logFile` set: output goes there, not to the terminal. */
function run(label, cmd, args, { env = {}, logFile } = {}) {
  const started = Date.now();
  if (!logFile) process.stdout.write(`\n=== ${label} ===\n`);
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      if (logFile) fs.closeSync(out);
      const seconds = Math.round((Date.now() - started) / 1000);
      resolve({ label, ok: code === 0, code: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

/** Runs the steps one after another; stops at the first failure. */
async function sequence(steps) {
  const results = [];
  for (const step of steps) {
    const r = await step();
    results.push(r);
    if (!r.ok) break;
  }
  return results;
}

const pglite = () =>
  run('unit + integration (embedded PGlite)', 'npx', ['vitest', 'run'], { env: { TEST_DATABASE_URL: '' } });
const webAndE2e = () =>
  sequence([
    () => run('web builds (mall and console)', 'npm', ['run', 'build']),
    () => run('e2e (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']),
  ]);
const pgLabel = 'integration (PostgreSQL server)';
const pgArgs = ['vitest', 'run', '--project', 'server'];

const results = [await pglite()];
if (results[0].ok) {
  if (!pgUrl) {
    process.stdout.write('\n(TEST_DATABASE_URL not set: the server suite ran on PGlite only)\n');
    results.push(...(await webAndE2e()));
  } else if (serial) {
    const pg = await run(pgLabel, 'npx', pgArgs, { env: { TEST_DATABASE_URL: pgUrl } });
    results.push(pg);
    if (pg.ok) results.push(...(await webAndE2e()));
  } else {
    const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-test-')), 'postgres-pass.log');
    process.stdout.write(`\n=== ${pgLabel}: running beside the e2e stage, output in ${logFile} ===\n`);
    const pgRun = run(pgLabel, 'npx', pgArgs, { env: { TEST_DATABASE_URL: pgUrl }, logFile });
    const e2e = await webAndE2e();
    const pg = await pgRun;
    process.stdout.write(`\n=== ${pgLabel} (ran beside the e2e stage) ===\n`);
    process.stdout.write(fs.readFileSync(logFile, 'utf8'));
    results.push(pg, ...e2e);
  }
}

process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.ok ? 'passed' : 'FAILED'}  ${r.label} (${r.seconds} s)\n`);
const failed = results.find((r) => !r.ok);
if (failed) process.exit(failed.code || 1);
process.stdout.write('\nAll test stages passed.\n');
