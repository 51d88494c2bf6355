import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { accounts } from '../index';
import {
  companyNameProblem,
  confirmProblem,
  creditCodeFieldProblem,
  enteredPasswordProblem,
  idCardNoProblem,
  newPasswordProblem,
  realNameProblem,
  smsCodeProblem,
  telProblem,
  type FieldCheck,
} from './account-fields';
import { idCardCheckChar } from './identity';

/** The message the server answers for a value: the first issue of the contract's schema. */
const schemaMessage = (schema: z.ZodType, value: string) => {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? '?');
};

describe('account field rules', () => {
  it('say what is wrong with each field, in Chinese', () => {
    expect(telProblem('')).toBe('请输入手机号');
    expect(telProblem(' 1380013 ')).toBe('请输入正确的11位手机号');
    expect(telProblem(' 13800138000 ')).toBeNull();
    expect(smsCodeProblem('12a456')).toBe('验证码为6位数字');
    expect(newPasswordProblem('weakpass')).toBe(
      '密码须为8-20位，且同时包含数字、小写字母和大写字母，不能含空格或中文',
    );
    expect(newPasswordProblem('Chepai2026')).toBeNull();
    expect(enteredPasswordProblem('')).toBe('请输入密码');
    expect(enteredPasswordProblem('x')).toBeNull();
    expect(realNameProblem('张')).toBe('请输入与身份证一致的真实姓名');
    expect(idCardNoProblem('11010519491231002x')).toBeNull();
    expect(idCardNoProblem('110105194912310021')).toBe('身份证号校验位不正确，请核对后重新输入');
    const minor = `11010520150101001${idCardCheckChar('11010520150101001')}`;
    expect(idCardNoProblem(minor, new Date('2026-11-27'))).toBe('竞买人须年满18周岁');
    expect(companyNameProblem('杭')).toBe('请输入营业执照上的企业名称');
    expect(creditCodeFieldProblem('91350100m000100y43')).toBeNull();
    expect(creditCodeFieldProblem('91350100M000100Y44')).toBe(
      '统一社会信用代码校验位不正确，请核对后重新输入',
    );
    expect(confirmProblem('', 'Chepai2026')).toBe('请再次输入密码');
    expect(confirmProblem('Chepai2027', 'Chepai2026')).toBe('两次输入的密码不一致');
    expect(confirmProblem('Chepai2026', 'Chepai2026')).toBeNull();
  });

  // The web's forms check with the plain rules and the server with the schemas: both must give the
  // same answer for anything typed.
  const pairs: Array<[string, FieldCheck, z.ZodType, fc.Arbitrary<string>]> = [
    ['tel', telProblem, accounts.telSchema, fc.stringMatching(/^ ?1?[0-9]{0,12} ?$/)],
    ['code', smsCodeProblem, accounts.smsCodeSchema, fc.stringMatching(/^ ?[0-9a]{0,7} ?$/)],
    ['password', newPasswordProblem, accounts.passwordSchema, fc.string({ maxLength: 22 })],
    ['realName', realNameProblem, accounts.realNameSchema, fc.stringMatching(/^ ?[张伟A-Za-z ·]{0,22}$/)],
    ['idCardNo', idCardNoProblem, accounts.idCardSchema, fc.stringMatching(/^ ?[0-9]{16,18}[xX]?$/)],
    ['companyName', companyNameProblem, accounts.companyNameSchema, fc.string({ maxLength: 104 })],
    [
      'creditCode',
      creditCodeFieldProblem,
      accounts.creditCodeSchema,
      fc.stringMatching(/^[0-9A-Ya-y]{0,19}$/),
    ],
  ];
  it.each(pairs)('%s: the plain rule and the contract schema agree', (_name, check, schema, values) => {
    fc.assert(
      fc.property(values, (v) => {
        expect(check(v)).toBe(schemaMessage(schema, v));
      }),
    );
  });
});
