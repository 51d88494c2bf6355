// The whole suite, in two phases:
//   1. side by side: the unit tests (shared rules, web components), the server suite on the
//      embedded PGlite, then the server suite again on the PostgreSQL server (when
//      TEST_DATABASE_URL is set); and the web builds;
//   2. the e2e tests in Chromium, alone.
// The e2e stage is not idle waiting: alone on this 2-core machine it keeps 1.7 cores busy (Chromium
// rendering and axe, two servers). Run beside the server suite, both took three to four times as
// long (PGlite suite 149 s alone, 601 s beside it) and the total was no shorter, while tests that
// were merely slow ran into their bounds; alone, each stage has the machine (decision 042).
// Each stage's output goes to a file and is printed whole when the stage ends, so the logs do not
// interleave. A lane stops at its first failure; e2e runs whenever the builds passed.
// TEST_SERIAL=1 runs the stages one after another with their output live (to read a failure calmly).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const pgUrl = process.env.TEST_DATABASE_URL;
const serial = process.env.TEST_SERIAL === '1';
const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-test-'));
const started = Date.now();
const clock = () => `${Math.round((Date.now() - started) / 1000)} s`;

/** Runs one stage; resolves with its outcome. Output is live when serial, otherwise kept and printed at the end of the stage. */
function run(label, cmd, args, env = {}) {
  const t0 = Date.now();
  const logFile = serial ? null : path.join(logDir, `${label.replace(/\W+/g, '-')}.log`);
  process.stdout.write(serial ? `\n=== ${label} ===\n` : `[${clock()}] started: ${label}\n`);
  const out = logFile ? fs.openSync(logFile, 'w') : 'inherit';
  const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env } });
  return new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      const seconds = Math.round((Date.now() - t0) / 1000);
      const ok = code === 0;
      if (logFile) {
        fs.closeSync(out);
        process.stdout.write(
          `\n=== ${label} (${ok ? 'passed' : 'FAILED'}, ${seconds} s, ended at ${clock()}) ===\n`,
        );
        process.stdout.write(fs.readFileSync(logFile, 'utf8'));
      }
      resolve({ label, ok, code: code ?? (signal ? 1 : 0), seconds, logFile });
    });
  });
}

/** Runs the stages one after another; stops at the first failure. */
async function lane(stages) {
  const results = [];
  for (const stage of stages) {
    const r = await stage();
    results.push(r);
    if (!r.ok) break;
  }
  return results;
}

// The server's test files share a worker's loaded modules (`--no-isolate`): the server keeps no
// state in modules (each app's state hangs off its own context), and loading them per file cost
// about a third of the server suite's CPU. Vitest takes this only from the command line when
// projects are configured. The web's component tests keep a fresh module graph per file.
const server = ['vitest', 'run', '--project', 'server', '--no-isolate'];
const units = () =>
  run('unit (shared rules, web components)', 'npx', [
    'vitest',
    'run',
    '--project',
    'shared',
    '--project',
    'web',
  ]);
const pglite = () => run('integration (embedded PGlite)', 'npx', server, { TEST_DATABASE_URL: '' });
const postgres = () => run('integration (PostgreSQL server)', 'npx', server, { TEST_DATABASE_URL: pgUrl });
const build = () => run('web builds (mall and console)', 'npm', ['run', 'build'], { NODE_ENV: 'production' });
// The e2e servers' own output (warnings and errors) goes to a file (e2e/support/server.ts), printed
// when e2e fails: a click that got no answer is then seen from the server's side too.
const e2eServerLog = process.env.E2E_SERVER_LOG || path.join(logDir, 'e2e-servers.log');
const e2e = () =>
  run('e2e (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts'], {
    E2E_SERVER_LOG: e2eServerLog,
  });

const databaseLane = pgUrl ? [units, pglite, postgres] : [units, pglite];
if (!pgUrl) process.stdout.write('(TEST_DATABASE_URL not set: the server suite runs on PGlite only)\n');
async function phased() {
  const [tests, builds] = await Promise.all([lane(databaseLane), lane([build])]);
  return [...tests, ...builds, ...(builds.every((r) => r.ok) ? [await e2e()] : [])];
}
const results = serial ? await lane([...databaseLane, build, e2e]) : await phased();

// A failed stage's log was printed when it ended, but the other lane's log may have followed
// it; vitest's failure report (from its first 'Failed' heading, or else the last lines) is
// repeated here so the end of the output names the failure (CI shows only the tail). Last, right
// above the summary, each failed test's name and first error line: a CI report that keeps only the
// end of the output still names what failed.
const named = [];
for (const r of results.filter((x) => !x.ok && x.logFile)) {
  const lines = fs
    .readFileSync(r.logFile, 'utf8')
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n');
  const first = lines.findIndex((l) => /Failed (Tests|Suites) \d/.test(l));
  const report = first >= 0 ? lines.slice(first, first + 150) : lines.slice(-120);
  process.stdout.write(`\n=== ${r.label} FAILED: its failure report again ===\n${report.join('\n')}\n`);
  if (r.label.startsWith('e2e') && fs.existsSync(e2eServerLog)) {
    const tail = fs.readFileSync(e2eServerLog, 'utf8').trimEnd().split('\n').slice(-120);
    process.stdout.write(
      `\n=== the e2e servers' last ${tail.length} lines (${e2eServerLog}) ===\n${tail.join('\n')}\n`,
    );
  }
  const failures = lines.flatMap((l, i) =>
    /^\s*FAIL\s/.test(l) ? [l.trim(), `    ${(lines.slice(i + 1).find((n) => n.trim()) ?? '').trim()}`] : [],
  );
  if (failures.length) named.push(`\n=== ${r.label}: what failed ===`, ...failures.slice(0, 24));
}
if (named.length) process.stdout.write(`${named.join('\n')}\n`);
process.stdout.write('\n');
for (const r of results) process.stdout.write(`${r.ok ? 'passed' : 'FAILED'}  ${r.label} (${r.seconds} s)\n`);
process.stdout.write(`whole suite: ${clock()}\n`);
const failed = results.find((r) => !r.ok);
if (failed) process.exit(failed.code || 1);
process.stdout.write('\nAll test stages passed.\n');
