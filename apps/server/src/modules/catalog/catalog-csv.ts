import {
  firstLetterOf,
  type CatalogBrand,
  type CatalogSeries,
  type CatalogModel,
  type Catalog,
  type Rejected,
} from './catalog-schemas';

// The catalog as CSV (RFC 4180), both ways: one row per model parameter.

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
