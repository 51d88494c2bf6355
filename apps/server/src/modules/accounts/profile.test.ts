import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newIp, newTel } from '../../test/accounts-test-kit';

let t: TestApp;
let k: ReturnType<typeof accountsKit>;
let clock: Date;
let logText = '';
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
  t.setNow(clock);
};
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logText += chunk.toString();
      done();
    },
  });
  t = await createTestApp({ log: createLogger('trace', false, sink) });
  k = accountsKit(t);
});
afterAll(() => t.close());
beforeEach(() => {
  clock = new Date('2026-11-22T02:00:00Z');
  t.setNow(clock);
});

describe('find password', () => {
  it('resets the password with a code, revokes every session, and the old password stops working', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    advance(61_000);
    const code = await k.codeFor('user/buyer/findPwd/captcha', tel, { ip: newIp() });
    expect(envelope(await k.post('user/check/authCode', { purpose: 'findPwd', tel, code })).data).toEqual({
      valid: true,
    });
    const res = await k.post('user/buyer/findPwd', { tel, code, password: await k.encrypt('Newpass2027') });
    expect(res.statusCode).toBe(200);
    expect((await k.get('user/info', token)).statusCode).toBe(401);
    expect(envelope(await k.login(tel)).msg).toBe('手机号或密码错误');
    expect(envelope(await k.login(tel, 'Newpass2027')).code).toBe(200);
  });

  it('checks pattern A and the code', async () => {
    const tel = newTel();
    await k.register(tel);
    advance(61_000);
    const code = await k.codeFor('user/buyer/findPwd/captcha', tel, { ip: newIp() });
    const weak = await k.post('user/buyer/findPwd', { tel, code, password: await k.encrypt('newpass2027') });
    expect(envelope(weak).msg).toMatch(/^密码须为8-20位/);
    const wrong = await k.post('user/buyer/findPwd', {
      tel,
      code: code === '000000' ? '111111' : '000000',
      password: await k.encrypt('Newpass2027'),
    });
    expect(envelope(wrong).msg).toBe('验证码错误，还可尝试4次');
  });

  it('gives an unregistered number nothing to work with', async () => {
    const tel = newTel();
    await k.post('user/buyer/findPwd/captcha', { tel }, { ip: newIp() });
    const res = await k.post('user/buyer/findPwd', {
      tel,
      code: '123456',
      password: await k.encrypt('Newpass2027'),
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toMatch(/^验证码错误/);
  });
});

describe('change password', () => {
  const change = async (token: string, oldPassword: string, password: string) =>
    k.post(
      'user/buyer/update/pwd',
      { oldPassword: await k.encrypt(oldPassword), password: await k.encrypt(password) },
      { token },
    );

  it('needs the old password, then revokes all sessions', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    const other = await k.token(tel);
    const wrong = await change(token, 'Wrong2026x', 'Newpass2027');
    expect(wrong.statusCode).toBe(400);
    expect(envelope(wrong).msg).toBe('原密码不正确');
    expect(envelope(await change(token, 'Chepai2026', 'Chepai2026')).msg).toBe('新密码不能与原密码相同');
    expect(envelope(await change(token, 'Chepai2026', 'weak')).msg).toMatch(/^密码须为8-20位/);
    expect(envelope(await change(token, 'Chepai2026', 'Newpass2027')).code).toBe(200);
    for (const tk of [token, other]) expect((await k.get('user/info', tk)).statusCode).toBe(401);
    expect(envelope(await k.login(tel, 'Newpass2027')).code).toBe(200);
  });

  it('counts wrong old passwords towards the password throttle', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    for (let i = 0; i < 5; i++)
      expect((await change(token, 'Wrong2026x', 'Newpass2027')).statusCode).toBe(400);
    const locked = await change(token, 'Wrong2026x', 'Newpass2027');
    expect(locked.statusCode).toBe(429);
    expect(envelope(locked).msg).toMatch(/^密码错误次数过多，请15分钟后再试/);
    expect((await change(token, 'Chepai2026', 'Newpass2027')).statusCode).toBe(429);
  });
});

describe('change phone', () => {
  it('needs a code to the old number and one to the new number', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    advance(61_000);
    const oldCode = await k.codeFor('user/updateTel/captcha', tel, {
      token,
      ip: newIp(),
      body: { target: 'old' },
    });
    expect(
      envelope(await k.post('user/check/authCode', { purpose: 'updateTelOld', code: oldCode }, { token }))
        .data,
    ).toEqual({ valid: true });
    expect((await k.post('user/check/authCode', { purpose: 'updateTelOld', code: oldCode })).statusCode).toBe(
      401,
    );
    const next = newTel();
    const code = await k.codeFor('user/updateTel/captcha', next, {
      token,
      ip: newIp(),
      body: { target: 'new', tel: next },
    });
    const wrongOld = await k.post(
      'user/update/tel',
      { oldCode: oldCode === '000000' ? '111111' : '000000', tel: next, code },
      { token },
    );
    expect(envelope(wrongOld).msg).toBe('验证码错误，还可尝试4次');
    const res = await k.post('user/update/tel', { oldCode, tel: next, code }, { token });
    expect(envelope(res).data).toEqual({ tel: `${next.slice(0, 3)}****${next.slice(7)}` });
    expect(envelope(await k.login(next)).code).toBe(200);
    expect(envelope(await k.login(tel)).msg).toBe('手机号或密码错误');
    expect((await k.post('user/update/tel', { oldCode, tel: next, code }, { token })).statusCode).toBe(400);
  });

  it('refuses a number that belongs to another account, and the same number', async () => {
    const a = newTel();
    const b = newTel();
    await k.register(a);
    advance(61_000);
    await k.register(b);
    const token = await k.token(a);
    advance(61_000);
    const taken = await k.post('user/updateTel/captcha', { target: 'new', tel: b }, { token, ip: newIp() });
    expect(taken.statusCode).toBe(409);
    expect(envelope(taken).msg).toBe('该手机号已被其他账号使用');
    const same = await k.post('user/updateTel/captcha', { target: 'new', tel: a }, { token, ip: newIp() });
    expect(envelope(same).msg).toBe('新手机号不能与原手机号相同');
    expect((await k.post('user/updateTel/captcha', { target: 'old' }, { ip: newIp() })).statusCode).toBe(401);
  });
});

describe('user info and invoice information', () => {
  it('shows real-name data masked', async () => {
    const tel = newTel();
    const idCardNo = k.idCard();
    await k.register(tel, undefined, { idCardNo });
    const info = envelope<Record<string, unknown>>(await k.get('user/info', await k.token(tel))).data;
    expect(info.idCardNo).toBe(`${idCardNo.slice(0, 3)}***********${idCardNo.slice(-4)}`);
    expect(JSON.stringify(info)).not.toContain(idCardNo);
    expect(JSON.stringify(info)).not.toContain(tel);
    expect(info).toMatchObject({
      realName: '王芳',
      bidderType: 'personal',
      registeredAt: '2026-11-22 10:00:00',
    });
  });

  it('saves and updates one invoice record per user', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    expect(envelope(await k.get('user/invoice/info', token)).data).toBeNull();
    const ordinary = { invoiceType: 'ordinary', titleType: 'personal', title: '王芳' };
    expect(envelope(await k.post('user/invoice/saveOrUpdate', ordinary, { token })).data).toMatchObject({
      ...ordinary,
      taxNo: '',
    });
    const special = {
      invoiceType: 'special',
      titleType: 'company',
      title: '杭州恒通汽车服务有限公司',
      taxNo: '91350100m000100y43',
      address: '杭州市西湖区文三路 100 号',
      phone: '0571-88886666',
      bankName: '中国工商银行杭州文三路支行',
      bankAccount: '1202 0211 0900 1234 567',
    };
    const saved = envelope<Record<string, string>>(
      await k.post('user/invoice/saveOrUpdate', special, { token }),
    ).data;
    expect(saved).toMatchObject({
      ...special,
      taxNo: '91350100M000100Y43',
      bankAccount: '1202021109001234567',
    });
    expect(envelope(await k.get('user/invoice/info', token)).data).toEqual(saved);
    const rows = await t.ctx.dbh.db.selectFrom('invoice_info').selectAll().execute();
    expect(rows.filter((r) => r.title === special.title)).toHaveLength(1);
  });

  it.each([
    [{ invoiceType: 'special', titleType: 'personal', title: '王芳' }, '增值税专用发票只能开具给单位'],
    [
      { invoiceType: 'ordinary', titleType: 'company', title: '杭州恒通汽车服务有限公司' },
      '请输入纳税人识别号',
    ],
    [
      {
        invoiceType: 'ordinary',
        titleType: 'company',
        title: '杭州恒通汽车服务有限公司',
        taxNo: '91350100M000100Y44',
      },
      '纳税人识别号校验位不正确，请核对后重新输入',
    ],
    [
      {
        invoiceType: 'special',
        titleType: 'company',
        title: '杭州恒通汽车服务有限公司',
        taxNo: '91350100M000100Y43',
      },
      '开具专用发票须填写注册地址',
    ],
    [{ invoiceType: 'ordinary', titleType: 'personal', title: '' }, '请输入发票抬头'],
    [
      { invoiceType: 'ordinary', titleType: 'personal', title: '王芳', phone: '12345' },
      '请输入正确的电话号码，如 021-12345678',
    ],
    [
      { invoiceType: 'ordinary', titleType: 'personal', title: '王芳', bankAccount: '12ab' },
      '银行账号应为8-30位数字',
    ],
  ])('rejects %o', async (body, msg) => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    const res = await k.post('user/invoice/saveOrUpdate', body, { token });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe(msg);
  });

  it('requires a session', async () => {
    expect((await k.get('user/invoice/info')).statusCode).toBe(401);
    expect(
      (
        await k.post('user/invoice/saveOrUpdate', {
          invoiceType: 'ordinary',
          titleType: 'personal',
          title: '王芳',
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('logs', () => {
  it('never contain a password, a code or a token', async () => {
    const tel = newTel();
    advance(3600_000);
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const cipher = await k.encrypt('Secret2026x');
    await k.post('user/buyer/register', {
      tel,
      code,
      password: cipher,
      realName: '周杰',
      idCardNo: k.idCard(),
      bidderType: 'personal',
      agree: true,
    });
    const token = await k.token(tel, 'Secret2026x');
    await t.app.inject({
      method: 'GET',
      url: `/api/mall-auction/user/info?token=${token}`,
      headers: { authorization: token },
    });
    expect(logText).toContain('sms sent');
    expect(logText).toContain(`${tel.slice(0, 3)}****${tel.slice(7)}`);
    for (const secret of ['Secret2026x', cipher, code, token]) expect(logText).not.toContain(secret);
  });
});
