import { yuanStringToFen, fenToYuanString } from '@chepai/shared';
import type { Kysely, Transaction } from 'kysely';
import type { ConfigInfoJson, Database } from '../../db/schema';
import { chunks } from '../../lib/sql';
import { CONFIG_CATEGORIES, type Catalog, type ValidatedCatalog } from './catalog-schemas';
import { catalogRepo } from './catalog.repo';
import { catalogUpsertRepo } from './catalog-upsert.repo';

// Writes a validated catalog into the database as idempotent upserts keyed by `code`, and reads
// the whole catalog back in the import shape (for export).

export interface UpsertCounts {
  inserted: number;
  updated: number;
}
export interface StoreReport {
  brands: UpsertCounts;
  series: UpsertCounts;
  models: UpsertCounts;
  params: { added: number };
}

export interface StoreOptions {
  /** CSV rows carry no country, logo or on-sale flag: existing values are kept. */
  partial?: boolean;
}

const CHUNK = 50;

const categorySort = (category: string) => {
  const i = (CONFIG_CATEGORIES as readonly string[]).indexOf(category);
  return i < 0 ? CONFIG_CATEGORIES.length : i;
};

type Row = { id: string; code: string; inserted: boolean };
const count = (rows: Row[], into: UpsertCounts) => {
  for (const r of rows) {
    if (r.inserted) into.inserted += 1;
    else into.updated += 1;
  }
};

async function storeInTx(
  tx: Transaction<Database>,
  input: ValidatedCatalog,
  options: StoreOptions,
): Promise<StoreReport> {
  const report: StoreReport = {
    brands: { inserted: 0, updated: 0 },
    series: { inserted: 0, updated: 0 },
    models: { inserted: 0, updated: 0 },
    params: { added: 0 },
  };
  const upsert = catalogUpsertRepo(tx);
  const partial = options.partial ?? false;
  const brandIds = new Map<string, string>();
  for (const part of chunks(input.brands, 200)) {
    const rows = await upsert.brands(
      part.map((b) => ({
        code: b.id,
        name: b.name,
        first_letter: b.firstLetter,
        country: b.country,
        logo_text: b.logo?.text ?? null,
        logo_color: b.logo?.color ?? null,
      })),
      partial,
    );
    for (const r of rows) brandIds.set(r.code, r.id);
    count(rows, report.brands);
  }

  const seriesIds = new Map<string, string>();
  for (const part of chunks(input.series, 200)) {
    const rows = await upsert.series(
      part.map((s) => ({
        code: s.id,
        brand_id: brandIds.get(s.brandId) ?? '0',
        series_name: s.seriesName,
        fct_name: s.fctName,
        level: s.level,
        energy_type: s.energyType,
        body_type: s.bodyType,
        min_price: yuanStringToFen(s.minPrice),
        max_price: yuanStringToFen(s.maxPrice),
        series_img: s.seriesImg ?? null,
      })),
      partial,
    );
    for (const r of rows) seriesIds.set(r.code, r.id);
    count(rows, report.series);
  }

  for (const part of chunks(input.models, CHUNK)) {
    const rows = await upsert.models(
      part.map((m) => ({
        code: m.id,
        series_id: seriesIds.get(m.seriesId) ?? '0',
        name: m.name,
        year: m.year,
        series_price: yuanStringToFen(m.seriesPrice),
        on_sale: m.onSale,
        energy_type: m.energyType ?? '',
        displacement_l: m.displacementL ?? null,
        seats: m.seats ?? null,
        config_info: JSON.stringify(m.configInfo),
      })),
      partial,
    );
    count(rows, report.models);
  }

  report.params.added = await addKnownParams(
    tx,
    input.models.map((m) => m.configInfo),
  );
  return report;
}

/** Appends parameter names not yet known, in the order they first appear, after the known ones. */
async function addKnownParams(tx: Transaction<Database>, configs: ConfigInfoJson[]): Promise<number> {
  const existing = await catalogRepo(tx).paramSorts();
  const known = new Set(existing.map((p) => `${p.category}\u0000${p.name}`));
  const nextSort = new Map<string, number>();
  for (const p of existing) nextSort.set(p.category, Math.max(nextSort.get(p.category) ?? 0, p.sort + 1));
  const added: Array<{ category: string; name: string; category_sort: number; sort: number }> = [];
  for (const config of configs) {
    for (const [category, params] of Object.entries(config)) {
      for (const name of Object.keys(params)) {
        const key = `${category}\u0000${name}`;
        if (known.has(key)) continue;
        known.add(key);
        const sort = nextSort.get(category) ?? 0;
        nextSort.set(category, sort + 1);
        added.push({ category, name, category_sort: categorySort(category), sort });
      }
    }
  }
  for (const part of chunks(added, 500)) await catalogUpsertRepo(tx).addParams(part);
  return added.length;
}

class DryRunRollback extends Error {
  constructor(readonly report: StoreReport) {
    super('dry run');
  }
}

/** One transaction; with `dryRun` everything is written and then rolled back, so counts are exact. */
export async function storeCatalog(
  db: Kysely<Database>,
  input: ValidatedCatalog,
  options: StoreOptions & { dryRun?: boolean } = {},
): Promise<StoreReport> {
  try {
    return await db.transaction().execute(async (tx) => {
      const report = await storeInTx(tx, input, options);
      if (options.dryRun) throw new DryRunRollback(report);
      return report;
    });
  } catch (error) {
    if (error instanceof DryRunRollback) return error.report;
    throw error;
  }
}

/** The known parameter names per category, in display order. */
export async function knownParams(
  db: Kysely<Database>,
): Promise<Array<{ category: string; params: string[] }>> {
  const rows = await catalogRepo(db).paramsInOrder();
  const out: Array<{ category: string; params: string[] }> = [];
  for (const r of rows) {
    const last = out[out.length - 1];
    if (last?.category === r.category) last.params.push(r.name);
    else out.push({ category: r.category, params: [r.name] });
  }
  return out;
}

/** Re-orders a stored configInfo (jsonb keeps no key order) by the known parameter order. */
export function orderConfig(
  config: ConfigInfoJson,
  known: Array<{ category: string; params: string[] }>,
): ConfigInfoJson {
  const out: ConfigInfoJson = {};
  for (const { category, params } of known) {
    const values = config[category];
    if (!values) continue;
    const ordered: Record<string, string> = {};
    for (const p of params) if (p in values) ordered[p] = values[p] as string;
    for (const [p, v] of Object.entries(values)) if (!(p in ordered)) ordered[p] = v;
    out[category] = ordered;
  }
  for (const [category, values] of Object.entries(config)) if (!(category in out)) out[category] = values;
  return out;
}

/** The whole catalog in the import shape, ids being the data set's codes. */
export async function loadCatalog(db: Kysely<Database>): Promise<Catalog> {
  const [[brands, series, models], known] = await Promise.all([
    catalogRepo(db).everything(),
    knownParams(db),
  ]);
  return {
    brands: brands.map((b) => ({
      id: b.code,
      name: b.name,
      country: b.country,
      firstLetter: b.first_letter,
      logo: b.logo_text && b.logo_color ? { text: b.logo_text, color: b.logo_color } : null,
    })),
    series: series.map((s) => ({
      id: s.code,
      brandId: s.brand_code,
      seriesName: s.series_name,
      fctName: s.fct_name,
      level: s.level,
      energyType: s.energy_type,
      bodyType: s.body_type,
      minPrice: fenToYuanString(Number(s.min_price)),
      maxPrice: fenToYuanString(Number(s.max_price)),
      seriesImg: s.series_img,
    })),
    models: models.map((m) => ({
      id: m.code,
      seriesId: m.series_code,
      name: m.name,
      year: m.year,
      seriesPrice: fenToYuanString(Number(m.series_price)),
      onSale: m.on_sale,
      energyType: m.energy_type,
      displacementL: m.displacement_l === null ? null : Number(m.displacement_l),
      ...(m.seats === null ? {} : { seats: m.seats }),
      configInfo: orderConfig(m.config_info, known),
    })),
  };
}
