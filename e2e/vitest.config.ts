import { defineConfig } from 'vitest/config';

/** e2e: one real server (own data dir, PGlite) for the run; one browser context per test file. */
export default defineConfig({
  test: {
    root: 'e2e',
    include: ['**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    pool: 'forks',
  },
});
