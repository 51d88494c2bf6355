import type { catalog } from '@chepai/shared';

// Grouping of the three picker steps: brands by first letter, series by manufacturer, models by year.

export interface Group<T> {
  key: string;
  title: string;
  items: T[];
}

const collator = new Intl.Collator('zh-Hans-CN');

/** Letter groups A–Z (case-insensitive), '#' last; inside a letter, names in pinyin order. */
export function groupBrandsByLetter(brands: readonly catalog.Brand[]): Group<catalog.Brand>[] {
  const groups = new Map<string, catalog.Brand[]>();
  for (const b of brands) {
    const letter = /^[a-z]$/i.test(b.firstLetter) ? b.firstLetter.toUpperCase() : '#';
    const list = groups.get(letter) ?? [];
    list.push(b);
    groups.set(letter, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => (a === '#' ? 1 : b === '#' ? -1 : a.localeCompare(b)))
    .map(([letter, items]) => ({
      key: letter,
      title: letter,
      items: [...items].sort((x, y) => collator.compare(x.name, y.name)),
    }));
}

/** Manufacturer groups in first-seen order; series inside by lowest price. */
export function groupSeriesByFct(series: readonly catalog.Series[]): Group<catalog.Series>[] {
  const groups = new Map<string, catalog.Series[]>();
  for (const s of series) {
    const list = groups.get(s.fctName) ?? [];
    list.push(s);
    groups.set(s.fctName, list);
  }
  return [...groups.entries()].map(([fct, items]) => ({
    key: fct,
    title: fct,
    items: [...items].sort((a, b) => Number(a.minPrice) - Number(b.minPrice)),
  }));
}

/** Year groups, newest first ('2025款'); models inside by guide price. */
export function groupModelsByYear(models: readonly catalog.Model[]): Group<catalog.Model>[] {
  const groups = new Map<number, catalog.Model[]>();
  for (const m of models) {
    const list = groups.get(m.year) ?? [];
    list.push(m);
    groups.set(m.year, list);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([year, items]) => ({
      key: String(year),
      title: `${year}款`,
      items: [...items].sort((a, b) => Number(a.seriesPrice) - Number(b.seriesPrice)),
    }));
}

/** '199800.00' → '19.98万'; below ten thousand yuan, plain yuan. */
export function formatGuidePrice(yuan: string): string {
  const n = Number(yuan);
  if (!Number.isFinite(n)) return '暂无报价';
  if (n < 10000) return `${n.toFixed(0)}元`;
  return `${(Math.round(n / 100) / 100).toFixed(2)}万`;
}

export const priceRange = (min: string, max: string) =>
  min === max ? formatGuidePrice(min) : `${formatGuidePrice(min).replace('万', '')}-${formatGuidePrice(max)}`;

/**
 * Dropdown list height: the compare area's height minus 160, at most 350 px
 * (docs/product.md#13-business-constants).
 */
export const listMaxHeight = (areaHeight: number) => Math.max(120, Math.min(350, areaHeight - 160));
