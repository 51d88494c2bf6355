// Exact decimal handling on digit strings. Money must never pass through binary floating point
// arithmetic (0.1 + 0.2 !== 0.3), so amounts are parsed and rounded digit by digit.

export interface DecimalParts {
  negative: boolean;
  /** Integer digits without leading zeros ('' means zero). */
  int: string;
  /** Fraction digits as written, possibly with trailing zeros. */
  frac: string;
}

const DECIMAL_RE = /^([+-])?(\d+(?:,\d{3})*)?(?:\.(\d*))?$/;

/**
 * Parses '128000.00', '-0.5', '+12', '.5' or '1,280,000.00' (thousands separators only in
 * well-formed groups of three). Returns null for anything else, so callers choose their own error.
 */
export function parseDecimalText(text: string): DecimalParts | null {
  const match = DECIMAL_RE.exec(text.trim());
  if (!match) return null;
  const [, sign, intRaw = '', frac = ''] = match;
  if (intRaw === '' && frac === '') return null;
  if (intRaw.includes(',') && !/^\d{1,3}(,\d{3})+$/.test(intRaw)) return null;
  return { negative: sign === '-', int: intRaw.replace(/,/g, '').replace(/^0+/, ''), frac };
}

/**
 * The decimal text a JS number prints as (its shortest round-trip form), with exponent notation
 * expanded: 1e-7 -> '0.0000001', 1.5e21 -> '1500000000000000000000'. Using the printed form means
 * 1.005 is treated as the 1.005 the caller typed, not as 1.00499999999999989... in binary.
 */
export function numberToDecimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`金额必须是有限数字：${value}`);
  const text = String(value);
  const exp = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exp) return text;
  const [, sign = '', lead = '', tail = '', powText = '0'] = exp;
  const digits = lead + tail;
  const point = lead.length + Number(powText);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Increments a string of decimal digits by one ('999' -> '1000', '' -> '1'). */
function incrementDigits(digits: string): string {
  const chars = digits.split('');
  for (let i = chars.length - 1; i >= 0; i -= 1) {
    if (chars[i] !== '9') {
      chars[i] = String(Number(chars[i]) + 1);
      return chars.join('');
    }
    chars[i] = '0';
  }
  return '1' + chars.join('');
}

/**
 * Rounds |value| half-up to `places` fraction digits (ROUND_HALF_UP on the magnitude, i.e. away
 * from zero for negatives, the usual rule for money). Returns exactly `places` fraction digits.
 */
export function roundDecimalParts(parts: DecimalParts, places: number): DecimalParts {
  const padded = parts.frac.padEnd(places, '0');
  const kept = padded.slice(0, places);
  const roundUp = (padded[places] ?? '0') >= '5';
  if (!roundUp) return { negative: parts.negative, int: parts.int, frac: kept };
  const bumped = incrementDigits(parts.int + kept);
  const split = bumped.length - places;
  return {
    negative: parts.negative,
    int: bumped.slice(0, split).replace(/^0+/, ''),
    frac: bumped.slice(split),
  };
}
