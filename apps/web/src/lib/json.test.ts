import JSONbig from 'json-bigint';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseJsonKeepingBigInts } from './json';

const reference = JSONbig({ storeAsString: true });

/** What a parser makes of the text: its value, or the fact that it refused it. */
async function outcome(
  parse: (text: string) => unknown,
  text: string,
): Promise<{ value: unknown } | { refused: true }> {
  try {
    return { value: await parse(text) };
  } catch {
    return { refused: true };
  }
}

describe('parseJsonKeepingBigInts', () => {
  it('keeps 64-bit ids and long numbers as strings', async () => {
    expect(await parseJsonKeepingBigInts('{"id":1890000000000000562,"n":12,"f":1234567890.123456}')).toEqual({
      id: '1890000000000000562',
      n: 12,
      f: '1234567890.123456',
    });
  });

  it('parses text without long numbers natively, with the same result', async () => {
    const text = '{"基本参数":{"厂商指导价":"19.98万元","长*宽*高":"4800*1875*1460mm"},"n":-123.5,"ok":true}';
    expect(await parseJsonKeepingBigInts(text)).toEqual(reference.parse(text));
  });

  it.each(['__proto__', 'constructor'])('refuses a "%s" key, with or without long numbers', async (key) => {
    await expect(parseJsonKeepingBigInts(`{"${key}":""}`)).rejects.toThrow();
    await expect(parseJsonKeepingBigInts(`{"a":[{"${key}":{"x":1}}]}`)).rejects.toThrow();
    await expect(parseJsonKeepingBigInts(`{"id":1890000000000000562,"${key}":1}`)).rejects.toThrow();
    const escaped = key.replace(/_/g, '\\u005f').replace('c', '\\u0063');
    await expect(parseJsonKeepingBigInts(`{"${escaped}":""}`)).rejects.toThrow();
  });

  it('accepts those words as values', async () => {
    expect(await parseJsonKeepingBigInts('{"a":"__proto__","b":["constructor"]}')).toEqual({
      a: '__proto__',
      b: ['constructor'],
    });
  });

  it('agrees with json-bigint on arbitrary JSON, refusals included', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.bigInt({ min: -(2n ** 64n), max: 2n ** 64n }),
        async (value, big) => {
          const text = JSON.stringify({ value, big: 0 }).replace('"big":0', `"big":${big}`);
          expect(await outcome(parseJsonKeepingBigInts, text)).toEqual(
            await outcome((t) => reference.parse(t), text),
          );
        },
      ),
      { numRuns: 300 },
    );
  });
});
