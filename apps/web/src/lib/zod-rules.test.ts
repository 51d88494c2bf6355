import { accounts } from '@chepai/shared';
import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { sameAs, zodProblem, zodRule } from './zod-rules';

/** Runs an antd function rule against a fake form holding `values`. */
async function run(rule: FormRule, values: Record<string, unknown>, value?: unknown) {
  const form = {
    getFieldsValue: () => values,
    getFieldValue: (n: string) => values[n],
  } as unknown as FormInstance;
  const resolved = typeof rule === 'function' ? rule(form) : rule;
  try {
    await resolved.validator?.({}, value, () => undefined);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

const base = {
  tel: '13912345678',
  code: '123456',
  password: 'Chepai2026',
  realName: '张伟',
  idCardNo: '11010519491231002X',
  agree: true,
};

describe('zodRule', () => {
  it('reports the shared schema message for its own field only', async () => {
    const values = { ...base, bidderType: 'personal', tel: '123', idCardNo: '110105194912310021' };
    expect(await run(zodRule(accounts.registerForm, 'tel'), values)).toBe('请输入正确的11位手机号');
    expect(await run(zodRule(accounts.registerForm, 'idCardNo'), values)).toBe(
      '身份证号校验位不正确，请核对后重新输入',
    );
    expect(await run(zodRule(accounts.registerForm, 'realName'), values)).toBeNull();
  });

  it('follows the discriminated bidder type, as the server does', async () => {
    const company = { ...base, bidderType: 'company', companyName: '', creditCode: '91350100M000100Y43' };
    expect(await run(zodRule(accounts.registerForm, 'companyName'), company)).toBe(
      '请输入营业执照上的企业名称',
    );
    expect(await run(zodRule(accounts.registerForm, 'creditCode'), company)).toBeNull();
    expect(
      await run(zodRule(accounts.registerForm, 'companyName'), { ...base, bidderType: 'personal' }),
    ).toBeNull();
  });

  it('applies cross-field invoice rules', async () => {
    const v = {
      invoiceType: 'special',
      titleType: 'company',
      title: '杭州恒通汽车服务有限公司',
      taxNo: '91350100M000100Y43',
    };
    expect(await run(zodRule(accounts.invoiceForm, 'address'), v)).toBe('开具专用发票须填写注册地址');
    expect(await run(zodRule(accounts.invoiceForm, 'address'), { ...v, invoiceType: 'ordinary' })).toBeNull();
  });

  it('sameAs compares with the other field', async () => {
    expect(await run(sameAs('password'), { password: 'Chepai2026' }, 'Chepai2027')).toBe(
      '两次输入的密码不一致',
    );
    expect(await run(sameAs('password'), { password: 'Chepai2026' }, '')).toBe('请再次输入密码');
    expect(await run(sameAs('password'), { password: 'Chepai2026' }, 'Chepai2026')).toBeNull();
  });
});

describe('zodProblem (plain forms)', () => {
  const invoice = {
    invoiceType: 'special',
    titleType: 'company',
    title: '深圳市鹏程汽车贸易有限公司',
    taxNo: '91350100M000100Y43',
    address: '',
    phone: '0755-83216688',
    bankName: '招商银行深圳分行营业部',
    bankAccount: '7559 1234 5678 901',
  };
  const problem = (field: string, values: Record<string, unknown>) =>
    zodProblem(accounts.invoiceForm, field)(values[field], values);

  it('gives the field its first issue from the whole form, cross-field rules included', () => {
    expect(problem('address', invoice)).toBe('开具专用发票须填写注册地址');
    expect(problem('taxNo', { ...invoice, taxNo: '91350100M000100Y44' })).toBe(
      '纳税人识别号校验位不正确，请核对后重新输入',
    );
    expect(problem('titleType', { ...invoice, titleType: 'personal' })).toBe('增值税专用发票只能开具给单位');
  });

  it('is null for a field without an issue, and for every field of a valid form', () => {
    expect(problem('title', invoice)).toBeNull();
    const valid = { ...invoice, address: '深圳市福田区深南大道 6008 号' };
    for (const field of Object.keys(valid)) expect(problem(field, valid)).toBeNull();
  });
});
