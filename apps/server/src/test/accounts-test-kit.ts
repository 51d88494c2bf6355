import { constants, publicEncrypt } from 'node:crypto';
import { idCardCheckChar } from '@chepai/shared';
import { expect } from 'vitest';
import { envelope, type TestApp } from './test-app';

let serial = 0;
/** A fresh valid mobile number per call, so tests do not share limits. */
export const newTel = () =>
  `139${String(Date.now() % 100000).padStart(5, '0')}${String(serial++ % 1000).padStart(3, '0')}`;
/** A fresh client address per call. */
export const newIp = () => `10.${(serial >> 16) & 255}.${(serial++ >> 8) & 255}.${serial & 255}`;

export function accountsKit(t: TestApp) {
  let publicKey = '';
  const post = (path: string, body: object, opts: { token?: string; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/api/mall-auction/${path}`,
      payload: body,
      headers: opts.token ? { authorization: opts.token } : {},
      remoteAddress: opts.ip ?? '127.0.0.1',
    });
  const get = (path: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/mall-auction/${path}`,
      headers: token ? { authorization: token } : {},
    });

  const kit = {
    post,
    get,
    async encrypt(plain: string): Promise<string> {
      if (!publicKey) publicKey = envelope<string>(await get('user/rsa/publicKey')).data;
      return publicEncrypt(
        { key: publicKey, padding: constants.RSA_PKCS1_PADDING },
        Buffer.from(plain, 'utf8'),
      ).toString('base64');
    },
    async outbox(tel: string) {
      const res = await t.app.inject({ method: 'GET', url: `/api/dev/sms-outbox?tel=${tel}` });
      return envelope<Array<{ tel: string; code: string; purpose: string; sentAt: string }>>(res).data;
    },
    /** Sends a code through the API and reads it from the development outbox. */
    async codeFor(
      path: string,
      tel: string,
      opts: { token?: string; ip?: string; body?: object } = {},
    ): Promise<string> {
      const res = await post(path, opts.body ?? { tel }, opts);
      expect(envelope(res).msg, 'sending a code').toBe('操作成功');
      const code = (await kit.outbox(tel))[0]?.code;
      if (!code) throw new Error('no code in outbox');
      return code;
    },
    async register(tel: string, password = 'Chepai2026', extra: object = {}) {
      const code = await kit.codeFor('user/buyer/register/captcha', tel, { ip: newIp() });
      const res = await post('user/buyer/register', {
        tel,
        code,
        password: await kit.encrypt(password),
        realName: '王芳',
        idCardNo: kit.idCard(),
        bidderType: 'personal',
        agree: true,
        ...extra,
      });
      expect(envelope(res).msg).toBe('操作成功');
      return res;
    },
    async login(tel: string, password = 'Chepai2026', ip = '127.0.0.1') {
      return post(
        'user/buyer/login',
        { loginType: 'password', tel, password: await kit.encrypt(password) },
        { ip },
      );
    },
    async token(tel: string, password = 'Chepai2026') {
      const body = envelope<{ token: string }>(await kit.login(tel, password));
      expect(body.code).toBe(200);
      return body.data.token;
    },
    /** A fictitious, checksum-valid ID number of an adult born in 1985. */
    idCard(): string {
      const first17 = `3101011985${String(1 + (serial % 12)).padStart(2, '0')}${String(1 + (serial % 28)).padStart(2, '0')}${String(serial++ % 1000).padStart(3, '0')}`;
      return first17 + idCardCheckChar(first17);
    },
  };
  return kit;
}
