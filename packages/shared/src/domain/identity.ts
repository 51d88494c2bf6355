/**
 * Real-name data a bidding platform must check: the resident ID number (GB 11643-1999) and the
 * unified social credit code of a company (GB 32100-2015). Pure functions, shared by server and web.
 */

const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = '10X98765432';
/** Province-level codes in use (first two digits). */
const PROVINCES = new Set([
  11, 12, 13, 14, 15, 21, 22, 23, 31, 32, 33, 34, 35, 36, 37, 41, 42, 43, 44, 45, 46, 50, 51, 52, 53, 54, 61,
  62, 63, 64, 65, 71, 81, 82,
]);

/** The check character for the first 17 digits of an ID number. */
export function idCardCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (ID_WEIGHTS[i] ?? 0);
  return ID_CHECK[sum % 11] ?? '';
}

/** Birth date encoded in an 18-digit ID number, or null when it is not a real calendar date. */
export function idCardBirthDate(id: string): { year: number; month: number; day: number } | null {
  const m = /^\d{6}(\d{4})(\d{2})(\d{2})/.exec(id);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return { year, month, day };
}

export type IdCardProblem = 'format' | 'region' | 'date' | 'checksum';

/** Why an ID number is invalid, or null when valid. `today` bounds the birth date. */
export function idCardProblem(raw: string, today: Date = new Date()): IdCardProblem | null {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return 'format';
  if (!PROVINCES.has(Number(id.slice(0, 2)))) return 'region';
  const birth = idCardBirthDate(id);
  if (!birth || birth.year < 1900 || Date.UTC(birth.year, birth.month - 1, birth.day) > today.getTime())
    return 'date';
  if (idCardCheckChar(id.slice(0, 17)) !== id[17]) return 'checksum';
  return null;
}

export const isValidIdCard = (raw: string, today?: Date) => idCardProblem(raw, today) === null;

/** Full years of age on `today` for a valid ID number. */
export function ageOn(id: string, today: Date): number {
  const birth = idCardBirthDate(id);
  if (!birth) return -1;
  const y = today.getFullYear();
  const beforeBirthday =
    today.getMonth() + 1 < birth.month ||
    (today.getMonth() + 1 === birth.month && today.getDate() < birth.day);
  return y - birth.year - (beforeBirthday ? 1 : 0);
}

/** 110***********1234: first three and last four shown. */
export const maskIdCard = (id: string) =>
  id.length < 8 ? '*'.repeat(id.length) : `${id.slice(0, 3)}${'*'.repeat(id.length - 7)}${id.slice(-4)}`;

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** The check character for the first 17 characters of a credit code, or '' if one is not allowed. */
export function creditCodeCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(first17[i] ?? '?');
    if (v < 0) return '';
    sum += v * (CREDIT_WEIGHTS[i] ?? 0);
  }
  const c = 31 - (sum % 31);
  return CREDIT_CHARS[c === 31 ? 0 : c] ?? '';
}

export type CreditCodeProblem = 'format' | 'checksum';

export function creditCodeProblem(raw: string): CreditCodeProblem | null {
  const code = raw.trim().toUpperCase();
  if (!/^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/.test(code)) return 'format';
  return creditCodeCheckChar(code.slice(0, 17)) === code[17] ? null : 'checksum';
}

export const isValidCreditCode = (raw: string) => creditCodeProblem(raw) === null;

/** 138****8000 */
export const maskTel = (tel: string) => (tel.length === 11 ? `${tel.slice(0, 3)}****${tel.slice(7)}` : '***');

/** Mainland mobile numbers: 11 digits starting 1[3-9]. */
export const TEL_PATTERN = /^1[3-9]\d{9}$/;
