import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { repoRoot, startServer, type RunningServer } from './server';

let server: RunningServer | undefined;

export async function setup(project: TestProject) {
  // While iterating on one file: point the run at a server that is already up.
  if (process.env.E2E_BASE_URL) return project.provide('baseURL', process.env.E2E_BASE_URL);
  for (const app of ['apps/web', 'apps/console'])
    if (!fs.existsSync(path.join(repoRoot, app, 'dist/index.html')))
      throw new Error(`${app} not built: run \`npm run build\` first (npm run test:e2e does)`);
  server = await startServer();
  project.provide('baseURL', server.url);
}

export async function teardown() {
  await server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}
