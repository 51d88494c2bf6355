import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache';
import { maskBidderNo, maskPlate, maskVin } from './masking';
import { escapeLike } from '../../lib/sql';
import { buildSearchDocument, shortGrams } from './search-document';

const source = {
  title: '2021款 比亚迪汉 EV 创世版',
  brand_name: '比亚迪',
  series_name: '汉',
  model_name: 'EV 创世版',
  body_type: 'sedan',
  color: '白色',
  fuel_type: '纯电动',
  transmission: '电动车单速变速箱',
  emission_standard: '无（纯电动）',
  province: '重庆',
  city: '重庆',
  plate_city: '渝A',
};

describe('search document', () => {
  it('holds the Chinese text, full pinyin and initials, lower-cased', () => {
    const { search_text } = buildSearchDocument(source);
    const words = search_text.split(' ');
    for (const w of [
      '比亚迪',
      'biyadi',
      'byd',
      'biyadihan',
      'bydh',
      'chongqing',
      'cq',
      'baise',
      '渝a',
      '轿车',
      'ev',
    ])
      expect(words, w).toContain(w);
    expect(search_text).toBe(search_text.toLowerCase());
  });

  it('lists every 1–2 character substring of each word, and nothing across words', () => {
    expect(shortGrams(['宝马', 'x5'])).toEqual(['宝', '宝马', '马', 'x', 'x5', '5']);
    expect(shortGrams(['ab', 'cd'])).not.toContain('bc');
  });

  it('escapes LIKE metacharacters', () => {
    expect(escapeLike(String.raw`100%_a\b`)).toBe(String.raw`100\%\_a\\b`);
  });
});

describe('masking', () => {
  it('keeps the first 3 and last 4 of a VIN, the region and last 2 of a plate, the last 4 of a bidder', () => {
    expect(maskVin('LSVAM4187C2184733')).toBe('LSV**********4733');
    expect(maskPlate('沪A12345')).toBe('沪A·***45');
    expect(maskPlate('粤BD12345')).toBe('粤B·****45');
    expect(maskBidderNo('208731')).toBe('**8731');
  });
});

describe('count cache', () => {
  it('reuses a total within its time to live and counts again after it', async () => {
    let clock = 0;
    let calls = 0;
    const cache = createCountCache(1000, () => clock);
    const count = () => Promise.resolve(++calls);
    expect(await cache.get('k', count)).toBe(1);
    clock = 999;
    expect(await cache.get('k', count)).toBe(1);
    expect(await cache.get('other', count)).toBe(2);
    clock = 1000;
    expect(await cache.get('k', count)).toBe(3);
  });
});
