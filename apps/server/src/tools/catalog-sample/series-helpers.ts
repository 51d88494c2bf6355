import type { BodyType, Level, PowertrainFact, SeriesFact, SeriesTag, TrimFact } from './types';

// Positional constructor for series facts, to keep each series to a few readable lines:
// seriesFact(brand, id, name, 厂商, 级别, 车身, 座位数, [长, 宽, 高, 轴距], 整备质量, 上市, 动力, 车型, 标签)
export function seriesFact(
  brandId: string,
  id: string,
  name: string,
  fct: string,
  level: Level,
  body: BodyType,
  seats: number,
  dims: readonly [number, number, number, number],
  kerb: number,
  launched: string,
  pts: Record<string, PowertrainFact>,
  trims: readonly TrimFact[],
  tags: readonly SeriesTag[] = [],
): SeriesFact {
  return { id, brandId, name, fct, level, body, seats, dims, kerb, launched, pts, trims, tags };
}
