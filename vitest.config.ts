import react from '@vitejs/plugin-react';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Shared by every project: fast-check honours FC_SEED (see vitest.setup.ts).
const setupFiles = [fileURLToPath(new URL('./vitest.setup.ts', import.meta.url))];

/** Unit and integration tests; e2e has its own config (e2e/vitest.config.ts). */
export default defineConfig({
  test: {
    // Worker threads, not child processes: a thread starts faster, and V8 compiles PGlite's WASM once
    // per process instead of once per test file. On this 2-core machine the server suite on PGlite
    // went from 322 s and 560 CPU-s (two forks) to 222 s and 381 CPU-s. Vitest's default of one
    // worker fewer than the cores left one of the two cores idle.
    pool: 'threads',
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles,
          globalSetup: ['src/test/global-setup.ts'],
          // A test that opens its own database (PGlite start-up and migrations) took over 30 s on
          // this 2-core machine under load; the cap only bounds a hung test, nothing is timed.
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles,
          // antd component tests under jsdom take seconds on a loaded 2-core machine; the default
          // 5 s cap failed them there (no timing is asserted, this only bounds a hung test).
          testTimeout: 20_000,
        },
      },
    ],
  },
});
