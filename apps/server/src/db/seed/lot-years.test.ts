import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SERIES } from './lot-data';
import { DEMO_LOT_COUNT, seedLots } from './lots';

const NOW = new Date('2026-06-15T04:00:00Z');
const NOW_YEAR = 2026;

interface Catalog {
  brands: Array<{ id: string; name: string }>;
  series: Array<{ id: string; brandId: string; seriesName: string }>;
  models: Array<{ seriesId: string; year: number }>;
}
const catalog = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, './catalog.sample.json'), 'utf8'),
) as Catalog;

/** The catalog's model years of a seed series (brand names there may carry 汽车, series names the brand). */
function catalogYears(brand: string, series: string): number[] {
  const brandIds = new Set(catalog.brands.filter((b) => b.name.startsWith(brand)).map((b) => b.id));
  const norm = (x: string) => x.replace(/\s+/g, '');
  const hit = catalog.series.find(
    (s) => brandIds.has(s.brandId) && norm(s.seriesName).endsWith(norm(series)),
  );
  return hit ? catalog.models.filter((m) => m.seriesId === hit.id).map((m) => m.year) : [];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  await seedLots(t.ctx.dbh.db, NOW);
});
afterAll(() => t.close());

describe('demo lots are of model years their series was sold in', () => {
  it('every seeded lot: first model year of its series ≤ its 款 year ≤ last year', async () => {
    const rows = await t.ctx.dbh.db
      .selectFrom('lot')
      .select(['title', 'brand_name', 'series_name', 'first_reg_date'])
      .where('demo_key', 'is not', null)
      .execute();
    expect(rows).toHaveLength(DEMO_LOT_COUNT);
    const wrong: string[] = [];
    for (const row of rows) {
      const spec = SERIES.find((s) => s.brand === row.brand_name && s.series === row.series_name);
      const year = Number(/^(\d{4})款 /.exec(row.title)?.[1]);
      if (!spec || !(year >= spec.since && year < NOW_YEAR)) wrong.push(row.title);
      // Registered in the model year or the one after (a 2023款 can be bought in 2024).
      const reg = Number(String(row.first_reg_date).slice(0, 4));
      if (!(reg >= year && reg <= year + 1)) wrong.push(`${row.title} registered ${reg}`);
    }
    expect(wrong).toEqual([]);
  });

  it('names model years of each series across its years on sale (not one year for all)', async () => {
    const rows = await t.ctx.dbh.db
      .selectFrom('lot')
      .select(['title', 'series_name'])
      .where('demo_key', 'is not', null)
      .where('series_name', '=', '朗逸')
      .execute();
    expect(new Set(rows.map((r) => r.title.slice(0, 4))).size).toBeGreaterThan(2);
  });

  it("agrees with the catalog: the catalog's model years of a series fall within its years on sale", () => {
    let matched = 0;
    for (const s of SERIES) {
      const years = catalogYears(s.brand, s.series);
      if (years.length) matched++;
      for (const y of years) expect(y, `${s.brand}${s.series} ${y}款`).toBeGreaterThanOrEqual(s.since);
    }
    // Most seed series are in the sample catalog; the check must not pass by matching nothing.
    expect(matched).toBeGreaterThan(SERIES.length / 2);
  });

  it.each([
    ['比亚迪', '海豚', 2021],
    ['理想', 'L7', 2023],
    ['吉利', '星越L', 2021],
    ['比亚迪', '宋PLUS DM-i', 2021],
  ])('%s%s was first sold as the %i款', (brand, series, since) => {
    expect(SERIES.find((s) => s.brand === brand && s.series === series)?.since).toBe(since);
  });
});
