import JSONbig from 'json-bigint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonKeepingBigInts } from './json';

const reference = JSONbig({ storeAsString: true });

describe('parseJsonKeepingBigInts', () => {
  it('keeps 64-bit ids and long numbers as strings', () => {
    expect(parseJsonKeepingBigInts('{"id":1890000000000000562,"n":12,"f":1234567890.123456}')).toEqual({
      id: '1890000000000000562',
      n: 12,
      f: '1234567890.123456',
    });
  });

  it('parses text without long numbers natively, with the same result', () => {
    const text = '{"基本参数":{"厂商指导价":"19.98万元","长*宽*高":"4800*1875*1460mm"},"n":-123.5,"ok":true}';
    expect(parseJsonKeepingBigInts(text)).toEqual(reference.parse(text));
  });

  it('agrees with json-bigint on arbitrary JSON', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }), (value, big) => {
        const text = JSON.stringify({ value, big: 0 }).replace('"big":0', `"big":${big}`);
        expect(parseJsonKeepingBigInts(text)).toEqual(reference.parse(text));
      }),
      { numRuns: 300 },
    );
  });
});
