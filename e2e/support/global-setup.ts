import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { E2E_WORKERS } from './workers';
import { repoRoot, startServer, type RunningServer } from './server';

let servers: RunningServer[] = [];

/**
 * One real server (own data dir, PGlite, demo data) per e2e worker: two files running at the same
 * time never share the demo accounts and lots they change.
 */
export async function setup(project: TestProject) {
  // While iterating on one file: point the run at a server that is already up.
  if (process.env.E2E_BASE_URL) return project.provide('baseURLs', [process.env.E2E_BASE_URL]);
  for (const app of ['apps/web', 'apps/console'])
    if (!fs.existsSync(path.join(repoRoot, app, 'dist/index.html')))
      throw new Error(`${app} not built: run \`npm run build\` first (npm run test:e2e does)`);
  servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  project.provide(
    'baseURLs',
    servers.map((s) => s.url),
  );
}

export async function teardown() {
  await Promise.all(servers.map((s) => s.stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURLs: string[];
  }
}
