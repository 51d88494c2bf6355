import { z } from 'zod';

export const MAX_PAGE_SIZE = 100;

/** The two kinds of account: a buyer (竞买人) bids, a seller (处置单位) lists vehicles. */
export const ROLES = ['buyer', 'seller'] as const;
export type Role = (typeof ROLES)[number];

/** 64-bit ids travel as decimal strings; numbers are accepted from lenient clients. */
export const idSchema = z
  .union([z.string(), z.number().int().nonnegative()])
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(/^[1-9]\d{0,18}$/, { error: '编号格式不正确' }));

const intFrom = (label: string, min: number, max: number, fallback: number) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = typeof v === 'number' ? v : Number(v.trim());
      if (!Number.isInteger(n)) {
        ctx.addIssue({ code: 'custom', message: `${label}必须是整数` });
        return z.NEVER;
      }
      if (n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `${label}须在${min}到${max}之间` });
        return z.NEVER;
      }
      return n;
    });

/** A whole number typed into a form or a query (coerced), within min and max, with Chinese messages. */
export const intIn = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ error: `${label}必须是整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能大于${max}` });

export const pageNumSchema = intFrom('页码', 1, 100_000, 1);
export const pageSizeSchema = (fallback: number) => intFrom('每页条数', 1, MAX_PAGE_SIZE, fallback);

export const pageQuery = (defaultSize: number) =>
  z.object({ pageNum: pageNumSchema, pageSize: pageSizeSchema(defaultSize) });

export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    total: z.number().int(),
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    list: z.array(item),
  });

export type Page<T> = { total: number; pageNum: number; pageSize: number; list: T[] };

/** A keyword: trimmed, bounded, never empty after trimming when present. */
export const keywordSchema = z
  .string({ error: '关键词必须是文字' })
  .max(50, { error: '关键词不能超过50个字符' })
  .transform((s) => s.trim());

export const emptyInput = z.object({}).loose();
export const nothing = z.null();
