import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSellers } from '../../db/seed/sellers';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import type { TestApp } from '../../test/test-app';
import { hashPassword } from '../accounts/passwords';
import {
  CODE_REJECTED,
  FLOW_EXPIRED,
  FLOW_GONE,
  OTHER_BROWSER,
  UNKNOWN_SELLER,
} from './seller-login.service';

let t: TestApp & { baseUrl: string };
let k: ReturnType<typeof sellerKit>;
beforeAll(async () => {
  t = await createListeningTestApp();
  await seedSellers(t.ctx);
  k = sellerKit(t.baseUrl);
}, 60_000);
afterAll(() => t.close());

const sessionCount = async () =>
  Number(
    (
      await t.ctx.dbh.db
        .selectFrom('user_session')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('seller single sign-on against the embedded provider', () => {
  it('start answers 302 to the issuer with PKCE, state and nonce, and binds the browser with a cookie', async () => {
    const browser = k.browser();
    const start = await browser.request(
      `${t.baseUrl}/api/mall-auction/user/seller/login/start?redirect=/disposeCar`,
    );
    expect(start.status).toBe(302);
    const to = new URL(start.location ?? '');
    expect(`${to.origin}${to.pathname}`).toBe(`${t.baseUrl}/oidc/auth`);
    expect(to.searchParams.get('code_challenge_method')).toBe('S256');
    expect(to.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(to.searchParams.get('state')).toBeTruthy();
    expect(to.searchParams.get('nonce')).toBeTruthy();
    expect(to.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/home`);
    expect(browser.cookie(new URL(t.baseUrl).host, 'chepai_sso_flow')).toMatch(/^[\w-]{43}$/);
  });

  it('shows a Chinese login page, refuses a wrong password, then consents and logs in', async () => {
    const { browser, page } = await k.openLogin();
    expect(page.status).toBe(200);
    expect(page.body).toContain('处置单位统一认证登录');
    expect(page.body).toMatch(/name="username"/);
    expect(page.body).toMatch(/name="password"/);

    const wrong = await k.signIn(browser, page, 'lixiaomei', 'Wrong2026');
    expect(wrong.home).toBeNull();
    expect(wrong.page.status).toBe(400);
    expect(wrong.page.body).toContain('用户名或密码错误');

    const { home } = await k.signIn(browser, wrong.page, 'lixiaomei', 'Chepai2026');
    expect(home?.searchParams.get('code')).toBeTruthy();
    const before = await sessionCount();
    const res = await k.callback(browser, {
      code: home?.searchParams.get('code') ?? '',
      state: home?.searchParams.get('state') ?? '',
    });
    expect(res.body.msg).toBe('操作成功');
    expect(res.body.data.userInfo).toMatchObject({
      role: 'seller',
      sellerName: '李晓梅',
      businessUnitName: '京运汽车融资租赁（北京）有限公司',
      tel: '137****7002',
      unitCount: 1,
    });
    expect(res.body.data.redirect).toBe('/disposeCar');
    expect(await sessionCount()).toBe(before + 1);
    // The token is an ordinary session token: stored hashed, usable on seller endpoints.
    const info = await t.app.inject({
      method: 'GET',
      url: '/api/mall-auction/user/seller/info/all',
      headers: { authorization: res.body.data.token },
    });
    expect(info.statusCode).toBe(200);

    // The issuer's session is kept: a second login in the same browser asks for no password.
    const again = await k.openLogin(browser);
    expect(again.page.location ?? '').toContain('/home?code=');
  });

  it('refuses a replayed callback, a wrong state and a forged code without opening a session', async () => {
    const first = await k.login('chenqiang');
    expect(first.body.code).toBe(200);
    const before = await sessionCount();
    const code = first.home.searchParams.get('code') ?? '';
    const state = first.home.searchParams.get('state') ?? '';

    const replay = await k.callback(first.browser, { code, state });
    expect(replay.status).toBe(400);
    expect(replay.body.msg).toBe(FLOW_GONE);

    const wrongState = await k.callback(first.browser, { code, state: 'not-a-state-we-issued' });
    expect(wrongState.status).toBe(400);
    expect(wrongState.body.msg).toBe(FLOW_GONE);

    // The used code with a fresh, valid flow of the same browser: the issuer refuses it.
    const { page } = await k.openLogin(first.browser);
    const fresh = new URL(page.location ?? '');
    const replayedCode = await k.callback(first.browser, {
      code,
      state: fresh.searchParams.get('state') ?? '',
    });
    expect(replayedCode.status).toBe(400);
    expect(replayedCode.body.msg).toBe(CODE_REJECTED);

    const forged = await k.openLogin(first.browser);
    const forgedState = new URL(forged.page.location ?? '').searchParams.get('state') ?? '';
    const res = await k.callback(first.browser, { code: 'forged-code-0000', state: forgedState });
    expect(res.status).toBe(400);
    expect(res.body.msg).toBe(CODE_REJECTED);
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a callback from another browser (login CSRF) and an expired flow', async () => {
    const victim = k.browser();
    const attacker = await k.openLogin();
    const { home } = await k.signIn(attacker.browser, attacker.page, 'zhaomin', 'Chepai2026');
    const params = {
      code: home?.searchParams.get('code') ?? '',
      state: home?.searchParams.get('state') ?? '',
    };
    const cross = await k.callback(victim, params);
    expect(cross.status).toBe(403);
    expect(cross.body.msg).toBe(OTHER_BROWSER);

    const slow = await k.openLogin();
    const slowHome = (await k.signIn(slow.browser, slow.page, 'zhaomin', 'Chepai2026')).home;
    t.advance(11 * 60_000);
    try {
      const late = await k.callback(slow.browser, {
        code: slowHome?.searchParams.get('code') ?? '',
        state: slowHome?.searchParams.get('state') ?? '',
      });
      expect(late.status).toBe(400);
      expect(late.body.msg).toBe(FLOW_EXPIRED);
    } finally {
      t.setNow(null);
    }
  });

  it('refuses a person the issuer knows but who is no seller of ours', async () => {
    await t.ctx.dbh.db
      .insertInto('idp_account')
      .values({
        username: 'stranger',
        password_hash: await hashPassword('Chepai2026'),
        name: '路人甲',
        phone: '13700139999',
      })
      .execute();
    const before = await sessionCount();
    const res = await k.login('stranger');
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe(UNKNOWN_SELLER);
    expect(await sessionCount()).toBe(before);
  });

  it('asks a seller of two units to choose, and logs out at the issuer too', async () => {
    const res = await k.login('wangjianlin');
    expect(res.body.data.userInfo).toMatchObject({
      sellerName: '王建林',
      businessUnitId: null,
      unitCount: 2,
    });
    const token = res.body.data.token;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/user/seller/logout',
      headers: { authorization: token },
      payload: {},
    });
    const endSessionUrl = (JSON.parse(out.body) as { data: { endSessionUrl: string } }).data.endSessionUrl;
    expect(endSessionUrl).toContain(`${t.baseUrl}/oidc/session/end?`);
    expect(new URL(endSessionUrl).searchParams.get('id_token_hint')).toBeTruthy();
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/mall-auction/user/seller/info/all',
      headers: { authorization: token },
    });
    expect(after.statusCode).toBe(401);

    // The issuer asks for confirmation in Chinese; confirming ends its session.
    const confirm = await res.browser.request(endSessionUrl);
    expect(confirm.body).toContain('退出统一身份认证');
    const form = /<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/.exec(confirm.body);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form?.[2] ?? '')?.[1] ?? '';
    const done = await res.browser.request(new URL(form?.[1] ?? '', t.baseUrl).toString(), {
      form: { xsrf, logout: 'yes' },
    });
    const { last } = await res.browser.follow(done, (u) => u.startsWith(`${t.baseUrl}/home`));
    expect(last.location).toBe(`${t.baseUrl}/home`);
    const next = await k.openLogin(res.browser);
    expect(next.page.body).toContain('name="password"');
  });
});
