import { describe, expect, it } from 'vitest';
import { visibleHotKeywords } from './hot-keywords';

describe('visibleHotKeywords (docs/product.md#13-business-constants)', () => {
  const words = (n: number) => Array.from({ length: n }, (_, i) => `词${i + 1}`);
  it.each([
    [0, 0],
    [3, 3],
    [4, 4],
    [5, 5],
    [6, 6],
    [7, 6],
    [10, 6],
  ])('%i returned → %i shown', (n, shown) => {
    expect(visibleHotKeywords(words(n))).toEqual(words(n).slice(0, shown));
  });
});
