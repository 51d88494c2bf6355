import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { amountInWords } from './amount-in-words';

// Every expectation below was written out by hand from the rules documented in amount-in-words.ts.

describe('amountInWords: zero', () => {
  it.each<[number | string | bigint, string]>([
    [0, '零元整'],
    [-0, '零元整'],
    ['0', '零元整'],
    ['0.00', '零元整'],
    ['-0.00', '零元整'],
    ['0.004', '零元整'],
    [0n, '零元整'],
    [1e-7, '零元整'],
  ])('%s -> %s', (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });
});

describe('amountInWords: integers and zeros in every position', () => {
  it.each<[number | string | bigint, string]>([
    [1, '壹元整'],
    [10, '壹拾元整'],
    [15, '壹拾伍元整'],
    [100, '壹佰元整'],
    [101, '壹佰零壹元整'],
    [110, '壹佰壹拾元整'],
    [1001, '壹仟零壹元整'],
    [1010, '壹仟零壹拾元整'],
    [1100, '壹仟壹佰元整'],
    [10000, '壹万元整'],
    [10001, '壹万零壹元整'],
    [10010, '壹万零壹拾元整'],
    [10100, '壹万零壹佰元整'],
    [11000, '壹万壹仟元整'],
    [100100, '壹拾万零壹佰元整'],
    [1000000, '壹佰万元整'],
    [20000000, '贰仟万元整'],
    [100000000, '壹亿元整'],
    [100001000, '壹亿零壹仟元整'],
    [100010000, '壹亿零壹万元整'],
    [101000000, '壹亿零壹佰万元整'],
    [303030303, '叁亿零叁佰零叁万零叁佰零叁元整'],
    [2000000005, '贰拾亿零伍元整'],
    [1e12, '壹兆元整'],
    ['100000000000000', '壹佰兆元整'],
    ['1000100000000000', '壹仟兆零壹仟亿元整'],
    ['1000000000000001', '壹仟兆零壹元整'],
    ['1000000100000000', '壹仟兆零壹亿元整'],
    [1234567890123456n, '壹仟贰佰叁拾肆兆伍仟陆佰柒拾捌亿玖仟零壹拾贰万叁仟肆佰伍拾陆元整'],
    ['0100', '壹佰元整'],
  ])('%s -> %s', (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });
});

describe('amountInWords: 角 and 分', () => {
  it.each<[number | string, string]>([
    [0.5, '伍角'],
    [0.05, '伍分'],
    [0.01, '壹分'],
    [0.15, '壹角伍分'],
    [1.5, '壹元伍角'],
    [1.05, '壹元零伍分'],
    [1.55, '壹元伍角伍分'],
    [10.5, '壹拾元伍角'],
    [100.05, '壹佰元零伍分'],
    [10005.5, '壹万零伍元伍角'],
    [1680.32, '壹仟陆佰捌拾元叁角贰分'],
    // the official example of 《支付结算办法》 accepts this form: one 零 for the zero 万 digit
    ['107000.53', '壹拾万零柒仟元伍角叁分'],
  ])('%s -> %s', (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });
});

describe('amountInWords: string and bigint inputs', () => {
  it.each<[string | bigint, string]>([
    ['128000.00', '壹拾贰万捌仟元整'],
    ['1,280,000.00', '壹佰贰拾捌万元整'],
    ['+12', '壹拾贰元整'],
    [' 12.30 ', '壹拾贰元叁角'],
    ['.5', '伍角'],
    ['7.', '柒元整'],
    ['1.004', '壹元整'],
    ['1.005', '壹元零壹分'],
    ['0.995', '壹元整'],
    ['9999999999999999.99', '玖仟玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
    [-5n, '负伍元整'],
  ])('%s -> %s', (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });

  it('rounds numbers half-up on the printed form, so 1.005 is 1.01 (not 1.00 as 1.005*100 would give)', () => {
    expect(amountInWords(1.005)).toBe('壹元零壹分');
    expect(amountInWords(2.675)).toBe('贰元陆角捌分');
  });
});

describe('amountInWords: 16 digits and beyond', () => {
  it('accepts exactly 16 integer digits', () => {
    expect(amountInWords('9999999999999999')).toBe(
      '玖仟玖佰玖拾玖兆玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整',
    );
  });

  it.each<[number | string | bigint]>([
    ['10000000000000000'],
    [1e16],
    [12345678901234567n],
    ['9999999999999999.995'],
    [-1e17],
  ])('rejects %s with a RangeError in Chinese', (input) => {
    expect(() => amountInWords(input)).toThrow(RangeError);
    expect(() => amountInWords(input)).toThrow('整数部分最多支持16位');
  });
});

describe('amountInWords: negatives', () => {
  it.each<[number | string, string]>([
    [-1, '负壹元整'],
    [-1234.56, '负壹仟贰佰叁拾肆元伍角陆分'],
    ['-0.05', '负伍分'],
    ['-100000000', '负壹亿元整'],
    [-0.004, '零元整'],
  ])('%s -> %s', (input, expected) => {
    expect(amountInWords(input)).toBe(expected);
  });
});

describe('amountInWords: bad input', () => {
  it.each([['abc'], [''], ['12a'], ['1,00'], ['1.2.3'], ['--1'], ['1e5']])('rejects %j', (input) => {
    expect(() => amountInWords(input)).toThrow(TypeError);
  });

  it.each([[Number.NaN], [Number.POSITIVE_INFINITY]])('rejects %s', (input) => {
    expect(() => amountInWords(input)).toThrow(RangeError);
  });
});

/** Independent reader of the capitals, used to check the converter by round trip. */
function wordsToFen(words: string): bigint {
  const digits = '零壹贰叁肆伍陆柒捌玖';
  const small: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };
  const big: Record<string, bigint> = { 万: 10n ** 4n, 亿: 10n ** 8n, 兆: 10n ** 12n };
  const negative = words.startsWith('负');
  const body = negative ? words.slice(1) : words;
  const [intText = '', fracText = ''] = body.includes('元') ? body.split('元') : ['', body];
  let total = 0n;
  let section = 0n;
  let digit = 0n;
  for (const ch of intText) {
    const d = digits.indexOf(ch);
    if (d >= 0) digit = BigInt(d);
    else if (small[ch] !== undefined) {
      section += digit * small[ch];
      digit = 0n;
    } else if (big[ch] !== undefined) {
      total += (section + digit) * big[ch];
      section = 0n;
      digit = 0n;
    }
  }
  let fenPart = 0n;
  const jiao = /(.)角/.exec(fracText)?.[1];
  const fenChar = /(.)分/.exec(fracText)?.[1];
  if (jiao) fenPart += BigInt(digits.indexOf(jiao)) * 10n;
  if (fenChar) fenPart += BigInt(digits.indexOf(fenChar));
  const value = (total + section + digit) * 100n + fenPart;
  return negative ? -value : value;
}

function fenToText(value: bigint): string {
  const abs = value < 0n ? -value : value;
  return `${value < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

describe('amountInWords: properties', () => {
  const maxFen = 10n ** 18n - 1n;

  it('never throws for |x| < 1e16', () => {
    fc.assert(
      fc.property(fc.double({ min: -9.999999999999998e15, max: 9.999999999999998e15, noNaN: true }), (x) => {
        expect(typeof amountInWords(x)).toBe('string');
      }),
    );
  });

  it('round-trips every fen amount up to 16 integer digits through an independent reader', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -maxFen, max: maxFen }), (value) => {
        expect(wordsToFen(amountInWords(fenToText(value)))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('round-trips amounts made of few non-zero digits (zero handling)', () => {
    const sparse = fc
      .array(fc.tuple(fc.integer({ min: 0, max: 17 }), fc.integer({ min: 1, max: 9 })), { maxLength: 3 })
      .map(
        (pairs) => pairs.reduce((acc, [pos, d]) => acc + BigInt(d) * 10n ** BigInt(pos), 0n) % (maxFen + 1n),
      );
    fc.assert(
      fc.property(sparse, (value) => {
        expect(wordsToFen(amountInWords(fenToText(value)))).toBe(value);
      }),
      { numRuns: 2000 },
    );
  });

  it('uses only the allowed characters, never two 零 in a row, and never ends in 零', () => {
    fc.assert(
      // Zero is the one amount spelled with a leading 零 ('零元整'); it has its own example above.
      fc.property(
        fc.bigInt({ min: -maxFen, max: maxFen }).filter((v) => v !== 0n),
        (value) => {
          const words = amountInWords(fenToText(value));
          expect(words).toMatch(/^负?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿兆元角分整]+$/);
          expect(words).not.toContain('零零');
          expect(words).not.toMatch(/零[元万亿兆角]|零$/);
        },
      ),
    );
  });

  it('ends with 整 exactly when there are no 角 and 分', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: maxFen }), (value) => {
        expect(amountInWords(fenToText(value)).endsWith('整')).toBe(value % 100n === 0n);
      }),
    );
  });
});
