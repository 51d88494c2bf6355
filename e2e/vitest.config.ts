import { defineConfig } from 'vitest/config';
import { E2E_WORKERS } from './support/workers';

/**
 * e2e: one real server (own data dir, PGlite) per worker for the run, files two at a time (each
 * worker on its own server: support/workers.ts); one browser context per test file.
 */
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    setupFiles: ['./support/failure-report.ts'],
    testTimeout: 60_000,
    // expect.poll gives up after 1 s by default: a search or a page on a loaded 2-core machine
    // takes longer than that to answer. Nothing is timed; this only bounds the wait.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    minWorkers: E2E_WORKERS,
  },
});
