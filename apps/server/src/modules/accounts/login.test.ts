import { constants, publicEncrypt } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newIp, newTel } from '../../test/accounts-test-kit';
import { dataCryptoFor } from '../../platform/crypto/data-key';
import { ID_CARD_CONTEXT } from './id-card-vault';
import { hashToken } from './sessions';
import { LOGIN_TIERS } from './login-throttle';

let t: TestApp;
let k: ReturnType<typeof accountsKit>;
const advance = (ms: number) => t.advance(ms);
beforeAll(async () => {
  t = await createTestApp();
  k = accountsKit(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(new Date('2026-11-22T02:00:00Z'))); // 10:00 Beijing

const registerBody = async (tel: string, code: string, extra: object = {}) => ({
  tel,
  code,
  password: await k.encrypt('Chepai2026'),
  realName: '陈静',
  idCardNo: k.idCard(),
  bidderType: 'personal',
  agree: true,
  ...extra,
});

describe('registration', () => {
  it('registers a personal bidder with a code, stores an argon2id hash and the ID number, and uses the code up', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const body = await registerBody(tel, code);
    const res = await k.post('user/buyer/register', body);
    expect(res.statusCode).toBe(200);
    expect(envelope(res).data).toEqual({ tel });
    const row = await t.ctx.dbh.db
      .selectFrom('app_user')
      .selectAll()
      .where('tel', '=', tel)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    // Stored sealed: the plain number is nowhere in the row, and it opens back to what was sent.
    expect(JSON.stringify(row)).not.toContain(body.idCardNo);
    const crypto = await dataCryptoFor(t.ctx);
    expect(crypto.open(row.id_card_sealed!, ID_CARD_CONTEXT)).toBe(body.idCardNo);
    expect(row.id_card_index).toBe(crypto.blindIndex(body.idCardNo, ID_CARD_CONTEXT));
    expect(row.role).toBe('buyer');
    expect(row.agreed_at).not.toBeNull();
    const again = await k.post('user/buyer/register', await registerBody(newTel(), code));
    expect(again.statusCode).toBe(400);
  });

  it('registers a company bidder with a valid credit code', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const res = await k.post(
      'user/buyer/register',
      await registerBody(tel, code, {
        bidderType: 'company',
        companyName: '杭州恒通汽车服务有限公司',
        creditCode: '91350100M000100Y43',
      }),
    );
    expect(res.statusCode).toBe(200);
    const token = await k.token(tel);
    const info = envelope<Record<string, unknown>>(await k.get('user/info', token)).data;
    expect(info).toMatchObject({
      bidderType: 'company',
      companyName: '杭州恒通汽车服务有限公司',
      creditCode: '91350100M000100Y43',
      role: 'buyer',
    });
  });

  it.each([
    [{ idCardNo: '110105194912310021' }, '身份证号校验位不正确，请核对后重新输入'],
    [{ idCardNo: '1101051949' }, '身份证号应为18位，最后一位可为数字或X'],
    [{ agree: false }, '请阅读并同意《竞买规则》'],
    [{ realName: '' }, '请输入真实姓名'],
    [
      { bidderType: 'company', companyName: '杭州恒通汽车服务有限公司', creditCode: '91350100M000100Y44' },
      '统一社会信用代码校验位不正确，请核对后重新输入',
    ],
    [{ bidderType: 'company', creditCode: '91350100M000100Y43' }, '请输入企业名称'],
    [{ bidderType: 'other' }, '请选择竞买人类型'],
  ])('rejects %o with a Chinese message and keeps the code usable', async (extra, msg) => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const res = await k.post('user/buyer/register', await registerBody(tel, code, extra));
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toContain(msg);
    expect((await k.post('user/buyer/register', await registerBody(tel, code))).statusCode).toBe(200);
  });

  it.each(['chepai2026', 'CHEPAI2026', 'Chepai', 'Chepai2026Chepai2026x'])(
    'rejects the password %s (pattern A) after decrypting it',
    async (password) => {
      const tel = newTel();
      const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
      const res = await k.post(
        'user/buyer/register',
        await registerBody(tel, code, { password: await k.encrypt(password) }),
      );
      expect(res.statusCode).toBe(400);
      expect(envelope(res).msg).toBe('密码须为8-20位，且同时包含数字、小写字母和大写字母，不能含空格或中文');
    },
  );

  it('refuses a wrong code, a taken number and a taken ID number', async () => {
    const tel = newTel();
    const code = await k.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
    const wrong = code === '000000' ? '111111' : '000000';
    expect(envelope(await k.post('user/buyer/register', await registerBody(tel, wrong))).msg).toBe(
      '验证码错误，还可尝试4次',
    );
    const body = await registerBody(tel, code);
    expect((await k.post('user/buyer/register', body)).statusCode).toBe(200);
    const dup = await k.post('user/buyer/register', await registerBody(tel, code));
    expect(dup.statusCode).toBe(409);
    expect(envelope(dup).msg).toBe('该手机号已注册，请直接登录');
    const tel2 = newTel();
    const code2 = await k.codeFor('user/buyer/register/captcha', tel2, { ip: newIp() });
    const dupId = await k.post(
      'user/buyer/register',
      await registerBody(tel2, code2, { idCardNo: body.idCardNo }),
    );
    expect(dupId.statusCode).toBe(409);
    expect(envelope(dupId).msg).toBe('该身份证号已注册，如有疑问请联系客服');
  });
});

describe('password transport', () => {
  it('serves the public key as PEM', async () => {
    const pem = envelope<string>(await k.get('user/rsa/publicKey')).data;
    expect(pem).toMatch(/^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n?$/);
  });

  it('keeps one key across restarts of the app on the same database', async () => {
    const row = await t.ctx.dbh.db
      .selectFrom('app_secret')
      .select('value')
      .where('name', '=', 'rsa_private_key')
      .executeTakeFirstOrThrow();
    expect(row.value).toMatch(/BEGIN PRIVATE KEY/);
    const { registerAccounts } = await import('./accounts.routes');
    const Fastify = (await import('fastify')).default;
    const other = Fastify();
    other.decorate('checkAuth', async () => undefined);
    await registerAccounts(other, t.ctx);
    const res = await other.inject({ method: 'GET', url: '/api/mall-auction/user/rsa/publicKey' });
    expect((JSON.parse(res.body) as { data: string }).data).toBe(
      envelope<string>(await k.get('user/rsa/publicKey')).data,
    );
    await other.close();
  });

  it('answers every kind of bad ciphertext with the same 400', async () => {
    const tel = newTel();
    await k.register(tel);
    const pem = envelope<string>(await k.get('user/rsa/publicKey')).data;
    const good = await k.encrypt('Chepai2026');
    const flipped = Buffer.from(good, 'base64');
    flipped[10] = (flipped[10] ?? 0) ^ 0xff;
    const oaep = publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING },
      Buffer.from('Chepai2026'),
    ).toString('base64');
    const cases = [
      'Chepai2026',
      '!!!!',
      'AAAA',
      Buffer.alloc(256, 7).toString('base64'),
      flipped.toString('base64'),
      oaep,
      good.slice(0, -8),
      ' ',
    ];
    const answers = new Set<string>();
    for (const password of cases) {
      const res = await k.post('user/buyer/login', { loginType: 'password', tel, password });
      expect(res.statusCode).toBe(400);
      answers.add(res.body);
    }
    expect([...answers]).toEqual([
      JSON.stringify({ code: 400, msg: '密码解密失败，请刷新页面后重试', data: null }),
    ]);
    // a decryption failure is not a wrong password: more of them than the throttle allows, and the
    // right password still logs in
    expect(cases.length).toBeGreaterThan(LOGIN_TIERS.pair[0]!.max);
    const ok = await k.post('user/buyer/login', {
      loginType: 'password',
      tel,
      password: await k.encrypt('Chepai2026'),
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('password login and lockout', () => {
  it('logs in with the encrypted password and returns userInfo, role and a token', async () => {
    const tel = newTel();
    await k.register(tel);
    const res = await k.login(tel);
    const body = envelope<{ userInfo: Record<string, string>; role: string; token: string }>(res);
    expect(body.code).toBe(200);
    expect(body.data.role).toBe('buyer');
    expect(body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.userInfo).toMatchObject({
      buyerName: '王芳',
      role: 'buyer',
      tel: `${tel.slice(0, 3)}****${tel.slice(7)}`,
    });
    expect(body.data.userInfo.idCardNo).toMatch(/^310\*{11}[\dX]{4}$/);
    const stored = await t.ctx.dbh.db
      .selectFrom('user_session')
      .select('token_hash')
      .where('token_hash', '=', hashToken(body.data.token))
      .execute();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(await t.ctx.dbh.db.selectFrom('user_session').selectAll().execute())).not.toContain(
      body.data.token,
    );
  });

  it('says firstLogin only on the first successful login of an account, by password or by code', async () => {
    const tel = newTel();
    await k.register(tel);
    expect((await k.login(tel, 'Wrong2026x')).statusCode).toBe(400);
    const first = envelope<{ firstLogin: boolean }>(await k.login(tel));
    expect(first.data.firstLogin).toBe(true);
    const second = envelope<{ firstLogin: boolean }>(await k.login(tel));
    expect(second.data.firstLogin).toBe(false);
    advance(61_000); // the registration code's resend interval
    const code = await k.codeFor('user/buyer/login/captcha', tel, { ip: newIp() });
    const bySms = envelope<{ firstLogin: boolean }>(
      await k.post('user/buyer/login', { loginType: 'sms', tel, code }),
    );
    expect(bySms.code).toBe(200);
    expect(bySms.data.firstLogin).toBe(false);
  });

  it('answers a wrong number and a wrong password the same way', async () => {
    const tel = newTel();
    await k.register(tel);
    const a = await k.login(tel, 'Wrong2026x');
    const b = await k.login(newTel(), 'Chepai2026');
    expect(a.statusCode).toBe(400);
    expect(a.body).toBe(b.body);
    expect(envelope(a).msg).toBe('手机号或密码错误');
  });

  it('makes an address wait 15 minutes after 5 wrong passwords on one account, then lets it try again', async () => {
    const tel = newTel();
    await k.register(tel);
    const ip = newIp();
    for (let i = 0; i < 5; i++) {
      expect(envelope(await k.login(tel, 'Wrong2026x', ip)).msg).toBe('手机号或密码错误');
      advance(60_000);
    }
    const sixth = await k.login(tel, 'Chepai2026', ip); // 10:05 Beijing
    expect(sixth.statusCode).toBe(429);
    expect(envelope(sixth).msg).toBe('密码错误次数过多，请10分钟后再试，或使用验证码登录');
    expect(sixth.headers['retry-after']).toBe('600');
    advance(10 * 60_000);
    expect(envelope(await k.login(tel, 'Chepai2026', ip)).code).toBe(200);
  });

  it('forgets failures older than 15 minutes and after a successful login', async () => {
    const tel = newTel();
    await k.register(tel);
    for (let i = 0; i < 4; i++) await k.login(tel, 'Wrong2026x');
    advance(15 * 60_000 + 1000);
    for (let i = 0; i < 4; i++) expect((await k.login(tel, 'Wrong2026x')).statusCode).toBe(400);
    expect((await k.login(tel)).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) expect((await k.login(tel, 'Wrong2026x')).statusCode).toBe(400);
  });

  it('lets the owner in with an SMS code while locked, and that lifts the lock', async () => {
    const tel = newTel();
    await k.register(tel);
    for (let i = 0; i < 6; i++) await k.login(tel, 'Wrong2026x');
    expect((await k.login(tel)).statusCode).toBe(429);
    advance(61_000);
    const code = await k.codeFor('user/buyer/login/captcha', tel, { ip: newIp() });
    const res = await k.post('user/buyer/login', { loginType: 'sms', tel, code });
    expect(envelope<{ role: string }>(res).data.role).toBe('buyer');
    expect((await k.login(tel)).statusCode).toBe(200);
  });
});

describe('SMS login', () => {
  it('logs in once per code', async () => {
    const tel = newTel();
    await k.register(tel);
    advance(61_000);
    const code = await k.codeFor('user/buyer/login/captcha', tel, { ip: newIp() });
    expect(envelope(await k.post('user/buyer/login', { loginType: 'sms', tel, code })).code).toBe(200);
    const again = await k.post('user/buyer/login', { loginType: 'sms', tel, code });
    expect(again.statusCode).toBe(400);
    expect(envelope(again).msg).toBe('验证码已失效，请重新获取');
  });

  it('rejects an unknown login type and a missing code', async () => {
    expect(envelope(await k.post('user/buyer/login', { loginType: 'face', tel: newTel() })).msg).toBe(
      '请选择登录方式',
    );
    expect((await k.post('user/buyer/login', { loginType: 'sms', tel: newTel() })).statusCode).toBe(400);
  });
});

describe('sessions', () => {
  const info = (token: string) => k.get('user/info', token);

  it('accepts the raw token and Bearer, and answers 401 without one', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    expect((await info(token)).statusCode).toBe(200);
    expect((await info(`Bearer ${token}`)).statusCode).toBe(200);
    const none = await k.get('user/info');
    expect(none.statusCode).toBe(401);
    expect(envelope(none).msg).toBe('请先登录');
    const junk = await info('not-a-token');
    expect(envelope(junk)).toEqual({ code: 401, msg: '登录状态已过期，请重新登录', data: null });
  });

  it('expires after 2 idle hours, sliding with use', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    advance(2 * 3600_000 - 60_000);
    expect((await info(token)).statusCode).toBe(200);
    advance(2 * 3600_000 - 60_000);
    expect((await info(token)).statusCode).toBe(200);
    advance(2 * 3600_000);
    const res = await info(token);
    expect(res.statusCode).toBe(401);
    expect(envelope(res).msg).toBe('登录状态已过期，请重新登录');
  });

  /** The session's recorded activity, as a time in ms. */
  const lastSeenOf = async (token: string) =>
    new Date(
      (
        await t.ctx.dbh.db
          .selectFrom('user_session')
          .select('last_seen_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).last_seen_at,
    ).getTime();

  it('records activity at most once in 45–60 s (the interval fixed per session)', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    const lastSeen = () => lastSeenOf(token);
    const start = await lastSeen();
    advance(44_000);
    await info(token);
    expect(await lastSeen()).toBe(start);
    advance(16_000);
    await info(token);
    // Written behind the answer.
    await expect.poll(lastSeen).toBe(t.ctx.now().getTime());
  });

  it('writes the activity again at the next request when a write failed', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    const lastSeen = () => lastSeenOf(token);
    const start = await lastSeen();
    const warned = vi.spyOn(t.ctx.log, 'warn');
    await sql`create function chepai_test_no_touch() returns trigger language plpgsql as $$
      begin raise exception 'injected: activity not written'; end $$`.execute(t.ctx.dbh.db);
    await sql`create trigger chepai_test_no_touch before update on user_session for each row
      execute function chepai_test_no_touch()`.execute(t.ctx.dbh.db);
    try {
      advance(60_000);
      expect((await info(token)).statusCode).toBe(200);
      await expect
        .poll(() => warned.mock.calls.some((c) => c[1] === 'session activity not written'))
        .toBe(true);
    } finally {
      await sql`drop trigger chepai_test_no_touch on user_session`.execute(t.ctx.dbh.db);
      await sql`drop function chepai_test_no_touch()`.execute(t.ctx.dbh.db);
      warned.mockRestore();
    }
    expect(await lastSeen()).toBe(start);
    advance(1_000);
    expect((await info(token)).statusCode).toBe(200);
    await expect.poll(lastSeen).toBe(t.ctx.now().getTime());
  });

  it('expires 7 days after login however active', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    for (let h = 0; h < 7 * 24 - 1; h += 1) {
      advance(3600_000);
      expect((await info(token)).statusCode).toBe(200);
    }
    advance(3600_000);
    expect((await info(token)).statusCode).toBe(401);
  });

  it('logout revokes the token; logging out again is harmless', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    const other = await k.token(tel);
    expect(envelope(await k.post('user/logout', {}, { token })).code).toBe(200);
    expect((await info(token)).statusCode).toBe(401);
    expect((await info(other)).statusCode).toBe(200);
    expect(envelope(await k.post('user/logout', {}, { token })).code).toBe(200);
    expect(envelope(await k.post('user/logout', {})).code).toBe(200);
  });

  it('answers 403 to a user of the wrong role', async () => {
    const tel = newTel();
    await k.register(tel);
    const token = await k.token(tel);
    await t.ctx.dbh.db.updateTable('app_user').set({ role: 'seller' }).where('tel', '=', tel).execute();
    const res = await k.post(
      'user/buyer/update/pwd',
      { oldPassword: await k.encrypt('Chepai2026'), password: await k.encrypt('Chepai2027') },
      { token },
    );
    expect(res.statusCode).toBe(403);
    expect(envelope(res).msg).toBe('该功能仅对竞买人开放');
    expect((await info(token)).statusCode).toBe(200);
  });
});
