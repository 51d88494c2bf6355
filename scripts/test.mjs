// The whole suite: unit + integration (PGlite; again on the PostgreSQL server when
// TEST_DATABASE_URL is set), then the web build and the e2e tests in Chromium.
import { spawnSync } from 'node:child_process';

const run = (label, cmd, args, env = {}) => {
  process.stdout.write(`\n=== ${label} ===\n`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  if (r.status !== 0) {
    process.stdout.write(`\n${label} failed\n`);
    process.exit(r.status ?? 1);
  }
};

const pgUrl = process.env.TEST_DATABASE_URL;
run('unit + integration (embedded PGlite)', 'npx', ['vitest', 'run'], { TEST_DATABASE_URL: '' });
if (pgUrl)
  run('integration (PostgreSQL server)', 'npx', ['vitest', 'run', '--project', 'server'], {
    TEST_DATABASE_URL: pgUrl,
  });
else process.stdout.write('\n(TEST_DATABASE_URL not set: server suite ran on PGlite only)\n');
run('web builds (mall and console)', 'npm', ['run', 'build']);
run('e2e (Chromium)', 'npx', ['vitest', 'run', '--config', 'e2e/vitest.config.ts']);
process.stdout.write('\nAll test stages passed.\n');
