import { ageOn, creditCodeProblem, idCardProblem, TEL_PATTERN } from './identity';
import { PASSWORD_MAX, PASSWORD_MIN, PASSWORD_PATTERN_A, PASSWORD_PATTERN_A_MESSAGE } from './password';

/**
 * The account fields' rules and their messages (docs/product.md#9-validation-rules), as plain
 * functions: the zod schemas of `contracts/accounts.ts` are built from them, and the web's sign-in,
 * registration and find-password forms call them directly, so those pages load no zod
 * (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md). Each takes the value as typed and
 * answers the message to show, or null when the value is good.
 */
export type FieldCheck = (value: string) => string | null;

export const MIN_BIDDER_AGE = 18;
export const AGREE_MESSAGE = '请阅读并同意《竞买规则》';

export const telProblem: FieldCheck = (raw) => {
  const v = raw.trim();
  if (!v) return '请输入手机号';
  return TEL_PATTERN.test(v) ? null : '请输入正确的11位手机号';
};

export const smsCodeProblem: FieldCheck = (raw) => {
  const v = raw.trim();
  if (!v) return '请输入验证码';
  return /^\d{6}$/.test(v) ? null : '验证码为6位数字';
};

/** What a new password must hold, shown under the field (pattern A). */
export const NEW_PASSWORD_HINT = `${PASSWORD_MIN}-${PASSWORD_MAX}位，须同时包含数字、小写字母和大写字母`;

/** A password being set: pattern A (docs/decisions/001-password-patterns.md). Never trimmed. */
export const newPasswordProblem: FieldCheck = (v) => {
  if (!v) return '请输入密码';
  return PASSWORD_PATTERN_A.test(v) ? null : PASSWORD_PATTERN_A_MESSAGE;
};

/** A password being entered to log in: only that there is one (docs/product.md#9-validation-rules). */
export const enteredPasswordProblem: FieldCheck = (v) => (v ? null : '请输入密码');

export const realNameProblem: FieldCheck = (raw) => {
  const v = raw.trim();
  if (!v) return '请输入真实姓名';
  return /^[\u4e00-\u9fa5·]{2,20}$|^[A-Za-z][A-Za-z .·-]{1,39}$/.test(v)
    ? null
    : '请输入与身份证一致的真实姓名';
};

/** `today` bounds the birth date and the bidder's age. */
export function idCardNoProblem(raw: string, today: Date = new Date()): string | null {
  const v = raw.trim().toUpperCase();
  if (!v) return '请输入身份证号';
  const problem = idCardProblem(v, today);
  if (problem === 'format') return '身份证号应为18位，最后一位可为数字或X';
  if (problem === 'region' || problem === 'date') return '身份证号无效，请核对后重新输入';
  if (problem === 'checksum') return '身份证号校验位不正确，请核对后重新输入';
  return ageOn(v, today) < MIN_BIDDER_AGE ? '竞买人须年满18周岁' : null;
}

export const companyNameProblem: FieldCheck = (raw) => {
  const v = raw.trim();
  if (v.length < 2) return '请输入营业执照上的企业名称';
  return v.length <= 100 ? null : '企业名称不能超过100个字符';
};

export const creditCodeFieldProblem: FieldCheck = (raw) => {
  const v = raw.trim().toUpperCase();
  if (!v) return '请输入统一社会信用代码';
  const problem = creditCodeProblem(v);
  if (problem === 'format') return '统一社会信用代码应为18位数字或大写字母';
  return problem ? '统一社会信用代码校验位不正确，请核对后重新输入' : null;
};

/** The confirmation of a new password. */
export function confirmProblem(confirm: string, password: string): string | null {
  if (!confirm) return '请再次输入密码';
  return confirm === password ? null : '两次输入的密码不一致';
}
