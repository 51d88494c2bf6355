import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { importCatalogText, type ImportResult } from '../../modules/catalog/catalog-files';
import { catalogUpsertRepo } from '../../modules/catalog/catalog-upsert.repo';
import type { Database } from '../schema';

export const SAMPLE_CATALOG_PATH = new URL('./catalog.sample.json', import.meta.url);
const SAMPLE_HASH_KEY = 'sample_catalog_sha256';

/**
 * Loads the sample catalog once per version of the file: its hash is stored, and an unchanged
 * file is skipped, so a restart costs one small query.
 */
export async function seedSampleCatalog(
  db: Kysely<Database>,
): Promise<{ skipped: boolean; result?: ImportResult }> {
  const text = fs.readFileSync(SAMPLE_CATALOG_PATH, 'utf8');
  const hash = createHash('sha256').update(text).digest('hex');
  const meta = catalogUpsertRepo(db);
  const stored = await meta.metaValue(SAMPLE_HASH_KEY);
  if (stored === hash) return { skipped: true };
  const result = await importCatalogText(db, text, 'json');
  await meta.setMeta(SAMPLE_HASH_KEY, hash);
  return { skipped: false, result };
}
