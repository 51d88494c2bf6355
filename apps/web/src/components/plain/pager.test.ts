import { describe, expect, it } from 'vitest';
import { pagerItems } from './pager';

describe('pager items', () => {
  it('lists every page when there are few', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('keeps the first, the last and two either side of the current, with gaps between', () => {
    expect(pagerItems(1, 20)).toEqual([1, 2, 3, null, 20]);
    expect(pagerItems(10, 20)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
    expect(pagerItems(20, 20)).toEqual([1, null, 18, 19, 20]);
    expect(pagerItems(4, 20)).toEqual([1, 2, 3, 4, 5, 6, null, 20]);
  });
});
