import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeTemplate, pgReachable, type SeededTemplate } from './scratch-db';
import { E2E_WORKERS } from './workers';
import { repoRoot, startServer, type RunningServer } from './server';

let servers: RunningServer[] = [];
let dropTemplate: (() => Promise<void>) | undefined;

/**
 * The seeded template the files with a PostgreSQL server of their own copy (deal-setup.ts,
 * `seededDatabase`): its first server migrates and seeds it, once for the run.
 */
async function seededTemplate(): Promise<SeededTemplate | null> {
  if (!(await pgReachable())) return null;
  const made = await makeTemplate(async (url, dataDir) => {
    const server = await startServer({ DATABASE_URL: url, DATA_DIR: dataDir });
    await server.stop();
  });
  dropTemplate = () => made.drop();
  return made.template;
}

/**
 * One real server (own data dir, PGlite, demo data) per e2e worker: two files running at the same
 * time never share the demo accounts and lots they change.
 */
export async function setup(project: TestProject) {
  // The servers run the bundle `npm start` runs (support/server.ts): built here when a source is newer.
  execFileSync(process.execPath, ['apps/server/scripts/build.mjs', '--if-stale'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  // While iterating on one file: point the run at a server that is already up.
  if (process.env.E2E_BASE_URL) return project.provide('baseURLs', [process.env.E2E_BASE_URL]);
  for (const app of ['apps/web', 'apps/console'])
    if (!fs.existsSync(path.join(repoRoot, app, 'dist/index.html')))
      throw new Error(`${app} not built: run \`npm run build\` first (npm run test:e2e does)`);
  const template = seededTemplate();
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
  project.provide('scratchTemplate', await template);
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
  await dropTemplate?.();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[];
    /** Null when the run has none (E2E_BASE_URL, or no PostgreSQL): scratch databases start empty. */
    scratchTemplate: SeededTemplate | null;
  }
}
