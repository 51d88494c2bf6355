import { unit } from './prng';
import type { BrandFact, EngineFact, PowertrainFact, SeriesFact, SeriesTag } from './types';

// What every configInfo generator sees about one model, plus the rule that turns a model's
// "equipment score" into ● standard / ○ optional / - none.
//
// The score grows with the series' price class (log scale), with the trim's place in its series
// (higher trims get more), slightly with the model year, and per brand with a tech or comfort lean.
// A feature with threshold t is standard when the score reaches t and, for about half of the series
// (decided per series and feature), optional within 1.2 points below t. So trims of one series share
// many rows and differ on others, as real spec sheets do.

export type Flag = '●' | '○' | '-';
export type Category = Record<string, string>;
export type Lean = 'base' | 'tech' | 'lux';

export interface ModelContext {
  brand: BrandFact;
  series: SeriesFact;
  pt: PowertrainFact;
  engine: EngineFact | null;
  modelId: string;
  year: number;
  trimName: string;
  price: number;
  /** 0 for the cheapest trim of the series, 1 for the dearest. */
  tier: number;
  score: number;
  /** One model per series carries the 实测 (independent test) figures. */
  tested: boolean;
}

export const NONE = '-';

export function classScore(medianPrice: number): number {
  return Math.min(8, Math.max(0, Math.log2(medianPrice / 50000) * 1.6));
}

export function equipmentScore(medianPrice: number, tier: number, year: number): number {
  return classScore(medianPrice) + tier * 2.6 + (year - 2024) * 0.3;
}

export function leanScore(ctx: ModelContext, lean: Lean): number {
  if (lean === 'tech') return ctx.score + (ctx.brand.tech ?? 0) * 1.5;
  if (lean === 'lux') return ctx.score + (ctx.brand.lux ?? 0) * 1.2;
  return ctx.score;
}

/** Stable per series: the same for every trim, so trims agree unless the score separates them. */
export function seriesUnit(ctx: ModelContext, key: string): number {
  return unit(ctx.series.id, key);
}

/** Stable per model. */
export function modelUnit(ctx: ModelContext, key: string): number {
  return unit(ctx.modelId, key);
}

export function flag(ctx: ModelContext, name: string, threshold: number, lean: Lean = 'base'): Flag {
  const score = leanScore(ctx, lean);
  if (score >= threshold) return '●';
  if (score >= threshold - 1.2 && seriesUnit(ctx, `opt:${name}`) < 0.5) return '○';
  return '-';
}

/** out[k] where k is how many of the ascending steps the value reaches. */
export function ladder<T>(value: number, steps: readonly number[], out: readonly T[]): T {
  const index = steps.filter((step) => value >= step).length;
  const item = out[Math.min(index, out.length - 1)];
  if (item === undefined) throw new Error('ladder needs at least one value');
  return item;
}

export function has(ctx: ModelContext, tag: SeriesTag): boolean {
  return ctx.series.tags?.includes(tag) ?? false;
}

/** Front/rear 'x●/y○' pair, the usual way spec sheets show paired features. */
export function pair(front: string, frontFlag: Flag, rear: string, rearFlag: Flag): string {
  return `${front}${frontFlag}/${rear}${rearFlag}`;
}

export function round(value: number, digits = 0): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
