/**
 * Vehicle identification numbers (docs/product.md#5-lot-statuses for where they are asked; GB 16735
 * and ISO 3779): 17 characters from digits and capital letters except I, O and Q, with a check
 * digit in position 9 computed from the other sixteen (transliterated values × position weights,
 * sum mod 11, 10 written as X).
 */
const TRANSLITERATION: Record<string, number> = {
  A: 1,
  B: 2,
  C: 3,
  D: 4,
  E: 5,
  F: 6,
  G: 7,
  H: 8,
  J: 1,
  K: 2,
  L: 3,
  M: 4,
  N: 5,
  P: 7,
  R: 9,
  S: 2,
  T: 3,
  U: 4,
  V: 5,
  W: 6,
  X: 7,
  Y: 8,
  Z: 9,
};
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];
const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

export type VinProblem = 'length' | 'characters' | 'checkDigit';

/** Upper-cases and strips spaces, the way people copy VINs from a registration certificate. */
export function normalizeVin(text: string): string {
  return text.replace(/\s+/g, '').toUpperCase();
}

/** The check digit the other sixteen characters call for ('0'–'9' or 'X'). */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) {
    const c = vin[i]!;
    const value = c >= '0' && c <= '9' ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** What is wrong with a (normalised) VIN, or null when it is valid. */
export function vinProblem(vin: string): VinProblem | null {
  if (vin.length !== 17) return 'length';
  if (!VIN_PATTERN.test(vin)) return 'characters';
  if (vinCheckDigit(vin) !== vin[8]) return 'checkDigit';
  return null;
}

export const VIN_MESSAGES: Record<VinProblem, string> = {
  length: '车架号（VIN）须为17位',
  characters: '车架号只能包含数字和大写字母，且不含I、O、Q',
  checkDigit: '车架号校验位（第9位）不正确，请核对行驶证或登记证书',
};
