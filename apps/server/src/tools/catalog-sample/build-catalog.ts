import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  firstLetterOf,
  type Catalog,
  type CatalogModel,
  type CatalogSeries,
} from '../../modules/catalog/catalog-schemas';
import { validateCatalog } from '../../modules/catalog/catalog-validation';
import { BRANDS } from './brands';
import { buildConfigInfo } from './config-builder';
import { equipmentScore, type ModelContext } from './config-context';
import { ENGINES } from './engines';
import { SERIES } from './series';
import { NEW_ENERGY_TYPES, type BrandFact, type SeriesFact } from './types';

// Generates the demo seed's catalog.sample.json (db/seed/) from the hand-written facts in this folder:
//   npx tsx apps/server/src/tools/catalog-sample/build-catalog.ts
// The output is deterministic (seeded, no clock, no Math.random), so re-running it on unchanged
// facts reproduces the file byte for byte.

export const NOTICE =
  '示例数据（sample data）：本车型库仅用于车型对比与购车计算器的演示。车系尺寸、动力、电池、续航与指导价依据各厂商公开资料整理，' +
  '配置明细按规则生成，可能与实际车型不符，不构成购车建议；价格以厂商公布为准。不含任何品牌标志或图片，品牌标志为运行时生成的字母图形。';

const yuan = (n: number): string => n.toFixed(2);

function monogram(brand: BrandFact): { text: string; color: string } {
  const latin = /^[A-Za-z]/.test(brand.name);
  return { text: latin ? brand.name.slice(0, 2).toUpperCase() : brand.name.charAt(0), color: brand.color };
}

function checkFacts(): void {
  const brandIds = new Set(BRANDS.map((b) => b.id));
  const seen = new Set<string>();
  for (const s of SERIES) {
    if (seen.has(s.id)) throw new Error(`duplicate series id ${s.id}`);
    seen.add(s.id);
    if (!brandIds.has(s.brandId)) throw new Error(`${s.id}: unknown brand ${s.brandId}`);
    for (const [key, pt] of Object.entries(s.pts)) {
      if (pt.engine && !ENGINES[pt.engine]) throw new Error(`${s.id}/${key}: unknown engine ${pt.engine}`);
    }
    for (const trim of s.trims)
      if (!s.pts[trim[3]]) throw new Error(`${s.id}: unknown powertrain ${trim[3]}`);
  }
}

function seriesEnergy(s: SeriesFact): string {
  return [...new Set(s.trims.map((t) => s.pts[t[3]]?.energy ?? ''))].join('/');
}

function buildModels(brand: BrandFact, s: SeriesFact): CatalogModel[] {
  const prices = [...new Set(s.trims.map((t) => t[2]))].sort((a, b) => a - b);
  const median = [...s.trims.map((t) => t[2])].sort((a, b) => a - b)[Math.floor(s.trims.length / 2)] ?? 0;
  const maxYear = Math.max(...s.trims.map((t) => t[0]));
  const latest = s.trims.filter((t) => t[0] === maxYear);
  const tested = latest[Math.floor((latest.length - 1) / 2)];
  const perYear = new Map<number, number>();
  return s.trims.map((trim) => {
    const [year, name, price, ptKey, onSaleOverride] = trim;
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    const pt = s.pts[ptKey];
    if (!pt) throw new Error(`${s.id}: unknown powertrain ${ptKey}`);
    const tier = prices.length > 1 ? prices.indexOf(price) / (prices.length - 1) : 0.5;
    const modelId = `${s.id}-${year}-${n}`;
    const ctx: ModelContext = {
      brand,
      series: s,
      pt,
      engine: pt.engine ? (ENGINES[pt.engine] ?? null) : null,
      modelId,
      year,
      trimName: name,
      price,
      tier,
      score: equipmentScore(median, tier, year),
      tested: trim === tested,
    };
    return {
      id: modelId,
      seriesId: s.id,
      name: `${year}款 ${name}`,
      year,
      seriesPrice: yuan(price),
      // The newest two model years are on sale, never a 2024 model (sample-data rule).
      onSale: onSaleOverride ?? (year >= maxYear - 1 && year >= 2025),
      energyType: pt.energy,
      displacementL: ctx.engine ? ctx.engine.ml / 1000 : null,
      seats: s.seats,
      configInfo: buildConfigInfo(ctx),
    };
  });
}

export function buildCatalog(): Catalog {
  checkFacts();
  const catalog: Catalog = { notice: NOTICE, brands: [], series: [], models: [] };
  for (const brand of BRANDS) {
    catalog.brands.push({
      id: brand.id,
      name: brand.name,
      country: brand.country,
      firstLetter: firstLetterOf(brand.name),
      logo: monogram(brand),
    });
  }
  for (const s of SERIES) {
    const brand = BRANDS.find((b) => b.id === s.brandId);
    if (!brand) throw new Error(`unknown brand ${s.brandId}`);
    const models = buildModels(brand, s);
    const priced = models.filter((m) => m.onSale).length ? models.filter((m) => m.onSale) : models;
    const prices = priced.map((m) => Number(m.seriesPrice));
    const series: CatalogSeries = {
      id: s.id,
      brandId: s.brandId,
      seriesName: s.name,
      fctName: s.fct,
      level: s.level,
      energyType: seriesEnergy(s),
      bodyType: s.body,
      minPrice: yuan(Math.min(...prices)),
      maxPrice: yuan(Math.max(...prices)),
      seriesImg: null,
    };
    catalog.series.push(series);
    catalog.models.push(...models);
  }
  return catalog;
}

/** Compact JSON with one brand, series or model per line, so that diffs stay readable. */
export function serialiseCatalog(catalog: Catalog): string {
  const list = (items: readonly unknown[]) => `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]`;
  return (
    `{"notice":${JSON.stringify(catalog.notice ?? NOTICE)},\n` +
    `"brands":${list(catalog.brands)},\n"series":${list(catalog.series)},\n"models":${list(catalog.models)}}\n`
  );
}

export function catalogStats(catalog: Catalog) {
  const counts = catalog.models.map((m) =>
    Object.values(m.configInfo).reduce((acc, c) => acc + Object.keys(c).length, 0),
  );
  const newEnergy = catalog.models.filter((m) => NEW_ENERGY_TYPES.some((t) => t === m.energyType)).length;
  return {
    brands: catalog.brands.length,
    series: catalog.series.length,
    models: catalog.models.length,
    newEnergyModels: newEnergy,
    minParams: Math.min(...counts),
    avgParams: Math.round((counts.reduce((a, b) => a + b, 0) / counts.length) * 10) / 10,
    maxParams: Math.max(...counts),
  };
}

function main(): void {
  const catalog = buildCatalog();
  const checked = validateCatalog(catalog);
  if (checked.rejected.length) {
    console.error(checked.rejected.slice(0, 20));
    throw new Error(`${checked.rejected.length} generated items fail validation`);
  }
  const text = serialiseCatalog(catalog);
  const out = join(dirname(fileURLToPath(import.meta.url)), '../../db/seed/catalog.sample.json');
  writeFileSync(out, text);
  console.log(JSON.stringify({ file: out, bytes: Buffer.byteLength(text), ...catalogStats(catalog) }));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
