import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSellers } from '../../db/seed/sellers';
import { createListeningTestApp } from '../../test/listening-app';
import { sellerKit } from '../../test/seller-kit';
import type { TestApp } from '../../test/test-app';
import { embeddedClient } from './embedded-provider';
import { relyingParty, SsoError } from './relying-party';

let t: TestApp & { baseUrl: string };
beforeAll(async () => {
  t = await createListeningTestApp();
  await seedSellers(t.ctx);
}, 60_000);
afterAll(() => t.close());

/** A code and the checks the server kept for it, without calling the server's callback. */
async function pendingLogin() {
  const k = sellerKit(t.baseUrl);
  const { browser, page } = await k.openLogin();
  const { home } = await k.signIn(browser, page, 'zhaomin', 'Chepai2026');
  const state = home?.searchParams.get('state') ?? '';
  const flow = await t.ctx.dbh.db
    .selectFrom('sso_login_flow')
    .selectAll()
    .where('state', '=', state)
    .executeTakeFirstOrThrow();
  return {
    params: { code: home?.searchParams.get('code') ?? '', state },
    checks: { state, nonce: flow.nonce, codeVerifier: flow.code_verifier },
  };
}

describe('the relying party checks the ID token', () => {
  const rpWith = async (tamper?: (idToken: string) => string) =>
    relyingParty({
      issuer: `${t.baseUrl}/oidc`,
      ...(await embeddedClient(t.ctx)),
      fetch: async (url, options) => {
        const res = await fetch(url, options);
        if (!tamper || !url.endsWith('/oidc/token')) return res;
        const body = (await res.json()) as { id_token: string };
        return Response.json({ ...body, id_token: tamper(body.id_token) }, { status: res.status });
      },
    });

  it('accepts the issuer’s own ID token', async () => {
    const { params, checks } = await pendingLogin();
    const identity = await (await rpWith()).exchange(params, checks);
    expect(identity).toMatchObject({ name: '赵敏', phone: '13700137004' });
  });

  it('refuses an ID token whose signature does not verify against the JWKS', async () => {
    const { params, checks } = await pendingLogin();
    const rp = await rpWith((jwt) => {
      const [h, p, sig = ''] = jwt.split('.');
      return [h, p, `${sig.slice(0, -4)}${sig.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`].join('.');
    });
    await expect(rp.exchange(params, checks)).rejects.toSatisfy(
      (e) => e instanceof SsoError && e.kind === 'rejected',
    );
  });

  it('refuses an ID token with altered claims (another subject) under the original signature', async () => {
    const { params, checks } = await pendingLogin();
    const rp = await rpWith((jwt) => {
      const [h, p = '', sig] = jwt.split('.');
      const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
      const forged = Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url');
      return [h, forged, sig].join('.');
    });
    await expect(rp.exchange(params, checks)).rejects.toMatchObject({ kind: 'rejected' });
  });

  it('refuses a wrong nonce and a wrong PKCE verifier', async () => {
    const a = await pendingLogin();
    await expect((await rpWith()).exchange(a.params, { ...a.checks, nonce: 'other' })).rejects.toMatchObject({
      kind: 'rejected',
    });
    const b = await pendingLogin();
    await expect(
      (await rpWith()).exchange(b.params, { ...b.checks, codeVerifier: 'x'.repeat(43) }),
    ).rejects.toMatchObject({ kind: 'invalid_grant' });
  });
});
