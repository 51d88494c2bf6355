import { describe, expect, it } from 'vitest';
import type { LockedLot } from './bid-batch.repo';
import { engineCache } from './engine-cache';

const lot = (id: string, token: string): LockedLot => ({
  lot: { id, engine_token: token } as LockedLot['lot'],
  top: undefined,
  deposits: new Map([['b1', { bidder_no: '100001', state: 'frozen' }]]),
});

describe('the engine cache', () => {
  it('leaves a lot whose state did not hold to the locked path for a while, and keeps its deposits', () => {
    let t = 1_000;
    const cache = engineCache(10, () => t);
    cache.put('1', lot('1', 'a'));
    cache.drop('1', true);
    cache.put('1', lot('1', 'b'));
    expect(cache.get('1')).toBeUndefined();
    t += 2_001;
    expect(cache.get('1')?.lot.engine_token).toBe('b');
    expect(cache.unknownBuyers('1', ['b1', 'b2'])).toEqual(['b2']);
  });

  it('forgets deposits read as no longer frozen', () => {
    const cache = engineCache();
    cache.put('1', lot('1', 'a'));
    cache.learnDeposits('1', [['b1', { bidder_no: '100001', state: 'refunded' }]]);
    expect(cache.unknownBuyers('1', ['b1'])).toEqual(['b1']);
  });

  it('drops the oldest lot beyond its capacity', () => {
    const cache = engineCache(2);
    for (const id of ['1', '2', '3']) cache.put(id, lot(id, 't'));
    expect([cache.get('1'), cache.get('2'), cache.get('3')].map(Boolean)).toEqual([false, true, true]);
    expect(cache.unknownBuyers('1', ['b1'])).toEqual(['b1']);
  });
});
