import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildServerBundle, SERVER_BUNDLE_BUILT } from './server-process';
import { createTemplateDb, migratedPgliteImage, TEST_PG_TEMPLATE, TEST_PGLITE_IMAGE } from './test-app';

/**
 * Once per run of the server suite: the migrated database every test's database is copied from
 * (test-app.ts, `createTestDb`). On a server a template database, on PGlite an image of a data
 * directory in a temporary file. Both go at the end of the run. On a server also the server bundle
 * (server-process.ts).
 */
export async function setup() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    // The tests that start server processes run on PostgreSQL only: they start the bundle.
    buildServerBundle();
    process.env[SERVER_BUNDLE_BUILT] = '1';
    const template = await createTemplateDb(serverUrl, 'chepai_test_template');
    process.env[TEST_PG_TEMPLATE] = template.name;
    return () => template.drop();
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-pglite-image-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await (await migratedPgliteImage()).arrayBuffer()));
  process.env[TEST_PGLITE_IMAGE] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
