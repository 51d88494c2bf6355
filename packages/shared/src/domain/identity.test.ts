import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accounts } from '../index';
import {
  ageOn,
  creditCodeCheckChar,
  creditCodeProblem,
  idCardCheckChar,
  idCardProblem,
  maskIdCard,
  maskTel,
} from './identity';
import { PASSWORD_PATTERN_A, PASSWORD_PATTERN_B } from './password';

const today = new Date('2026-11-22T00:00:00Z');

describe('resident ID number (GB 11643)', () => {
  it('accepts the standard sample 11010519491231002X and a computed one', () => {
    expect(idCardProblem('11010519491231002X', today)).toBeNull();
    expect(idCardProblem('11010519491231002x', today)).toBeNull();
    const first17 = '31010119900307123';
    expect(idCardProblem(first17 + idCardCheckChar(first17), today)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(idCardProblem('1101051949123100', today)).toBe('format');
    expect(idCardProblem('11010519491231002Y', today)).toBe('format');
    expect(idCardProblem('99010519491231002X', today)).toBe('region');
    expect(idCardProblem('110105194902300021', today)).toBe('date'); // 30 February
    expect(idCardProblem('110105203001010011', today)).toBe('date'); // born in the future
    expect(idCardProblem('110105194912310021', today)).toBe('checksum');
  });

  it('catches every single-digit change of a valid number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 16 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const valid = '11010519491231002X';
        const digits = valid.split('');
        digits[pos] = String((Number(digits[pos]) + delta) % 10);
        expect(idCardProblem(digits.join(''), today)).not.toBeNull();
      }),
    );
  });

  it('computes age on a date', () => {
    expect(ageOn('110105200811230014', today)).toBe(17);
    expect(ageOn('110105200811220016', today)).toBe(18);
  });

  it('masks as 110***********1234', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskTel('13800138000')).toBe('138****8000');
  });
});

describe('unified social credit code (GB 32100)', () => {
  it('accepts real published codes', () => {
    // Published codes of well-known companies (public registry data).
    expect(creditCodeProblem('91350100M000100Y43')).toBeNull();
    const first17 = '91310115MA1K4ABCD';
    expect(creditCodeProblem(first17 + creditCodeCheckChar(first17))).toBeNull();
  });

  const CODE_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY'.split('');
  const first17 = fc
    .tuple(
      fc.array(fc.constantFrom(...CODE_CHARS), { minLength: 2, maxLength: 2 }),
      fc.array(fc.constantFrom(...'0123456789'.split('')), { minLength: 6, maxLength: 6 }),
      fc.array(fc.constantFrom(...CODE_CHARS), { minLength: 9, maxLength: 9 }),
    )
    .map(([a, b, c]) => [...a, ...b, ...c].join(''));

  it('accepts every code completed with its check character, and no other last character', () => {
    fc.assert(
      fc.property(first17, fc.constantFrom(...CODE_CHARS), (body, last) => {
        const check = creditCodeCheckChar(body);
        expect(creditCodeProblem(body + check)).toBeNull();
        expect(creditCodeProblem((body + check).toLowerCase())).toBeNull();
        if (last !== check) expect(creditCodeProblem(body + last)).toBe('checksum');
      }),
    );
  });

  it('catches any single-character change of a valid code', () => {
    fc.assert(
      fc.property(
        first17,
        fc.integer({ min: 0, max: 16 }),
        fc.integer({ min: 1, max: 30 }),
        (body, pos, delta) => {
          const valid = body + creditCodeCheckChar(body);
          const chars = valid.split('');
          const alphabet = pos >= 2 && pos < 8 ? '0123456789' : CODE_CHARS.join('');
          const at = alphabet.indexOf(chars[pos] ?? '0');
          // Any other character of the same alphabet at that position.
          chars[pos] = alphabet[(at + 1 + (delta % (alphabet.length - 1))) % alphabet.length] ?? '0';
          expect(creditCodeProblem(chars.join(''))).not.toBeNull();
        },
      ),
    );
  });

  it('rejects bad characters, length and check character', () => {
    expect(creditCodeProblem('91350100M000100Y4')).toBe('format');
    expect(creditCodeProblem('91350100M000100I43')).toBe('format'); // I is not used
    expect(creditCodeProblem('91350100M000100Y44')).toBe('checksum');
  });
});

describe('password patterns', () => {
  it('pattern A needs digit, lower and upper, 8 to 20', () => {
    for (const ok of ['Chepai2026', 'aB345678', 'Abcdefghij1234567890'])
      expect(PASSWORD_PATTERN_A.test(ok)).toBe(true);
    for (const bad of [
      'chepai2026',
      'CHEPAI2026',
      'Chepaiabc',
      'aB34567',
      'Abcdefghij12345678901',
      'Chepai 2026',
      '车拍Chepai2026',
    ])
      expect(PASSWORD_PATTERN_A.test(bad)).toBe(false);
  });
  it('pattern B needs digit, letter and special character', () => {
    expect(PASSWORD_PATTERN_B.test('chepai@2026')).toBe(true);
    expect(PASSWORD_PATTERN_B.test('Chepai2026')).toBe(false);
    expect(PASSWORD_PATTERN_B.test('chepai @2026')).toBe(false);
  });
});

describe('registration schema (shared by server and web form)', () => {
  const base = {
    tel: '13912345678',
    code: '123456',
    password: 'Chepai2026',
    realName: '张伟',
    idCardNo: '11010519491231002x',
    agree: true,
  } as const;
  it('accepts a personal bidder and normalises the ID number', () => {
    const r = accounts.registerForm.parse({ ...base, bidderType: 'personal' });
    expect(r.idCardNo).toBe('11010519491231002X');
  });
  it('requires company name and a valid credit code for a company bidder', () => {
    const r = accounts.registerForm.safeParse({ ...base, bidderType: 'company' });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path[0]);
    expect(paths).toContain('companyName');
    expect(paths).toContain('creditCode');
    const bad = accounts.registerForm.safeParse({
      ...base,
      bidderType: 'company',
      companyName: '上海某某二手车有限公司',
      creditCode: '91350100M000100Y44',
    });
    expect(bad.error?.issues[0]?.message).toBe('统一社会信用代码校验位不正确，请核对后重新输入');
  });
  it('requires agreement and rejects minors', () => {
    expect(
      accounts.registerForm.safeParse({ ...base, bidderType: 'personal', agree: false }).error?.issues[0]
        ?.message,
    ).toBe('请阅读并同意《竞买规则》');
    const minor = '11010520200101001';
    const r = accounts.registerForm.safeParse({
      ...base,
      bidderType: 'personal',
      idCardNo: minor + idCardCheckChar(minor),
    });
    expect(r.error?.issues[0]?.message).toBe('竞买人须年满18周岁');
  });
});
