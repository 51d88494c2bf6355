import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSellers } from '../../db/seed/sellers';
import { LOGIN_TIERS } from '../../modules/accounts/login-throttle';
import type { Hop } from '../../test/browser-client';
import { newIp } from '../../test/accounts-test-kit';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import type { TestApp } from '../../test/test-app';

let t: TestApp & { baseUrl: string };
let k: ReturnType<typeof sellerKit>;
beforeAll(async () => {
  // The test's requests come from loopback; trusting it lets X-Forwarded-For name the client address.
  t = await createListeningTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  await seedSellers(t.ctx);
  k = sellerKit(t.baseUrl);
}, 60_000);
afterAll(() => t.close());

const formAction = (page: Hop) => {
  const m = /<form method="post" action="([^"]+)"/.exec(page.body);
  if (!m?.[1]) throw new Error(`no login form: ${page.body.slice(0, 200)}`);
  return new URL(m[1], t.baseUrl).toString();
};

/** Opens the provider's login page and returns a function posting the form from `ip`. */
async function loginForm() {
  const { browser, page } = await k.openLogin();
  const action = formAction(page);
  return (username: string, password: string, ip: string) =>
    browser.request(action, { form: { username, password }, headers: { 'x-forwarded-for': ip } });
}

describe('the embedded provider throttles wrong passwords', () => {
  const limit = LOGIN_TIERS.pair[0]?.max ?? 0;

  it('refuses an address after repeated wrong passwords, even the right one, but not the owner elsewhere', async () => {
    const stranger = newIp();
    const post = await loginForm();
    for (let i = 0; i < limit; i++) {
      const wrong = await post('lixiaomei', `Wrong${i}2026`, stranger);
      expect(wrong.status).toBe(400);
      expect(wrong.body).toContain('用户名或密码错误');
    }
    const refused = await post('lixiaomei', 'Chepai2026', stranger);
    expect(refused.status).toBe(429);
    expect(refused.location).toBeNull();
    expect(refused.body).toMatch(/密码错误次数过多，请\d+分钟后再试/);

    // The owner, from another address, is not locked out by the stranger.
    const owner = await loginForm();
    const ok = await owner('lixiaomei', 'Chepai2026', newIp());
    expect(ok.status).toBe(303);
    expect(ok.location).toContain('/oidc/auth');
  });

  it('counts per account at an address: another account from that address still signs in', async () => {
    const ip = newIp();
    const post = await loginForm();
    for (let i = 0; i < limit; i++) expect((await post('chenqiang', `Bad${i}pass`, ip)).status).toBe(400);
    expect((await post('chenqiang', 'Chepai2026', ip)).status).toBe(429);
    const other = await loginForm();
    expect((await other('lixiaomei', 'Chepai2026', ip)).status).toBe(303);
  });

  it('counts unknown usernames too, and refuses with the same page', async () => {
    const ip = newIp();
    const post = await loginForm();
    for (let i = 0; i < limit; i++) expect((await post('nobody-here', 'Chepai2026', ip)).status).toBe(400);
    const refused = await post('nobody-here', 'Chepai2026', ip);
    expect(refused.status).toBe(429);
    expect(refused.body).toContain('name="password"');
  });
});
