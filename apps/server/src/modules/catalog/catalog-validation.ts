import type { z } from 'zod';
import {
  CONFIG_CATEGORIES,
  brandSchema,
  seriesSchema,
  modelSchema,
  type ValidatedCatalog,
} from './catalog-schemas';

// Validation of an imported catalog item by item: bad items are reported with a Chinese reason.

/** The first problem, with its place inside configInfo when it is there ('参数值不能为空（车身 › 长度）'). */
function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return '数据格式不正确';
  const inner = issue.path.slice(1).map(String);
  return inner.length ? `${issue.message}（${inner.join(' › ')}）` : issue.message;
}

function itemId(item: unknown): string | undefined {
  if (item && typeof item === 'object' && 'id' in item) {
    const value = item.id;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
  }
  return undefined;
}

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(CONFIG_CATEGORIES);
const KIND_NAMES = { brand: '品牌', series: '车系', model: '车型' } as const;

/**
 * Validates an imported catalog item by item. Bad items are reported, never thrown, and items that
 * depend on a rejected item are rejected in turn ('品牌不存在', '车系不存在').
 */
export function validateCatalog(input: unknown): ValidatedCatalog {
  const result: ValidatedCatalog = { brands: [], series: [], models: [], rejected: [] };
  if (!input || typeof input !== 'object') {
    result.rejected.push({
      kind: 'catalog',
      index: 0,
      reason: '数据格式不正确：应为包含brands、series、models的对象',
    });
    return result;
  }
  const record = input as Record<string, unknown>;
  for (const key of ['brands', 'series', 'models'] as const) {
    if (!Array.isArray(record[key])) {
      result.rejected.push({ kind: 'catalog', index: 0, reason: `数据格式不正确：缺少${key}数组` });
    }
  }
  const list = (key: string): unknown[] => (Array.isArray(record[key]) ? (record[key] as unknown[]) : []);

  const check = <T extends { id: string }>(
    kind: 'brand' | 'series' | 'model',
    items: unknown[],
    schema: z.ZodType<T>,
    extra: (item: T) => string | null,
    accept: (item: T) => void,
  ) => {
    const seen = new Set<string>();
    items.forEach((raw, index) => {
      const parsed = schema.safeParse(raw);
      const reject = (reason: string) => result.rejected.push({ kind, index, id: itemId(raw), reason });
      if (!parsed.success) return reject(firstIssue(parsed.error));
      if (seen.has(parsed.data.id)) return reject(`${KIND_NAMES[kind]}ID重复`);
      const problem = extra(parsed.data);
      if (problem) return reject(problem);
      seen.add(parsed.data.id);
      accept(parsed.data);
    });
  };

  const brandIds = new Set<string>();
  check(
    'brand',
    list('brands'),
    brandSchema,
    () => null,
    (b) => {
      brandIds.add(b.id);
      result.brands.push(b);
    },
  );

  const seriesIds = new Set<string>();
  check(
    'series',
    list('series'),
    seriesSchema,
    (s) => {
      if (!brandIds.has(s.brandId)) return '品牌不存在';
      if (Number(s.minPrice) > Number(s.maxPrice)) return '价格区间不正确：最低价高于最高价';
      return null;
    },
    (s) => {
      seriesIds.add(s.id);
      result.series.push(s);
    },
  );

  check(
    'model',
    list('models'),
    modelSchema,
    (m) => {
      if (!seriesIds.has(m.seriesId)) return '车系不存在';
      const unknown = Object.keys(m.configInfo).find((c) => !KNOWN_CATEGORIES.has(c));
      if (unknown !== undefined) return `未知的参数分类：${unknown}`;
      return null;
    },
    (m) => result.models.push(m),
  );
  return result;
}
