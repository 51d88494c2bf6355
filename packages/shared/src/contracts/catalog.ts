import { z } from 'zod';
import { endpoint } from './define';
import { idSchema } from './common';

// The car catalog of the comparison portal and the calculator (docs/product.md#12-api-paths, '/mall-portal').

const brand = z.object({ id: z.string(), name: z.string(), logo: z.string(), firstLetter: z.string() });
export type Brand = z.infer<typeof brand>;

const series = z.object({
  id: z.string(),
  seriesName: z.string(),
  fctName: z.string(),
  seriesImg: z.string(),
  level: z.string(),
  minPrice: z.string(),
  maxPrice: z.string(),
});
export type Series = z.infer<typeof series>;

const model = z.object({
  id: z.string(),
  name: z.string(),
  year: z.number().int(),
  seriesPrice: z.string(),
  onSale: z.boolean(),
});
export type Model = z.infer<typeof model>;

/** category → parameter → value ('●' standard, '○' optional, '-' none, or a value with its unit). */
export const configInfoSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type ConfigInfo = z.infer<typeof configInfoSchema>;

const modelBrief = model.extend({
  seriesId: z.string(),
  seriesName: z.string(),
  brandId: z.string(),
  brandName: z.string(),
  energyType: z.string(),
  displacementL: z.number().nullable(),
  seats: z.number().int().nullable(),
});
export type ModelBrief = z.infer<typeof modelBrief>;

const paramCategory = z.object({ category: z.string(), params: z.array(z.string()) });
export type ParamCategory = z.infer<typeof paramCategory>;

export const MAX_BRIEF_IDS = 10;

/** 'a,b,c' → ['a','b','c'], each a valid id, 1 to 10 of them, duplicates removed. */
const idList = z
  .string({ error: '车型编号不能为空' })
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z
      .array(z.string().regex(/^[1-9]\d{0,18}$/, { error: '编号格式不正确' }))
      .min(1, { error: '车型编号不能为空' })
      .max(MAX_BRIEF_IDS, { error: `一次最多查询${MAX_BRIEF_IDS}个车型` }),
  );

const required = (what: string) =>
  z.union([z.string(), z.number()], { error: `${what}不能为空` }).pipe(idSchema);

export const allBrands = endpoint({
  method: 'GET',
  path: '/mall-portal/brand/getAllGoodsBrand',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.array(brand),
});

export const seriesList = endpoint({
  method: 'GET',
  path: '/mall-portal/vehicle/getVehicleSeriesList',
  auth: 'public',
  input: z.object({ brandId: required('品牌编号') }),
  output: z.array(series),
});

export const modelList = endpoint({
  method: 'GET',
  path: '/mall-portal/vehicle/getVehicleModelList',
  auth: 'public',
  input: z.object({ productId: required('车系编号') }),
  output: z.array(model),
});

export const modelConfig = endpoint({
  method: 'GET',
  path: '/mall-portal/vehicle/list',
  auth: 'public',
  input: z.object({ modelId: required('车型编号') }),
  output: configInfoSchema,
});

/** The known parameter names per category, in display order: what the compare table groups by. */
export const paramNames = endpoint({
  method: 'GET',
  path: '/mall-portal/vehicle/paramNames',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.array(paramCategory),
});

/** Names, brand, series and the calculator's facts for a list of model ids (share links, calculator). */
export const modelBriefs = endpoint({
  method: 'GET',
  path: '/mall-portal/vehicle/modelBrief',
  auth: 'public',
  input: z.object({ ids: idList }),
  output: z.array(modelBrief),
});
