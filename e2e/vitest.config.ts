import { defineConfig } from 'vitest/config';
import { LongestFirst } from './support/sequencer';
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
    // One bound for every test and hook, far above what they take (the longest test, a lot that
    // closes on its own clock, about 55 s on a quiet machine). It only stops a hung test: on a
    // shared machine under heavy load a test has run three times as long as on a quiet one, and the
    // tighter per-test bounds once set here failed flows that were merely slow. Nothing is timed.
    testTimeout: 240_000,
    // expect.poll gives up after 1 s by default: a search or a page on a loaded 2-core machine
    // takes longer than that to answer. Nothing is timed; this only bounds the wait.
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 300_000,
    // The longest files first (support/sequencer.ts), so that neither worker ends alone.
    sequence: { sequencer: LongestFirst },
    pool: 'forks',
    maxWorkers: E2E_WORKERS,
    minWorkers: E2E_WORKERS,
  },
});
