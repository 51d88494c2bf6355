import { pinyin } from 'pinyin-pro';
import { z } from 'zod';

// Pure validation and CSV conversion of the car catalog (brands, series, models with configInfo).
// Nothing here touches the database: a loader calls validateCatalog and stores what it accepts,
// and shows `rejected` (with Chinese reasons) as the import report.

/** configInfo categories in display order (docs/product.md#11-compare-and-calculator). */
export const CONFIG_CATEGORIES = [
  '基本参数',
  '车身',
  '发动机',
  '电动机',
  '电池/充电',
  '变速箱',
  '底盘转向',
  '车轮制动',
  '被动安全',
  '主动安全',
  '驾控操作',
  '驾驶硬件',
  '驾驶功能',
  '外观/防盗',
  '车外灯光',
  '天窗/玻璃',
  '外后视镜',
  '屏幕/系统',
  '智能化配置',
  '方向盘/内后视镜',
  '车内充电',
  '座椅配置',
  '音响/车内灯光',
  '空调/冰箱',
  '颜色',
  '越野/四驱',
  '特色配置',
  '选装包',
  '实测',
] as const;
export type ConfigCategory = (typeof CONFIG_CATEGORIES)[number];

/** Brands are grouped by this letter: Latin names by their first letter, others by pinyin. */
export function firstLetterOf(name: string): string {
  const first = name.trim().charAt(0);
  if (/[A-Za-z]/.test(first)) return first.toUpperCase();
  const initials = pinyin(name.trim(), { pattern: 'first', toneType: 'none' });
  const letter = initials.trim().charAt(0).toUpperCase();
  return /^[A-Z]$/.test(letter) ? letter : '#';
}

const id = z
  .string('ID必须是字符串')
  .trim()
  .min(1, 'ID不能为空')
  .max(64, 'ID过长')
  .regex(/^[^\s/\\?#]+$/, 'ID格式不正确');
const text = (what: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${what}不能为空` : `${what}必须是字符串`) })
    .trim()
    .min(1, `${what}不能为空`)
    .max(max, `${what}过长`);
/** Guide prices are decimal strings with exactly two decimals, as stored: "129800.00". */
const yuan = z.string('指导价格式不正确').regex(/^(0|[1-9]\d{0,9})\.\d{2}$/, '指导价格式不正确');

export const brandSchema = z.object({
  id,
  name: text('品牌名称', 40),
  country: text('国家', 20),
  firstLetter: z.string('首字母格式不正确').regex(/^[A-Z#]$/, '首字母格式不正确'),
  logo: z
    .object({ text: text('标志文字', 4), color: z.string().regex(/^#[0-9A-Fa-f]{6}$/, '标志颜色格式不正确') })
    .nullable()
    .optional(),
});

export const seriesSchema = z.object({
  id,
  brandId: id,
  seriesName: text('车系名称', 60),
  fctName: text('厂商名称', 60),
  level: text('级别', 20),
  energyType: text('能源类型', 40),
  bodyType: text('车身类型', 20),
  minPrice: yuan,
  maxPrice: yuan,
  seriesImg: z.string().nullable().optional(),
});

const paramValues = z.record(
  z.string().min(1, '参数名不能为空').max(60, '参数名过长'),
  z.string('参数值必须是字符串').min(1, '参数值不能为空').max(500, '参数值过长'),
);

export const modelSchema = z.object({
  id,
  seriesId: id,
  name: text('车型名称', 120),
  year: z.number('年款必须是数字').int('年款必须是整数').min(1990, '年款超出范围').max(2100, '年款超出范围'),
  seriesPrice: yuan,
  onSale: z.boolean('在售状态必须是布尔值'),
  energyType: z.string().optional(),
  displacementL: z.number().positive('排量必须大于0').nullable().optional(),
  seats: z.number().int().min(1, '座位数超出范围').max(99, '座位数超出范围').optional(),
  configInfo: z.record(z.string(), paramValues),
});

export type CatalogBrand = z.infer<typeof brandSchema>;
export type CatalogSeries = z.infer<typeof seriesSchema>;
export type CatalogModel = z.infer<typeof modelSchema>;
export interface Catalog {
  notice?: string;
  brands: CatalogBrand[];
  series: CatalogSeries[];
  models: CatalogModel[];
}

export type RejectedKind = 'catalog' | 'brand' | 'series' | 'model' | 'row';
export interface Rejected {
  kind: RejectedKind;
  /** Position in its array (0-based), or for CSV rows the spreadsheet row number (header = 1). */
  index: number;
  id?: string;
  reason: string;
}

export interface ValidatedCatalog {
  brands: CatalogBrand[];
  series: CatalogSeries[];
  models: CatalogModel[];
  rejected: Rejected[];
}

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

// ---- CSV (RFC 4180): one row per model parameter ----

export const CSV_COLUMNS = [
  'brandName',
  'seriesName',
  'fctName',
  'modelId',
  'modelName',
  'year',
  'seriesPrice',
  'category',
  'param',
  'value',
] as const;
type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CatalogCsvRow = Record<CsvColumn, string>;

function csvField(value: string): string {
  return /[",\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Serialises the models' parameters, CRLF line ends; `bom` helps Excel open it as UTF-8. */
export function catalogToCsv(
  catalog: Pick<Catalog, 'brands' | 'series' | 'models'>,
  options: { bom?: boolean } = {},
): string {
  const brands = new Map(catalog.brands.map((b) => [b.id, b]));
  const series = new Map(catalog.series.map((s) => [s.id, s]));
  const lines = [CSV_COLUMNS.join(',')];
  for (const model of catalog.models) {
    const s = series.get(model.seriesId);
    const b = s ? brands.get(s.brandId) : undefined;
    if (!s || !b) continue;
    for (const [category, params] of Object.entries(model.configInfo)) {
      for (const [param, value] of Object.entries(params)) {
        const row = [
          b.name,
          s.seriesName,
          s.fctName,
          model.id,
          model.name,
          String(model.year),
          model.seriesPrice,
          category,
          param,
          value,
        ];
        lines.push(row.map(csvField).join(','));
      }
    }
  }
  return (options.bom ? '\uFEFF' : '') + lines.join('\r\n') + '\r\n';
}

/** Splits RFC 4180 text into records of fields; quoted fields may hold commas, quotes and newlines. */
export function splitCsv(text: string): { records: string[][]; error: string | null } {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let fieldStarted = false;
  for (; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === ',') {
      record.push(field);
      field = '';
      fieldStarted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      fieldStarted = false;
    } else {
      field += ch;
      fieldStarted = true;
    }
  }
  if (quoted) return { records, error: '引号未闭合' };
  if (fieldStarted || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return { records, error: null };
}

function fnv(textValue: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < textValue.length; i += 1) hash = Math.imul(hash ^ textValue.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}

export interface CsvParseOptions {
  /** Map names to existing ids (e.g. from the database); by default ids are name hashes. */
  brandIdOf?: (brandName: string) => string | undefined;
  seriesIdOf?: (brandName: string, seriesName: string) => string | undefined;
}

export interface ParsedCatalogCsv {
  catalog: Catalog;
  rejected: Rejected[];
}

const param = (m: CatalogModel, category: string, name: string): string | undefined =>
  m.configInfo[category]?.[name];

/**
 * Parses the flat CSV into catalog shape for validateCatalog. Series level, energy and body type,
 * seats and displacement come from the 基本参数/车身/发动机 rows; a series' price range from its
 * models. Malformed rows are reported with their spreadsheet row number.
 */
export function parseCatalogCsv(textValue: string, options: CsvParseOptions = {}): ParsedCatalogCsv {
  const rejected: Rejected[] = [];
  const catalog: Catalog = { brands: [], series: [], models: [] };
  const { records, error } = splitCsv(textValue);
  const [header, ...rows] = records;
  if (!header) return { catalog, rejected: [{ kind: 'row', index: 1, reason: 'CSV为空' }] };
  const positions = CSV_COLUMNS.map((c) => header.map((h) => h.trim()).indexOf(c));
  const missing = CSV_COLUMNS.filter((_, k) => (positions[k] ?? -1) < 0);
  if (missing.length)
    return { catalog, rejected: [{ kind: 'row', index: 1, reason: `缺少列：${missing.join(',')}` }] };

  const brands = new Map<string, CatalogBrand>();
  const series = new Map<string, CatalogSeries>();
  const models = new Map<string, CatalogModel>();
  rows.forEach((fields, k) => {
    const line = k + 2;
    if (fields.length === 1 && fields[0] === '') return;
    if (fields.length !== header.length) {
      rejected.push({
        kind: 'row',
        index: line,
        reason: `列数不正确：应为${header.length}列，实际${fields.length}列`,
      });
      return;
    }
    // Values keep their exact text (the serialiser quotes surrounding spaces); names are trimmed.
    const row = Object.fromEntries(
      CSV_COLUMNS.map((c, j) => {
        const raw = fields[positions[j] ?? 0] ?? '';
        return [c, c === 'value' ? raw : raw.trim()];
      }),
    ) as CatalogCsvRow;
    const required: Array<[CsvColumn, string]> = [
      ['brandName', '品牌名称'],
      ['seriesName', '车系名称'],
      ['modelId', '车型ID'],
      ['modelName', '车型名称'],
      ['category', '参数分类'],
      ['param', '参数名'],
    ];
    const empty = required.find(([c]) => row[c] === '');
    if (empty) {
      rejected.push({
        kind: 'row',
        index: line,
        id: row.modelId || undefined,
        reason: `${empty[1]}不能为空`,
      });
      return;
    }
    const brandId = options.brandIdOf?.(row.brandName) ?? `b-${fnv(row.brandName)}`;
    if (!brands.has(row.brandName)) {
      brands.set(row.brandName, {
        id: brandId,
        name: row.brandName,
        country: '未知',
        firstLetter: firstLetterOf(row.brandName),
        logo: null,
      });
    }
    const seriesKey = `${row.brandName}\u0000${row.seriesName}`;
    const seriesId = options.seriesIdOf?.(row.brandName, row.seriesName) ?? `s-${fnv(seriesKey)}`;
    if (!series.has(seriesKey)) {
      series.set(seriesKey, {
        id: seriesId,
        brandId,
        seriesName: row.seriesName,
        fctName: row.fctName,
        level: '',
        energyType: '',
        bodyType: '',
        minPrice: '',
        maxPrice: '',
        seriesImg: null,
      });
    }
    const year = Number(row.year);
    const existing = models.get(row.modelId);
    if (
      existing &&
      (existing.name !== row.modelName ||
        existing.seriesPrice !== row.seriesPrice ||
        existing.seriesId !== seriesId)
    ) {
      rejected.push({
        kind: 'row',
        index: line,
        id: row.modelId,
        reason: '同一车型的名称、车系或指导价不一致',
      });
      return;
    }
    const model = existing ?? {
      id: row.modelId,
      seriesId,
      name: row.modelName,
      year: row.year === '' || !Number.isFinite(year) ? Number.NaN : year,
      seriesPrice: row.seriesPrice,
      onSale: true,
      configInfo: {},
    };
    models.set(row.modelId, model);
    const params = (model.configInfo[row.category] ??= {});
    params[row.param] = row.value;
  });
  if (error) rejected.push({ kind: 'row', index: records.length + 1, reason: error });

  for (const model of models.values()) {
    const seats = Number.parseInt(param(model, '车身', '座位数') ?? '', 10);
    const ml = Number.parseInt(param(model, '发动机', '气缸容积') ?? '', 10);
    const energy = param(model, '基本参数', '能源类型');
    if (energy) model.energyType = energy;
    if (Number.isFinite(seats)) model.seats = seats;
    model.displacementL = Number.isFinite(ml) ? ml / 1000 : null;
  }
  for (const s of series.values()) {
    const own = [...models.values()].filter((m) => m.seriesId === s.id);
    const prices = own.map((m) => Number(m.seriesPrice)).filter(Number.isFinite);
    const first = own[0];
    s.level = (first && param(first, '基本参数', '级别')) || '未知';
    s.energyType = [...new Set(own.map((m) => m.energyType).filter(Boolean))].join('/') || '未知';
    s.bodyType = (first && param(first, '车身', '车身结构')) || '未知';
    const priceText = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '' : n.toFixed(2));
    s.minPrice = prices.length ? priceText(Math.min(...prices)) : (first?.seriesPrice ?? '');
    s.maxPrice = prices.length ? priceText(Math.max(...prices)) : (first?.seriesPrice ?? '');
  }
  catalog.brands = [...brands.values()];
  catalog.series = [...series.values()];
  catalog.models = [...models.values()];
  return { catalog, rejected };
}
