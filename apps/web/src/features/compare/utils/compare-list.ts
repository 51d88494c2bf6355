import { COMPARE_MAX_CARS, COMPARE_STORAGE_KEY } from '@chepai/shared';

// The compare list (docs/product.md#11-compare-and-calculator): pure operations plus localStorage
// persistence under `carCompare`. configInfo is not stored: it is fetched per model, so a
// re-imported catalog shows.

export interface CompareCar {
  id: string;
  name: string;
  year: number;
  seriesPrice: string;
  brandName: string;
  seriesName: string;
  carHeaderName: string;
  pinActive: boolean;
}

export const DUPLICATE_MESSAGE = '已存在对应的车型，请重新选择';
export const FULL_MESSAGE = `最多只能对比${COMPARE_MAX_CARS}个车型，请先删除部分车型`;

export const headerNameOf = (car: Pick<CompareCar, 'brandName' | 'seriesName' | 'name'>) =>
  `${car.brandName} ${car.seriesName} ${car.name}`;

export type AddResult =
  { ok: true; list: CompareCar[] } | { ok: false; reason: 'duplicate' | 'full'; message: string };

export function addCar(list: readonly CompareCar[], car: CompareCar): AddResult {
  if (list.some((c) => c.id === car.id))
    return { ok: false, reason: 'duplicate', message: DUPLICATE_MESSAGE };
  if (list.length >= COMPARE_MAX_CARS) return { ok: false, reason: 'full', message: FULL_MESSAGE };
  return { ok: true, list: [...list, { ...car, pinActive: false }] };
}

export const removeCar = (list: readonly CompareCar[], id: string) => list.filter((c) => c.id !== id);

/** Pins one car (first and sticky); pinning the pinned car unpins it. At most one pin. */
export function togglePin(list: readonly CompareCar[], id: string): CompareCar[] {
  const target = list.find((c) => c.id === id);
  if (!target) return [...list];
  const pin = !target.pinActive;
  const rest = list.filter((c) => c.id !== id).map((c) => ({ ...c, pinActive: false }));
  return pin ? [{ ...target, pinActive: true }, ...rest] : [{ ...target, pinActive: false }, ...rest];
}

/** Moves a car one place left (-1) or right (+1); the pinned car stays first. */
export function moveCar(list: readonly CompareCar[], id: string, direction: -1 | 1): CompareCar[] {
  const from = list.findIndex((c) => c.id === id);
  const to = from + direction;
  const floor = list[0]?.pinActive ? 1 : 0;
  if (from < floor || to < floor || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to] as CompareCar, next[from] as CompareCar];
  return next;
}

const isCar = (v: unknown): v is CompareCar => {
  if (!v || typeof v !== 'object') return false;
  const c = v as Record<string, unknown>;
  return (
    typeof c.id === 'string' &&
    /^\d{1,19}$/.test(c.id) &&
    typeof c.name === 'string' &&
    typeof c.seriesPrice === 'string'
  );
};

/** Reads the stored list; anything unreadable is dropped rather than breaking the page. */
export function loadCompareList(storage: Pick<Storage, 'getItem'> = localStorage): CompareCar[] {
  try {
    const raw: unknown = JSON.parse(storage.getItem(COMPARE_STORAGE_KEY) ?? '[]');
    if (!Array.isArray(raw)) return [];
    const seen = new Set<string>();
    const cars = raw.filter(isCar).filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
    const normalised = cars.slice(0, COMPARE_MAX_CARS).map((c) => ({
      id: c.id,
      name: c.name,
      year: Number(c.year) || 0,
      seriesPrice: c.seriesPrice,
      brandName: String(c.brandName ?? ''),
      seriesName: String(c.seriesName ?? ''),
      carHeaderName: String(c.carHeaderName ?? headerNameOf(c)),
      pinActive: Boolean(c.pinActive),
    }));
    // Only the first car may be pinned.
    return normalised.map((c, i) => ({ ...c, pinActive: i === 0 && c.pinActive }));
  } catch {
    return [];
  }
}

export function saveCompareList(
  list: readonly CompareCar[],
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    storage.setItem(COMPARE_STORAGE_KEY, JSON.stringify(list));
  } catch {
    /* storage full or disabled: the list still works for this visit */
  }
}

/** `/carCompare?ids=a,b,c`, in the displayed order. */
export function shareUrl(origin: string, list: readonly CompareCar[]): string {
  return `${origin}/carCompare?ids=${list.map((c) => c.id).join(',')}`;
}

/** Valid ids of a share link, de-duplicated, at most ten. */
export function parseShareIds(param: string | null): string[] {
  if (!param) return [];
  const ids = param
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^[1-9]\d{0,18}$/.test(s));
  return [...new Set(ids)].slice(0, COMPARE_MAX_CARS);
}
