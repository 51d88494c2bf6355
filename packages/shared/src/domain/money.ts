import { numberToDecimalText, parseDecimalText, roundDecimalParts } from './decimal-text';

// All money is held as an integer number of fen (1 元 = 100 分). Integers add and compare exactly;
// the brand stops a plain yuan number from being passed where fen are expected.
declare const fenBrand: unique symbol;
export type Fen = number & { readonly [fenBrand]: true };

export function fen(amount: number): Fen {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`金额必须是整数（分）：${amount}`);
  return amount as Fen;
}

const STRICT_YUAN_RE = /^-?\d+(?:\.\d{1,2})?$/;

/** Strict parser for stored/typed yuan strings such as "128000.00": at most two decimals, no junk. */
export function yuanStringToFen(text: string): Fen {
  if (!STRICT_YUAN_RE.test(text)) throw new RangeError(`金额格式不正确：${text}`);
  const negative = text.startsWith('-');
  const [intPart = '0', fracPart = ''] = text.replace('-', '').split('.');
  const magnitude = Number(intPart) * 100 + Number(fracPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`金额超出范围：${text}`);
  return fen(negative && magnitude !== 0 ? -magnitude : magnitude);
}

/** Yuan as a JS number, rounded half-up to the fen on its printed decimal form (1.005 -> 101). */
export function yuanToFen(yuan: number): Fen {
  const parts = parseDecimalText(numberToDecimalText(yuan));
  if (!parts) throw new RangeError(`金额格式不正确：${yuan}`);
  const rounded = roundDecimalParts(parts, 2);
  const magnitude = Number((rounded.int || '0') + rounded.frac);
  if (!Number.isSafeInteger(magnitude)) throw new RangeError(`金额超出范围：${yuan}`);
  return fen(rounded.negative && magnitude !== 0 ? -magnitude : magnitude);
}

/** 12800000 -> "128000.00"; -5 -> "-0.05". Plain digits, no grouping, for storage and inputs. */
export function fenToYuanString(amount: number): string {
  const value = fen(amount);
  const abs = Math.abs(value);
  const yuan = Math.floor(abs / 100);
  const cents = String(abs % 100).padStart(2, '0');
  return `${value < 0 ? '-' : ''}${yuan}.${cents}`;
}

/** '128000.00' → '¥128,000.00': an amount as the pages print it, thousands grouped. */
export function yuanDisplay(yuan: string): string {
  const [int = '0', frac = '00'] = yuan.split('.');
  return `¥${int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac}`;
}

/** 1050000 → '¥10,500.00': fen as the notices and documents write them. */
export function fenDisplay(amount: number): string {
  return yuanDisplay(fenToYuanString(amount));
}

/**
 * round(a × b ÷ c) with ROUND_HALF_UP on the magnitude, computed in BigInt so that intermediate
 * products beyond 2^53 stay exact. This is the single rounding primitive of the calculator.
 */
export function mulDivRound(a: bigint | number, b: bigint | number, c: bigint | number): Fen {
  const num = BigInt(a) * BigInt(b);
  const den = BigInt(c);
  if (den === 0n) throw new RangeError('除数不能为零');
  const negative = num < 0n !== den < 0n;
  const n = num < 0n ? -num : num;
  const d = den < 0n ? -den : den;
  const q = (2n * n + d) / (2n * d);
  return fen(Number(negative ? -q : q));
}

/** Sum of fen amounts; throws if the result leaves the safe-integer range. */
export function sumFen(amounts: readonly number[]): Fen {
  return fen(amounts.reduce((acc, x) => acc + x, 0));
}
