/**
 * Two password patterns (docs/product.md#9-validation-rules). Where each one applies is recorded in
 * docs/decisions/001-password-patterns.md: A for buyer accounts, B for operator-managed accounts.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;

/** Pattern A: 8–20 characters with a digit, a lowercase and an uppercase letter. */
export const PASSWORD_PATTERN_A = /^(?=.*\d)(?=.*[a-z])(?=.*[A-Z])[\x21-\x7e]{8,20}$/;
export const PASSWORD_PATTERN_A_MESSAGE =
  '密码须为8-20位，且同时包含数字、小写字母和大写字母，不能含空格或中文';

/** Pattern B: 8–20 characters with a digit, a letter and a special non-space character. */
export const PASSWORD_PATTERN_B = /^(?=.*\d)(?=.*[A-Za-z])(?=.*[^\sA-Za-z\d])\S{8,20}$/;
export const PASSWORD_PATTERN_B_MESSAGE = '密码须为8-20位，且同时包含数字、字母和特殊字符，不能含空格';
