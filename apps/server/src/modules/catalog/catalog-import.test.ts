import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { CONFIG_CATEGORIES, firstLetterOf, type Catalog } from './catalog-schemas';
import { validateCatalog } from './catalog-validation';
import { catalogToCsv, CSV_COLUMNS, parseCatalogCsv, splitCsv } from './catalog-csv';

function sampleCatalog(): Catalog {
  return {
    brands: [
      {
        id: 'byd',
        name: '比亚迪',
        country: '中国',
        firstLetter: 'B',
        logo: { text: '比', color: '#C8102E' },
      },
      { id: 'mg', name: 'MG', country: '英国', firstLetter: 'M', logo: null },
    ],
    series: [
      {
        id: 'byd-seal',
        brandId: 'byd',
        seriesName: '海豹',
        fctName: '比亚迪汽车',
        level: '中型车',
        energyType: '纯电动',
        bodyType: '三厢车',
        minPrice: '179800.00',
        maxPrice: '239800.00',
        seriesImg: null,
      },
    ],
    models: [
      {
        id: 'byd-seal-2025-1',
        seriesId: 'byd-seal',
        name: '2025款 智驾版 650 后驱长续航尊贵型',
        year: 2025,
        seriesPrice: '199800.00',
        onSale: true,
        energyType: '纯电动',
        displacementL: null,
        seats: 5,
        configInfo: {
          基本参数: { 厂商指导价: '19.98万元', 级别: '中型车', 能源类型: '纯电动', 最大功率: '230kW' },
          车身: { 长度: '4800mm', 座位数: '5个', 车身结构: '三厢车' },
          颜色: { 外观颜色: '冰川白/曜石黑' },
        },
      },
    ],
  };
}

describe('validateCatalog', () => {
  it('accepts a valid catalog unchanged', () => {
    const input = sampleCatalog();
    const result = validateCatalog(input);
    expect(result.rejected).toEqual([]);
    expect(result.brands).toHaveLength(2);
    expect(result.series).toHaveLength(1);
    expect(result.models[0]).toEqual(input.models[0]);
  });

  it('rejects input that is not a catalog', () => {
    expect(validateCatalog(null).rejected[0]?.reason).toContain('数据格式不正确');
    expect(validateCatalog({ brands: [] }).rejected.map((r) => r.reason)).toEqual([
      '数据格式不正确：缺少series数组',
      '数据格式不正确：缺少models数组',
    ]);
  });

  it.each<[string, (c: Catalog) => void, string]>([
    ['a malformed guide price', (c) => void (c.models[0]!.seriesPrice = '19.98万'), '指导价格式不正确'],
    ['a price with one decimal', (c) => void (c.models[0]!.seriesPrice = '199800.0'), '指导价格式不正确'],
    ['an empty model name', (c) => void (c.models[0]!.name = '  '), '车型名称不能为空'],
    [
      'a missing model name',
      (c) => void delete (c.models[0] as Partial<Catalog['models'][number]>).name,
      '车型名称不能为空',
    ],
    ['a year out of range', (c) => void (c.models[0]!.year = 1899), '年款超出范围'],
    ['a fractional year', (c) => void (c.models[0]!.year = 2025.5), '年款必须是整数'],
    ['an unknown series', (c) => void (c.models[0]!.seriesId = 'nope'), '车系不存在'],
    [
      'an unknown category',
      (c) => void (c.models[0]!.configInfo['外星科技'] = { 传送门: '●' }),
      '未知的参数分类：外星科技',
    ],
    [
      'an empty parameter value',
      (c) => void (c.models[0]!.configInfo['车身']!['长度'] = ''),
      '参数值不能为空（车身 › 长度）',
    ],
    [
      'a non-boolean onSale',
      (c) => void ((c.models[0] as { onSale: unknown }).onSale = 'yes'),
      '在售状态必须是布尔值',
    ],
  ])('rejects a model with %s', (_, mutate, reason) => {
    const input = sampleCatalog();
    mutate(input);
    const result = validateCatalog(input);
    expect(result.models).toEqual([]);
    expect(result.rejected).toEqual([{ kind: 'model', index: 0, id: 'byd-seal-2025-1', reason }]);
  });

  it.each<[string, (c: Catalog) => void, string]>([
    ['an unknown brand', (c) => void (c.series[0]!.brandId = 'tesla'), '品牌不存在'],
    [
      'an inverted price range',
      (c) => void (c.series[0]!.minPrice = '299800.00'),
      '价格区间不正确：最低价高于最高价',
    ],
    ['a malformed price range', (c) => void (c.series[0]!.maxPrice = 'abc'), '指导价格式不正确'],
    ['an empty manufacturer', (c) => void (c.series[0]!.fctName = ''), '厂商名称不能为空'],
  ])('rejects a series with %s, and then its models', (_, mutate, reason) => {
    const input = sampleCatalog();
    mutate(input);
    const result = validateCatalog(input);
    expect(result.rejected).toEqual([
      { kind: 'series', index: 0, id: 'byd-seal', reason },
      { kind: 'model', index: 0, id: 'byd-seal-2025-1', reason: '车系不存在' },
    ]);
  });

  it.each<[string, (c: Catalog) => void, string]>([
    ['an empty name', (c) => void (c.brands[0]!.name = ''), '品牌名称不能为空'],
    ['a lowercase first letter', (c) => void (c.brands[0]!.firstLetter = 'b'), '首字母格式不正确'],
    [
      'a bad monogram colour',
      (c) => void (c.brands[0]!.logo = { text: '比', color: 'red' }),
      '标志颜色格式不正确（color）',
    ],
    ['an id with a slash', (c) => void (c.brands[0]!.id = 'by/d'), 'ID格式不正确'],
  ])('rejects a brand with %s', (_, mutate, reason) => {
    const input = sampleCatalog();
    mutate(input);
    const result = validateCatalog(input);
    expect(result.rejected[0]).toMatchObject({ kind: 'brand', index: 0, reason });
    expect(result.rejected.map((r) => r.reason)).toContain('品牌不存在');
  });

  it('rejects duplicate ids, keeping the first', () => {
    const input = sampleCatalog();
    input.brands.push({ ...input.brands[0]! });
    input.models.push({ ...input.models[0]! });
    const result = validateCatalog(input);
    expect(result.rejected).toEqual([
      { kind: 'brand', index: 2, id: 'byd', reason: '品牌ID重复' },
      { kind: 'model', index: 1, id: 'byd-seal-2025-1', reason: '车型ID重复' },
    ]);
    expect(result.models).toHaveLength(1);
  });
});

describe('firstLetterOf', () => {
  it.each([
    ['比亚迪', 'B'],
    ['长安', 'C'],
    ['蔚来', 'W'],
    ['奇瑞', 'Q'],
    ['MG', 'M'],
    ['smart', 'S'],
    ['广汽埃安', 'G'],
  ])('%s -> %s', (name, letter) => {
    expect(firstLetterOf(name)).toBe(letter);
  });
});

describe('CSV (RFC 4180)', () => {
  it('splits quoted fields holding commas, quotes and newlines', () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""","line1\nline2"\r\nplain,,end\n';
    expect(splitCsv(text)).toEqual({
      records: [
        ['a', 'b', 'c'],
        ['x, y', 'say "hi"', 'line1\nline2'],
        ['plain', '', 'end'],
      ],
      error: null,
    });
  });

  it('accepts a BOM and a last line without a line break, and reports an open quote', () => {
    expect(splitCsv('\uFEFFa,b\n1,2').records).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(splitCsv('a\n"open').error).toBe('引号未闭合');
  });

  it('serialises one row per parameter with the fixed columns', () => {
    const csv = catalogToCsv(sampleCatalog());
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe(CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(1 + 8);
    expect(lines[1]).toBe(
      '比亚迪,海豹,比亚迪汽车,byd-seal-2025-1,2025款 智驾版 650 后驱长续航尊贵型,2025,199800.00,基本参数,厂商指导价,19.98万元',
    );
    expect(catalogToCsv(sampleCatalog(), { bom: true }).startsWith('\uFEFF')).toBe(true);
  });

  it('round-trips models, names and tricky values through CSV', () => {
    const input = sampleCatalog();
    input.models[0]!.configInfo['颜色'] = { 外观颜色: '冰川白, "极光蓝"\n曜石黑', 内饰颜色: ' 黑色 ' };
    const csv = catalogToCsv(input);
    const parsed = parseCatalogCsv(csv, { brandIdOf: () => 'byd', seriesIdOf: () => 'byd-seal' });
    expect(parsed.rejected).toEqual([]);
    const { catalog } = parsed;
    expect(catalog.models).toEqual(input.models);
    expect(catalog.series[0]).toMatchObject({
      id: 'byd-seal',
      seriesName: '海豹',
      fctName: '比亚迪汽车',
      level: '中型车',
      bodyType: '三厢车',
      minPrice: '199800.00',
    });
    expect(catalog.brands[0]).toMatchObject({ id: 'byd', name: '比亚迪', firstLetter: 'B' });
    expect(validateCatalog(catalog).rejected).toEqual([]);
  });

  it('reports malformed rows with their spreadsheet row numbers', () => {
    const header = CSV_COLUMNS.join(',');
    const good = '比亚迪,海豹,比亚迪汽车,m1,2025款 A,2025,199800.00,车身,长度,4800mm';
    const text = [
      header,
      good,
      '比亚迪,海豹,比亚迪汽车,m1,2025款 A,2025,199800.00,车身',
      '比亚迪,海豹,比亚迪汽车,,2025款 A,2025,199800.00,车身,宽度,1875mm',
      '比亚迪,海豹,比亚迪汽车,m1,2025款 B,2025,199800.00,车身,高度,1460mm',
    ].join('\n');
    const { catalog, rejected } = parseCatalogCsv(text);
    expect(rejected).toEqual([
      { kind: 'row', index: 3, reason: '列数不正确：应为10列，实际8列' },
      { kind: 'row', index: 4, reason: '车型ID不能为空' },
      { kind: 'row', index: 5, id: 'm1', reason: '同一车型的名称、车系或指导价不一致' },
    ]);
    expect(catalog.models[0]?.configInfo).toEqual({ 车身: { 长度: '4800mm' } });
  });

  it('reports a missing column and a bad price in the import report', () => {
    expect(parseCatalogCsv('brandName,seriesName\n').rejected[0]?.reason).toContain('缺少列：fctName');
    const header = CSV_COLUMNS.join(',');
    const { catalog } = parseCatalogCsv(
      `${header}\n比亚迪,海豹,比亚迪汽车,m1,2025款 A,2025,19.98万,车身,长度,4800mm\n比亚迪,海豹,比亚迪汽车,m2,2025款 B,2025,209800.00,车身,长度,4800mm`,
    );
    const report = validateCatalog(catalog).rejected;
    expect(report).toEqual([{ kind: 'model', index: 0, id: 'm1', reason: '指导价格式不正确' }]);
  });
});

describe('the generated sample catalog', () => {
  const file = new URL('../../db/seed/catalog.sample.json', import.meta.url);
  const catalog = JSON.parse(readFileSync(file, 'utf8')) as Catalog;

  it('is marked as sample data and passes validation', () => {
    expect(catalog.notice).toContain('示例数据');
    expect(validateCatalog(catalog).rejected).toEqual([]);
  });

  it('meets the size requirements: 40 brands, 120 series, 400 models, 150 parameters each', () => {
    expect(catalog.brands.length).toBeGreaterThanOrEqual(40);
    expect(catalog.series.length).toBeGreaterThanOrEqual(120);
    expect(catalog.models.length).toBeGreaterThanOrEqual(400);
    for (const model of catalog.models) {
      const count = Object.values(model.configInfo).reduce(
        (acc, params) => acc + Object.keys(params).length,
        0,
      );
      expect(count, model.id).toBeGreaterThanOrEqual(150);
      const order = Object.keys(model.configInfo).map((c) =>
        CONFIG_CATEGORIES.indexOf(c as (typeof CONFIG_CATEGORIES)[number]),
      );
      expect(order, model.id).toEqual([...order].sort((a, b) => a - b));
    }
  });

  it('round-trips a slice of real models through CSV', () => {
    const seriesIds = new Set(['byd-seal', 'tank-300', 'bmw-x7']);
    const slice = {
      brands: catalog.brands,
      series: catalog.series.filter((s) => seriesIds.has(s.id)),
      models: catalog.models.filter((m) => seriesIds.has(m.seriesId)),
    };
    const seriesByName = new Map(slice.series.map((s) => [s.seriesName, s.id]));
    const brandByName = new Map(slice.brands.map((b) => [b.name, b.id]));
    const parsed = parseCatalogCsv(catalogToCsv(slice), {
      brandIdOf: (name) => brandByName.get(name),
      seriesIdOf: (_, name) => seriesByName.get(name),
    });
    expect(parsed.rejected).toEqual([]);
    expect(parsed.catalog.models.map((m) => ({ ...m, onSale: true }))).toEqual(
      slice.models.map((m) => ({ ...m, onSale: true })),
    );
  });

  it('leaves out categories that do not apply', () => {
    const bev = catalog.models.find((m) => m.energyType === '纯电动')!;
    const petrol = catalog.models.find((m) => m.energyType === '汽油')!;
    expect(bev.configInfo['发动机']).toBeUndefined();
    expect(petrol.configInfo['电动机']).toBeUndefined();
    expect(petrol.configInfo['电池/充电']).toBeUndefined();
  });

  it('has 2 to 5 trims per series, with rows that are the same and rows that differ', () => {
    for (const series of catalog.series) {
      const models = catalog.models.filter((m) => m.seriesId === series.id);
      expect(models.length, series.id).toBeGreaterThanOrEqual(2);
      expect(models.length, series.id).toBeLessThanOrEqual(5);
      let same = 0;
      let differ = 0;
      for (const category of CONFIG_CATEGORIES) {
        const params = new Set(models.flatMap((m) => Object.keys(m.configInfo[category] ?? {})));
        for (const param of params) {
          const values = new Set(models.map((m) => m.configInfo[category]?.[param] ?? ' - '));
          if (values.size === 1) same += 1;
          else differ += 1;
        }
      }
      expect(same, series.id).toBeGreaterThan(50);
      expect(differ, series.id).toBeGreaterThan(10);
    }
  });
});
