import { numberToDecimalText, parseDecimalText, roundDecimalParts, type DecimalParts } from './decimal-text';

// Converts a yuan amount to 中文大写 as written on invoices and contracts (docs/product.md#9-validation-rules).
//
// Conventions chosen (they follow the PBOC 《支付结算办法》 rules for writing amounts):
// - 0 -> '零元整'; negatives get the prefix '负'; at most 16 integer digits, more is a RangeError.
// - Digit groups of four use the units '' / 万 / 亿 / 兆, where 兆 = 10^12 (万亿), the unit that
//   the usual 16-digit financial converters use for the fourth group.
// - Tens are always written with 壹: 10 -> '壹拾元整' (financial style, prevents tampering).
// - Runs of zeros inside the integer part become a single 零 ('壹仟零壹拾元', '壹亿零壹万元'),
//   also across a group unit ('壹拾万零柒仟元', one of the two forms the rules give for 107000);
//   trailing zeros are silent ('壹仟元', '壹亿元').
// - Whole yuan end with 整. An amount with 角 and no 分 ends at 角 without 整 ('壹万零伍元伍角'),
//   which the rules allow and most bank forms use.
// - 角 = 0 but 分 > 0 writes 零 between 元 and 分 ('壹元零伍分'); when the units digit of the yuan is
//   0 and 角 is not, no extra 零 is written ('壹拾元伍角'), which the rules also allow.
// - Amounts below one yuan have no '零元' prefix: 0.5 -> '伍角', 0.05 -> '伍分', 0.15 -> '壹角伍分'.
// - Numbers are rounded half-up to the fen on their printed decimal form; strings and bigints are
//   read digit by digit, so "128000.00" and 12345678901234567n are never touched by floating point.

const DIGITS = ['零', '壹', '贰', '叁', '肆', '伍', '陆', '柒', '捌', '玖'] as const;
const IN_GROUP = ['', '拾', '佰', '仟'] as const;
const GROUPS = ['', '万', '亿', '兆'] as const;
export const MAX_INTEGER_DIGITS = 16;

function toParts(value: number | string | bigint): DecimalParts {
  if (typeof value === 'bigint') {
    const text = value.toString();
    return { negative: text.startsWith('-'), int: text.replace('-', '').replace(/^0+/, ''), frac: '' };
  }
  const text = typeof value === 'number' ? numberToDecimalText(value) : value;
  const parts = parseDecimalText(text);
  if (!parts) throw new TypeError(`金额格式不正确：${String(value)}`);
  return parts;
}

function integerInWords(int: string): string {
  let out = '';
  let zeros = 0;
  for (let i = 0; i < int.length; i += 1) {
    const digit = Number(int[i]);
    const power = int.length - 1 - i;
    const inGroup = power % 4;
    if (digit === 0) {
      zeros += 1;
    } else {
      if (zeros > 0) out += '零';
      zeros = 0;
      out += (DIGITS[digit] ?? '') + (IN_GROUP[inGroup] ?? '');
    }
    // A group unit is written unless the whole group of four was zero (then zeros >= 4).
    if (inGroup === 0 && zeros < 4) out += GROUPS[power / 4] ?? '';
  }
  return out;
}

export function amountInWords(value: number | string | bigint): string {
  const parts = roundDecimalParts(toParts(value), 2);
  if (parts.int.length > MAX_INTEGER_DIGITS) {
    throw new RangeError(`金额超出范围：整数部分最多支持${MAX_INTEGER_DIGITS}位`);
  }
  const jiao = Number(parts.frac[0]);
  const fenDigit = Number(parts.frac[1]);
  if (parts.int === '' && jiao === 0 && fenDigit === 0) return '零元整';

  let words = parts.int === '' ? '' : integerInWords(parts.int) + '元';
  if (jiao === 0 && fenDigit === 0) words += '整';
  if (jiao > 0) words += `${DIGITS[jiao] ?? ''}角`;
  if (fenDigit > 0) words += `${jiao === 0 && parts.int !== '' ? '零' : ''}${DIGITS[fenDigit] ?? ''}分`;
  return (parts.negative ? '负' : '') + words;
}
