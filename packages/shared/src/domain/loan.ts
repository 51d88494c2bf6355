import { numberToDecimalText, parseDecimalText, roundDecimalParts } from './decimal-text';
import { fen, mulDivRound, type Fen } from './money';

// 等额本息 (annuity) repayment, computed exactly on rationals in BigInt.
// With a monthly rate r = bp / 120000 (annual basis points ÷ 12 ÷ 10000), the textbook formula
//   M = P · r · (1 + r)^n / ((1 + r)^n − 1)
// becomes, with A = 120000 + bp and B = 120000,
//   M = P · bp · A^n / (B · (A^n − B^n)),
// a ratio of integers, so the result is reproducible everywhere and rounds in one step.

export interface AnnuityResult {
  months: number;
  /** The monthly payment, rounded half-up to the fen. */
  monthlyPayment: Fen;
  /**
   * n × the exact monthly payment, rounded once. The last instalment absorbs the rounding of the
   * others (as lenders do), so a 0 % loan repays exactly its principal.
   */
  totalRepayment: Fen;
  lastPayment: Fen;
  totalInterest: Fen;
}

/** '3.5', 3.5 or '3.50' (% per year) -> 350 basis points; rounded half-up to 0.01 %. */
export function percentToBasisPoints(percent: number | string): number {
  const text = typeof percent === 'number' ? numberToDecimalText(percent) : percent;
  const parts = parseDecimalText(text);
  if (!parts || parts.negative) throw new RangeError(`年利率格式不正确：${String(percent)}`);
  const rounded = roundDecimalParts(parts, 2);
  const bp = Number((rounded.int || '0') + rounded.frac);
  if (bp >= 10000) throw new RangeError(`年利率超出范围：${String(percent)}`);
  return bp;
}

export function annuity(principal: Fen, annualRateBp: number, months: number): AnnuityResult {
  if (!Number.isSafeInteger(principal) || principal < 0) throw new RangeError('贷款本金必须是非负整数（分）');
  if (!Number.isInteger(annualRateBp) || annualRateBp < 0) throw new RangeError('年利率必须是非负整数基点');
  if (!Number.isInteger(months) || months < 1) throw new RangeError('贷款期数必须是正整数');

  const n = BigInt(months);
  const p = BigInt(principal);
  let numerator: bigint;
  let denominator: bigint;
  if (annualRateBp === 0) {
    numerator = p;
    denominator = n;
  } else {
    const bp = BigInt(annualRateBp);
    const b = 120000n;
    const an = (b + bp) ** n;
    numerator = p * bp * an;
    denominator = b * (an - b ** n);
  }
  const monthlyPayment = mulDivRound(numerator, 1n, denominator);
  const totalRepayment = mulDivRound(numerator, n, denominator);
  return {
    months,
    monthlyPayment,
    totalRepayment,
    lastPayment: fen(totalRepayment - monthlyPayment * (months - 1)),
    totalInterest: fen(totalRepayment - principal),
  };
}
