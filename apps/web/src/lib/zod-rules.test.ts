import { accounts } from '@chepai/shared';
import type { FormInstance, FormRule } from 'antd';
import { describe, expect, it } from 'vitest';
import { sameAs, zodRule } from './zod-rules';

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
