import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Rejected } from './catalog-schemas';
import { validateCatalog } from './catalog-validation';
import { catalogToCsv, parseCatalogCsv } from './catalog-csv';
import { loadCatalog, storeCatalog, type StoreReport } from './catalog-store';
import { catalogRepo } from './catalog.repo';

// Whole catalogs as JSON or CSV files, in and out: parse, validate (catalog-validation.ts) and
// store (catalog-store.ts); load and encode. Shared by the command line and the demo seed.

export type CatalogFormat = 'json' | 'csv';

export const formatOfPath = (file: string): CatalogFormat | null =>
  /\.json$/i.test(file) ? 'json' : /\.csv$/i.test(file) ? 'csv' : null;

export interface ImportResult {
  accepted: { brands: number; series: number; models: number };
  rejected: Rejected[];
  /** null when nothing valid was left to store. */
  stored: StoreReport | null;
}

/** CSV rows name brands and series; map names already in the database to their codes. */
async function csvNameMaps(db: Kysely<Database>) {
  const [brands, rows] = await catalogRepo(db).names();
  const brandByName = new Map(brands.map((b) => [b.name, b.code]));
  const seriesByName = new Map(rows.map((r) => [`${r.brand_name}\u0000${r.series_name}`, r.code]));
  return {
    brandIdOf: (name: string) => brandByName.get(name),
    seriesIdOf: (brand: string, series: string) => seriesByName.get(`${brand}\u0000${series}`),
  };
}

export async function importCatalogText(
  db: Kysely<Database>,
  text: string,
  format: CatalogFormat,
  options: { dryRun?: boolean } = {},
): Promise<ImportResult> {
  let input: unknown;
  const rejected: Rejected[] = [];
  if (format === 'json') {
    try {
      input = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch (error) {
      const reason = `JSON格式不正确：${error instanceof Error ? error.message : String(error)}`;
      return {
        accepted: { brands: 0, series: 0, models: 0 },
        rejected: [{ kind: 'catalog', index: 0, reason }],
        stored: null,
      };
    }
  } else {
    const parsed = parseCatalogCsv(text, await csvNameMaps(db));
    rejected.push(...parsed.rejected);
    input = parsed.catalog;
  }
  const valid = validateCatalog(input);
  rejected.push(...valid.rejected);
  const accepted = { brands: valid.brands.length, series: valid.series.length, models: valid.models.length };
  const nothing = accepted.brands + accepted.series + accepted.models === 0;
  const stored = nothing
    ? null
    : await storeCatalog(db, valid, { partial: format === 'csv', dryRun: options.dryRun ?? false });
  return { accepted, rejected, stored };
}

export async function exportCatalogText(db: Kysely<Database>, format: CatalogFormat): Promise<string> {
  const catalog = await loadCatalog(db);
  if (format === 'csv') return catalogToCsv(catalog, { bom: true });
  return JSON.stringify({ notice: '车型库导出', ...catalog }, null, 1) + '\n';
}
