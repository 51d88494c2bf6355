import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fen, fenDisplay, fenToYuanString, mulDivRound, sumFen, yuanStringToFen, yuanToFen } from './money';
import { numberToDecimalText, parseDecimalText } from './decimal-text';

describe('yuanStringToFen', () => {
  it.each<[string, number]>([
    ['128000.00', 12800000],
    ['128000', 12800000],
    ['0.5', 50],
    ['0.05', 5],
    ['1.1', 110],
    ['-3.20', -320],
    ['-0.00', 0],
    ['007.50', 750],
  ])('%s -> %i fen', (text, expected) => {
    expect(yuanStringToFen(text)).toBe(expected);
  });

  it.each([
    ['1.005'],
    ['abc'],
    [''],
    [' 1.00'],
    ['1,000.00'],
    ['.5'],
    ['1.'],
    ['+1'],
    ['1e3'],
    ['99999999999999999'],
  ])('rejects %j', (text) => {
    expect(() => yuanStringToFen(text)).toThrow(RangeError);
  });
});

describe('fenToYuanString', () => {
  it.each<[number, string]>([
    [12800000, '128000.00'],
    [0, '0.00'],
    [5, '0.05'],
    [50, '0.50'],
    [-5, '-0.05'],
    [-12345, '-123.45'],
  ])('%i -> %s', (amount, expected) => {
    expect(fenToYuanString(amount)).toBe(expected);
  });

  it('rejects non-integers', () => {
    expect(() => fenToYuanString(1.5)).toThrow(RangeError);
  });

  it('round-trips with yuanStringToFen', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), (amount) => {
        expect(yuanStringToFen(fenToYuanString(amount))).toBe(amount);
      }),
    );
  });
});

describe('yuanToFen', () => {
  it.each<[number, number]>([
    [1.005, 101],
    [1.004, 100],
    [0.1 + 0.2, 30],
    [129800, 12980000],
    [-2.675, -268],
    [1e-9, 0],
  ])('%s -> %i', (yuan, expected) => {
    expect(yuanToFen(yuan)).toBe(expected);
  });
});

describe('mulDivRound (half-up on the magnitude)', () => {
  it.each<[number, number, number, number]>([
    [5, 1, 2, 3],
    [-5, 1, 2, -3],
    [4, 1, 2, 2],
    [12980000, 10, 113, 1148673],
    [1, 1, 3, 0],
    [2, 1, 3, 1],
  ])('%i × %i ÷ %i = %i', (a, b, c, expected) => {
    expect(mulDivRound(a, b, c)).toBe(expected);
  });

  it('stays exact beyond 2^53 in the intermediate product', () => {
    expect(mulDivRound(9007199254740991, 3, 3)).toBe(9007199254740991);
  });

  it('rejects division by zero', () => {
    expect(() => mulDivRound(1, 1, 0)).toThrow(RangeError);
  });
});

describe('fen and sumFen', () => {
  it('accept safe integers only', () => {
    expect(fen(42)).toBe(42);
    expect(() => fen(0.1)).toThrow(RangeError);
    expect(sumFen([1, 2, 3])).toBe(6);
    expect(() => sumFen([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
  });
});

describe('decimal text helpers', () => {
  it('expands exponent notation', () => {
    expect(numberToDecimalText(1e-7)).toBe('0.0000001');
    expect(numberToDecimalText(1.5e21)).toBe('1500000000000000000000');
    expect(numberToDecimalText(-2.5e-3)).toBe('-0.0025');
    expect(numberToDecimalText(123.45)).toBe('123.45');
  });

  it('parses only well-formed decimals', () => {
    expect(parseDecimalText('1,234.5')).toEqual({ negative: false, int: '1234', frac: '5' });
    expect(parseDecimalText('-000')).toEqual({ negative: true, int: '', frac: '' });
    expect(parseDecimalText('12,34')).toBeNull();
    expect(parseDecimalText('.')).toBeNull();
  });
});

describe('fenDisplay', () => {
  it.each<[number, string]>([
    [0, '¥0.00'],
    [5, '¥0.05'],
    [99999, '¥999.99'],
    [1050000, '¥10,500.00'],
    [12345678901, '¥123,456,789.01'],
  ])('%d fen → %s', (amount, text) => expect(fenDisplay(amount)).toBe(text));

  it('agrees with the zh-CN number format for any amount', () => {
    const format = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10 ** 13 }),
        (amount) => fenDisplay(amount) === `¥${format.format(amount / 100)}`,
      ),
    );
  });
});
