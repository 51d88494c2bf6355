import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newIp, newTel } from '../../test/accounts-test-kit';

let t: TestApp;
let k: ReturnType<typeof accountsKit>;
const advance = (ms: number) => t.advance(ms);
beforeAll(async () => {
  t = await createTestApp();
  k = accountsKit(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(new Date('2026-11-22T02:00:00Z'))); // 10:00 Beijing

const send = (path: string, tel: string, ip = '127.0.0.1') => k.post(path, { tel }, { ip });

describe('sending codes', () => {
  it('sends six digits to the outbox, newest first, and answers the resend delay', async () => {
    const tel = newTel();
    const res = await send('user/buyer/register/captcha', tel, newIp());
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ resendSeconds: 60 });
    advance(61_000);
    await send('user/buyer/register/captcha', tel, newIp());
    const box = await k.outbox(tel);
    expect(box).toHaveLength(2);
    for (const m of box)
      expect(m).toMatchObject({ tel, purpose: 'register', code: expect.stringMatching(/^\d{6}$/) as string });
    expect(box[0]!.sentAt > box[1]!.sentAt).toBe(true);
  });

  it('stores only a hash of the code', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const rows = await t.ctx.dbh.db.selectFrom('sms_code').selectAll().where('tel', '=', tel).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('allows one send per number per 60 s, across purposes, with the seconds left', async () => {
    const tel = newTel();
    expect((await send('user/buyer/register/captcha', tel, newIp())).statusCode).toBe(200);
    advance(15_000);
    const res = await send('user/buyer/login/captcha', tel, newIp());
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toBe('发送过于频繁，请45秒后再试');
    expect(res.headers['retry-after']).toBe('45');
    advance(45_000);
    expect((await send('user/buyer/register/captcha', tel, newIp())).statusCode).toBe(200);
  });

  it('caps a number at 10 codes per Beijing day, and resets at midnight', async () => {
    const tel = newTel();
    for (let i = 0; i < 10; i++) {
      expect((await send('user/buyer/register/captcha', tel, newIp())).statusCode).toBe(200);
      advance(61_000);
    }
    const res = await send('user/buyer/register/captcha', tel, newIp());
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toBe('该手机号今日获取验证码次数已达上限，请明天再试');
    t.setNow(new Date('2026-11-22T16:00:00Z')); // 00:00 Beijing, next day
    expect((await send('user/buyer/register/captcha', tel, newIp())).statusCode).toBe(200);
  });

  it('caps a client address at 30 codes per day', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      expect((await send('user/buyer/register/captcha', newTel(), ip)).statusCode).toBe(200);
    const res = await send('user/buyer/register/captcha', newTel(), ip);
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toBe('当前网络今日获取验证码次数过多，请明天再试');
    expect((await send('user/buyer/register/captcha', newTel(), newIp())).statusCode).toBe(200);
  });

  it('rejects malformed numbers with 400', async () => {
    for (const tel of ['1380013800', '12800138000', 'abc', '']) {
      const res = await send('user/buyer/register/captcha', tel);
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toMatch(/手机号/);
    }
  });

  it('lets concurrent sends to one number through only once', async () => {
    const tel = newTel();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => send('user/buyer/register/captcha', tel, newIp())),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    expect(await k.outbox(tel)).toHaveLength(1);
  });
});

describe('registration status is not revealed', () => {
  it('answers a login or find-password code for an unknown number exactly as for a known one, but sends nothing', async () => {
    const known = newTel();
    await k.register(known);
    advance(61_000);
    for (const path of ['user/buyer/login/captcha', 'user/buyer/findPwd/captcha']) {
      const unknown = newTel();
      const a = await send(path, known, newIp());
      const b = await send(path, unknown, newIp());
      expect(a.statusCode).toBe(200);
      expect(a.body).toBe(b.body);
      expect(await k.outbox(unknown)).toHaveLength(0);
      // and the limits apply to it the same way
      expect(envelope(await send(path, unknown, newIp())).msg).toMatch(/^发送过于频繁/);
      advance(61_000);
    }
  });

  it('says a number is registered only where registration needs it', async () => {
    const tel = newTel();
    await k.register(tel);
    advance(61_000);
    const res = await send('user/buyer/register/captcha', tel, newIp());
    expect(res.statusCode).toBe(409);
    expect(envelope(res).msg).toBe('该手机号已注册，请直接登录');
  });
});

describe('enumeration through registration', () => {
  it('counts "already registered" answers against the address cap, but not against the number', async () => {
    const taken = newTel();
    await k.register(taken);
    const ip = newIp();
    for (let i = 0; i < 30; i++)
      expect((await send('user/buyer/register/captcha', taken, ip)).statusCode).toBe(409);
    const res = await send('user/buyer/register/captcha', taken, ip);
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toBe('当前网络今日获取验证码次数过多，请明天再试');
    expect((await send('user/buyer/register/captcha', newTel(), ip)).statusCode).toBe(429);
    // the owner can still get a login code at once
    advance(61_000);
    expect((await send('user/buyer/login/captcha', taken, newIp())).statusCode).toBe(200);
  });
});

describe('checking codes', () => {
  const check = (tel: string, code: string) =>
    k.post('user/check/authCode', { purpose: 'register', tel, code });

  it('accepts the right code without using it up', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    expect(envelope(await check(tel, code)).data).toEqual({ valid: true });
    expect(envelope(await check(tel, code)).data).toEqual({ valid: true });
  });

  it('voids a code after 5 wrong tries, even for the right one afterwards', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const wrong = code === '000000' ? '111111' : '000000';
    const msgs = [];
    for (let i = 0; i < 5; i++) msgs.push(envelope(await check(tel, wrong)).msg);
    expect(msgs).toEqual([
      '验证码错误，还可尝试4次',
      '验证码错误，还可尝试3次',
      '验证码错误，还可尝试2次',
      '验证码错误，还可尝试1次',
      '验证码错误次数过多，请重新获取',
    ]);
    const res = await check(tel, code);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('expires a code after 5 minutes', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    advance(4 * 60_000 + 59_000);
    expect((await check(tel, code)).statusCode).toBe(200);
    advance(1_000);
    const res = await check(tel, code);
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('验证码已失效，请重新获取');
  });

  it('only the latest code counts, and only for its purpose', async () => {
    const tel = newTel();
    const first = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    advance(61_000);
    const second = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    if (first !== second) expect((await check(tel, first)).statusCode).toBe(400);
    expect((await check(tel, second)).statusCode).toBe(200);
    const other = await k.post('user/check/authCode', { purpose: 'findPwd', tel, code: second });
    expect(envelope(other).msg).toBe('验证码已失效，请重新获取');
  });

  it('rejects a malformed code with 400 without counting a try', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    for (const bad of ['12345', 'abcdef', '1234567'])
      expect(envelope(await check(tel, bad)).msg).toBe('验证码为6位数字');
    const [row] = await t.ctx.dbh.db
      .selectFrom('sms_code')
      .select('attempts')
      .where('tel', '=', tel)
      .execute();
    expect(row?.attempts).toBe(0);
    expect((await check(tel, code)).statusCode).toBe(200);
  });
});

describe('development outbox', () => {
  it('answers 404 in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=13800138000` });
      expect(res.statusCode).toBe(404);
      // and a production send writes nothing a developer could read back
      const tel = newTel();
      expect(
        (
          await prod.app.inject({
            method: 'POST',
            url: '/api/mall-auction/user/buyer/register/captcha',
            payload: { tel },
          })
        ).statusCode,
      ).toBe(200);
      expect(await prod.ctx.dbh.db.selectFrom('sms_outbox').selectAll().execute()).toHaveLength(0);
    } finally {
      await prod.close();
    }
  });
});
