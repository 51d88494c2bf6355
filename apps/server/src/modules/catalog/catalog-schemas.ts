import { pinyin } from 'pinyin-pro';
import { z } from 'zod';

// The shape of an imported car catalog (brands, series, models with configInfo): zod schemas and
// types. Validation item by item is catalog-validation.ts; the CSV codec is catalog-csv.ts.

/** configInfo categories in display order (docs/product.md#11-compare-and-calculator, plus 电池/充电 and 选装包). */
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
