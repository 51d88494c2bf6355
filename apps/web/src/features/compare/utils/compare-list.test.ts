import { COMPARE_STORAGE_KEY } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import {
  addCar,
  DUPLICATE_MESSAGE,
  FULL_MESSAGE,
  loadCompareList,
  moveCar,
  parseShareIds,
  removeCar,
  saveCompareList,
  shareUrl,
  togglePin,
  type CompareCar,
} from './compare-list';

const car = (n: number): CompareCar => ({
  id: `1890000000000000${String(n).padStart(3, '0')}`,
  name: `2025款 车型${n}`,
  year: 2025,
  seriesPrice: `${100000 + n}.00`,
  brandName: '品牌',
  seriesName: `车系${n}`,
  carHeaderName: `品牌 车系${n} 2025款 车型${n}`,
  pinActive: false,
});
const ids = (list: CompareCar[]) => list.map((c) => c.id.slice(-2));

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    map,
  };
}

describe('compare list', () => {
  it('adds cars and refuses a duplicate with the documented message', () => {
    const one = addCar([], car(1));
    expect(one.ok).toBe(true);
    const list = one.ok ? one.list : [];
    const again = addCar(list, { ...car(1), name: '同一个编号' });
    expect(again).toEqual({ ok: false, reason: 'duplicate', message: DUPLICATE_MESSAGE });
    expect(DUPLICATE_MESSAGE).toBe('已存在对应的车型，请重新选择');
  });

  it('holds at most ten cars', () => {
    let list: CompareCar[] = [];
    for (let i = 1; i <= 10; i += 1) {
      const r = addCar(list, car(i));
      if (!r.ok) throw new Error(r.message);
      list = r.list;
    }
    expect(addCar(list, car(11))).toEqual({ ok: false, reason: 'full', message: FULL_MESSAGE });
    // A duplicate is reported as a duplicate even when full.
    expect(addCar(list, car(3))).toMatchObject({ reason: 'duplicate' });
  });

  it('pins one car first, moves the pin, and unpins', () => {
    const list = [car(1), car(2), car(3)];
    const pinned = togglePin(list, car(3).id);
    expect(ids(pinned)).toEqual(['03', '01', '02']);
    expect(pinned.map((c) => c.pinActive)).toEqual([true, false, false]);
    const other = togglePin(pinned, car(2).id);
    expect(ids(other)).toEqual(['02', '03', '01']);
    expect(other.filter((c) => c.pinActive)).toHaveLength(1);
    const none = togglePin(other, car(2).id);
    expect(none.every((c) => !c.pinActive)).toBe(true);
  });

  it('reorders left and right, never past the pinned car or the ends', () => {
    const list = [car(1), car(2), car(3)];
    expect(ids(moveCar(list, car(2).id, -1))).toEqual(['02', '01', '03']);
    expect(ids(moveCar(list, car(2).id, 1))).toEqual(['01', '03', '02']);
    expect(ids(moveCar(list, car(1).id, -1))).toEqual(['01', '02', '03']);
    expect(ids(moveCar(list, car(3).id, 1))).toEqual(['01', '02', '03']);
    const pinned = togglePin(list, car(1).id);
    expect(ids(moveCar(pinned, car(2).id, -1))).toEqual(['01', '02', '03']);
    expect(ids(moveCar(pinned, car(1).id, 1))).toEqual(['01', '02', '03']);
    expect(ids(removeCar(list, car(2).id))).toEqual(['01', '03']);
  });

  it('persists under carCompare and survives junk in storage', () => {
    const storage = memoryStorage();
    const list = togglePin([car(1), car(2)], car(2).id);
    saveCompareList(list, storage);
    expect(storage.map.has(COMPARE_STORAGE_KEY)).toBe(true);
    expect(loadCompareList(storage)).toEqual(list);
    storage.setItem(COMPARE_STORAGE_KEY, '{not json');
    expect(loadCompareList(storage)).toEqual([]);
    storage.setItem(
      COMPARE_STORAGE_KEY,
      JSON.stringify([car(1), { id: 'x' }, car(1), { ...car(2), pinActive: true }, null]),
    );
    const loaded = loadCompareList(storage);
    expect(ids(loaded)).toEqual(['01', '02']);
    expect(loaded[1]?.pinActive).toBe(false);
  });

  it('builds and parses share links', () => {
    const url = shareUrl('https://example.cn', [car(2), car(1)]);
    expect(url).toBe(`https://example.cn/carCompare?ids=${car(2).id},${car(1).id}`);
    expect(parseShareIds(new URL(url).searchParams.get('ids'))).toEqual([car(2).id, car(1).id]);
    expect(parseShareIds('1, 2,2,abc,,0,3')).toEqual(['1', '2', '3']);
    expect(parseShareIds(Array.from({ length: 12 }, (_, i) => i + 1).join(','))).toHaveLength(10);
    expect(parseShareIds(null)).toEqual([]);
  });
});
