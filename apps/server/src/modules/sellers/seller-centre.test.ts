import { dataCryptoFor } from '../../platform/crypto/data-key';
import { COLLECTION_ACCOUNT_CONTEXT } from './seller-profile.service';
import { creditCodeCheckChar } from '@chepai/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSellers } from '../../db/seed/sellers';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import { envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newIp, newTel } from '../../test/accounts-test-kit';
import { NAME_MISMATCH } from './seller-profile.service';
import { CHOOSE_UNIT, NOT_A_MEMBER } from './seller-units.service';

let t: TestApp & { baseUrl: string };
let a: ReturnType<typeof accountsKit>;
const tokens = { buyer: '', sellerA: '', sellerB: '', multi: '' };
const sellerLogin = () => sellerKit(t.baseUrl);
beforeAll(async () => {
  t = await createListeningTestApp();
  await seedSellers(t.ctx);
  a = accountsKit(t);
  const s = sellerKit(t.baseUrl);
  const tel = newTel();
  await a.register(tel);
  tokens.buyer = await a.token(tel);
  tokens.sellerA = await s.token('lixiaomei'); // 京运汽车融资租赁
  tokens.sellerB = await s.token('chenqiang'); // 苏州市公务用车服务中心
  tokens.multi = await s.token('wangjianlin'); // 申城融资租赁 + 苏州市公务用车服务中心
}, 90_000);
afterAll(() => t.close());

const call = async (method: 'GET' | 'POST', path: string, token?: string, payload: object = {}) => {
  const res = await t.app.inject({
    method,
    url: `/api/mall-auction/${path}`,
    headers: token ? { authorization: token } : {},
    ...(method === 'POST' ? { payload } : {}),
    remoteAddress: newIp(),
  });
  return {
    status: res.statusCode,
    ...envelope<Record<string, unknown> & Array<Record<string, unknown>>>(res),
  };
};
const unitIdOf = async (code: string) =>
  (
    await t.ctx.dbh.db
      .selectFrom('seller_org')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow()
  ).id;
const credit = (first17: string) => first17 + creditCodeCheckChar(first17);

const SELLER_ENDPOINTS: Array<['GET' | 'POST', string]> = [
  ['GET', 'user/seller/info/all'],
  ['POST', 'user/seller/switchUnit'],
  ['GET', 'user/seller/invoice/info'],
  ['POST', 'user/seller/invoice/saveOrUpdate'],
  ['GET', 'user/seller/collection/info'],
  ['POST', 'user/seller/collection/captcha'],
  ['POST', 'user/seller/collection/saveOrUpdate'],
  ['GET', 'user/seller/collection/history'],
];

describe('who may call the seller endpoints', () => {
  it('anonymous gets 401 and a buyer 403 on every seller endpoint', async () => {
    for (const [method, path] of SELLER_ENDPOINTS) {
      expect((await call(method, path)).status, `${path} anonymous`).toBe(401);
      const buyer = await call(method, path, tokens.buyer);
      expect(buyer.status, `${path} buyer`).toBe(403);
      expect(buyer.msg).toBe('该功能仅对处置单位开放');
    }
  });

  it('a seller gets 403 on buyer endpoints', async () => {
    for (const [method, path] of [
      ['POST', 'user/buyer/update/pwd'],
      ['GET', 'user/buyer/deal/list'],
      ['GET', 'user/buyer/deposit/list'],
    ] as const) {
      const res = await call(method, path, tokens.sellerA);
      expect(res.status, path).toBe(403);
      expect(res.msg).toBe('该功能仅对竞买人开放');
    }
  });
});

describe('business units', () => {
  it('lists the seller, their units and the current one', async () => {
    const res = await call('GET', 'user/seller/info/all', tokens.sellerA);
    expect(res.data).toMatchObject({
      seller: { sellerName: '李晓梅', tel: '137****7002' },
      current: await unitIdOf('demo-seller-2'),
    });
    expect((res.data.units as Array<{ businessUnitName: string }>).map((u) => u.businessUnitName)).toEqual([
      '京运汽车融资租赁（北京）有限公司',
    ]);
  });

  it('a seller of two units must choose before acting, then switches for real', async () => {
    const before = await call('GET', 'user/seller/info/all', tokens.multi);
    expect(before.data.current).toBeNull();
    expect((before.data.units as unknown[]).length).toBe(2);
    const blocked = await call('GET', 'user/seller/invoice/info', tokens.multi);
    expect(blocked.status).toBe(409);
    expect(blocked.msg).toBe(CHOOSE_UNIT);

    const shen = await unitIdOf('demo-seller-1');
    const su = await unitIdOf('demo-seller-3');
    const first = await call('POST', 'user/seller/switchUnit', tokens.multi, { businessUnitId: shen });
    expect(first.data).toMatchObject({
      businessUnitId: shen,
      businessUnitName: '申城融资租赁有限公司',
      unitCount: 2,
    });
    expect((await call('GET', 'user/seller/invoice/info', tokens.multi)).data.businessUnitName).toBe(
      '申城融资租赁有限公司',
    );
    await call('POST', 'user/seller/switchUnit', tokens.multi, { businessUnitId: su });
    expect((await call('GET', 'user/seller/info/all', tokens.multi)).data.current).toBe(su);
    expect((await call('GET', 'user/seller/invoice/info', tokens.multi)).data.businessUnitName).toBe(
      '苏州市公务用车服务中心',
    );
  });

  it('user/info answers a seller token with the seller and the current unit, a buyer token as before', async () => {
    const buyer = await call('GET', 'user/info', tokens.buyer);
    expect(buyer.data).toMatchObject({ role: 'buyer', bidderType: 'personal' });
    expect(buyer.data).toHaveProperty('buyerName');
    expect(buyer.data).not.toHaveProperty('sellerName');

    const seller = await call('GET', 'user/info', tokens.sellerA);
    expect(seller.status).toBe(200);
    expect(Object.keys(seller.data).sort()).toEqual(
      ['businessUnitId', 'businessUnitName', 'role', 'sellerName', 'tel', 'unitCount', 'userId'].sort(),
    );
    expect(seller.data).toMatchObject({
      role: 'seller',
      sellerName: '李晓梅',
      tel: '137****7002',
      businessUnitId: await unitIdOf('demo-seller-2'),
      businessUnitName: '京运汽车融资租赁（北京）有限公司',
      unitCount: 1,
    });

    // The unit follows the session: after a switch user/info names the new unit.
    const shen = await unitIdOf('demo-seller-1');
    const su = await unitIdOf('demo-seller-3');
    const multi = await sellerLogin().token('wangjianlin');
    expect((await call('GET', 'user/info', multi)).data).toMatchObject({
      businessUnitId: null,
      businessUnitName: null,
      unitCount: 2,
    });
    for (const [id, name] of [
      [shen, '申城融资租赁有限公司'],
      [su, '苏州市公务用车服务中心'],
    ] as const) {
      await call('POST', 'user/seller/switchUnit', multi, { businessUnitId: id });
      expect((await call('GET', 'user/info', multi)).data).toMatchObject({
        role: 'seller',
        sellerName: '王建林',
        businessUnitId: id,
        businessUnitName: name,
      });
    }
  });

  it('refuses a unit the seller does not belong to, and changes nothing', async () => {
    const own = (await call('GET', 'user/seller/info/all', tokens.sellerA)).data.current;
    for (const businessUnitId of [await unitIdOf('demo-seller-3'), '999999999', '12345678901234567']) {
      const res = await call('POST', 'user/seller/switchUnit', tokens.sellerA, { businessUnitId });
      expect(res.status).toBe(404);
      expect(res.msg).toBe(NOT_A_MEMBER);
    }
    expect(
      (await call('POST', 'user/seller/switchUnit', tokens.sellerA, { businessUnitId: 'abc' })).status,
    ).toBe(400);
    expect((await call('GET', 'user/seller/info/all', tokens.sellerA)).data.current).toBe(own);
  });
});

describe('invoice information of a unit', () => {
  const valid = {
    title: '京运汽车融资租赁（北京）有限公司',
    taxNo: credit('91110105MA01B2C3D'),
    address: '北京市朝阳区建国路88号',
    phone: '010-65881234',
    bankName: '中国工商银行北京朝阳支行',
    bankAccount: '0200 0012 3456 7890 123',
  };

  it('validates the credit code by its check character and saves per unit', async () => {
    const bad = await call('POST', 'user/seller/invoice/saveOrUpdate', tokens.sellerA, {
      ...valid,
      taxNo: valid.taxNo.slice(0, 17) + (valid.taxNo.endsWith('0') ? '1' : '0'),
    });
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('统一社会信用代码校验位不正确，请核对后重新输入');
    expect(
      (await call('POST', 'user/seller/invoice/saveOrUpdate', tokens.sellerA, { ...valid, phone: '12' }))
        .status,
    ).toBe(400);
    expect((await call('GET', 'user/seller/invoice/info', tokens.sellerA)).data.invoice).toBeNull();

    const saved = await call('POST', 'user/seller/invoice/saveOrUpdate', tokens.sellerA, valid);
    expect(saved.data).toMatchObject({ taxNo: valid.taxNo, bankAccount: '0200001234567890123' });
    expect((await call('GET', 'user/seller/invoice/info', tokens.sellerA)).data.invoice).toMatchObject({
      title: valid.title,
    });
    // Seller B's unit has its own (empty) record.
    expect((await call('GET', 'user/seller/invoice/info', tokens.sellerB)).data.invoice).toBeNull();
  });
});

describe('collection information', () => {
  const account = (name: string) => ({
    accountName: name,
    bankName: '中国建设银行',
    branchName: '中国建设银行苏州分行营业部',
    accountNo: '6227 0012 3456 7890 123',
    bankCode: '105305000018',
  });
  const codeFor = async (token: string, tel: string) => {
    const sent = await call('POST', 'user/seller/collection/captcha', token);
    expect(sent.msg).toBe('操作成功');
    expect(sent.data.tel).toBe(`${tel.slice(0, 3)}****${tel.slice(7)}`);
    return (await a.outbox(tel))[0]?.code ?? '';
  };

  it('needs the unit name, a valid bank code and the SMS code; stores the number encrypted; keeps a history', async () => {
    const name = '苏州市公务用车服务中心';
    expect(
      (
        await call('POST', 'user/seller/collection/saveOrUpdate', tokens.sellerB, {
          ...account(name),
          bankCode: '10530500001',
          code: '123456',
        })
      ).msg,
    ).toBe('联行号应为12位数字');
    const wrongName = await call('POST', 'user/seller/collection/saveOrUpdate', tokens.sellerB, {
      ...account('苏州某某公司'),
      code: '123456',
    });
    expect(wrongName.status).toBe(400);
    expect(wrongName.msg).toBe(NAME_MISMATCH);

    const code = await codeFor(tokens.sellerB, '13700137003');
    const wrongCode = await call('POST', 'user/seller/collection/saveOrUpdate', tokens.sellerB, {
      ...account(name),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(400);
    expect((await call('GET', 'user/seller/collection/info', tokens.sellerB)).data.account).toBeNull();

    const saved = await call('POST', 'user/seller/collection/saveOrUpdate', tokens.sellerB, {
      ...account(name),
      code,
    });
    expect(saved.status).toBe(200);
    expect(saved.data.accountNo).toBe('**** **** **** 0123');
    // The code is used up.
    expect(
      (await call('POST', 'user/seller/collection/saveOrUpdate', tokens.sellerB, { ...account(name), code }))
        .status,
    ).toBe(400);

    const row = await t.ctx.dbh.db.selectFrom('collection_account').selectAll().executeTakeFirstOrThrow();
    expect(row.account_no_cipher).not.toContain('62270012');
    const crypto = await dataCryptoFor(t.ctx);
    expect(crypto.open(row.account_no_cipher, COLLECTION_ACCOUNT_CONTEXT)).toBe('6227001234567890123');
    // Sealed for its column: it does not open as another column's value.
    expect(() => crypto.open(row.account_no_cipher, 'app_user.id_card')).toThrow();

    // The other member of the same unit sees it (and its history) once acting for that unit.
    await call('POST', 'user/seller/switchUnit', tokens.multi, {
      businessUnitId: await unitIdOf('demo-seller-3'),
    });
    const seen = await call('GET', 'user/seller/collection/info', tokens.multi);
    expect(seen.data.account).toMatchObject({ accountName: name, accountNo: '**** **** **** 0123' });
    const history = await call('GET', 'user/seller/collection/history', tokens.multi);
    expect(history.data).toHaveLength(1);
    expect(history.data[0]).toMatchObject({ changedBy: '陈强', accountNo: '**** **** **** 0123' });
    // Seller A's unit is untouched.
    expect((await call('GET', 'user/seller/collection/info', tokens.sellerA)).data.account).toBeNull();
  });
});

describe('logged-in devices', () => {
  it('lists a buyer’s live sessions and signs one out; another user’s session cannot be touched', async () => {
    const tel = newTel();
    await a.register(tel);
    const one = await a.token(tel);
    const two = await a.token(tel);
    const list = await call('GET', 'user/sessions', one);
    expect(list.data).toHaveLength(2);
    const other = list.data.find((s) => !s.current);
    expect(list.data.filter((s) => s.current)).toHaveLength(1);

    const foreign = await call('POST', 'user/sessions/revoke', tokens.sellerA, {
      sessionId: other?.sessionId,
    });
    expect(foreign.status).toBe(404);
    expect((await call('GET', 'user/info', two)).status).toBe(200);

    expect((await call('POST', 'user/sessions/revoke', one, { sessionId: other?.sessionId })).status).toBe(
      200,
    );
    expect((await call('GET', 'user/info', two)).status).toBe(401);
    expect((await call('GET', 'user/sessions', one)).data).toHaveLength(1);
    expect((await call('GET', 'user/sessions')).status).toBe(401);
  });

  it('records the browser a session was created from and lists it as a short device label', async () => {
    const CHROME_WINDOWS =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
    const tel = newTel();
    await a.register(tel);
    const login = async (ua: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mall-auction/user/buyer/login',
        payload: { loginType: 'password', tel, password: await a.encrypt('Chepai2026') },
        headers: { 'user-agent': ua },
        remoteAddress: newIp(),
      });
      return envelope<{ token: string }>(res).data.token;
    };
    const chrome = await login(CHROME_WINDOWS);
    const long = await login(`${CHROME_WINDOWS} ${'x'.repeat(400)}`);
    const curl = await login('curl/8.5.0');
    const list = await call('GET', 'user/sessions', chrome);
    // curl is not recognised (null); the long one is trimmed and still readable.
    expect(list.data.map((s) => String(s.device)).sort()).toEqual([
      'Chrome · Windows',
      'Chrome · Windows',
      'null',
    ]);
    expect(list.data.find((s) => s.current)?.device).toBe('Chrome · Windows');

    const stored = await t.ctx.dbh.db
      .selectFrom('user_session')
      .select(['user_agent'])
      .where('user_id', '=', String((await call('GET', 'user/info', curl)).data.userId))
      .orderBy('id')
      .execute();
    expect(stored.map((r) => r.user_agent?.length ?? null)).toEqual([CHROME_WINDOWS.length, 200, 10]);
    expect(long).toBeTruthy();
  });

  it('records the seller’s browser from the login callback', async () => {
    const k = sellerLogin();
    const { browser, page } = await k.openLogin();
    const { home } = await k.signIn(browser, page, 'chenqiang', 'Chepai2026');
    const query = new URLSearchParams({
      code: home?.searchParams.get('code') ?? '',
      state: home?.searchParams.get('state') ?? '',
    });
    const hop = await browser.request(
      `${t.baseUrl}/api/mall-auction/user/seller/login/callback?${query.toString()}`,
      {
        headers: {
          'user-agent':
            'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
        },
      },
    );
    const token = (JSON.parse(hop.body) as { data: { token: string } }).data.token;
    const list = await call('GET', 'user/sessions', token);
    expect(list.data.find((s) => s.current)?.device).toBe('Safari · macOS');
  });

  it('shows sellers the unit each session acts for', async () => {
    const list = await call('GET', 'user/sessions', tokens.sellerA);
    expect(list.data[0]).toMatchObject({
      current: true,
      businessUnitName: '京运汽车融资租赁（北京）有限公司',
    });
  });
});
