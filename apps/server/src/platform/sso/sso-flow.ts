import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { loginFlowRepo } from './login-flow.repo';
import { SsoError, type RelyingParty, type SsoIdentity } from './relying-party';

export const FLOW_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const FLOW_GONE = '登录请求已失效或已使用，请重新登录';
export const FLOW_EXPIRED = '登录请求已超时，请重新登录';
export const OTHER_BROWSER = '登录请求与当前浏览器不匹配，请在同一浏览器中重新发起登录';
export const CODE_REJECTED = '登录凭证无效或已被使用，请重新登录';
export const SSO_REJECTED = '统一认证校验未通过，请重新登录';
export const SSO_UNAVAILABLE = '统一认证服务暂时不可用，请稍后再试';

/**
 * One single sign-on round trip (docs/decisions/015-seller-sso.md), shared by the sellers' login
 * and the console's: `start` keeps the PKCE verifier, nonce and state server-side, bound to the
 * browser by a cookie; `finish` takes that flow once and exchanges the code for a verified
 * identity. Who that identity is in the mall is the caller's business.
 */
export function ssoFlow(
  ctx: AppContext,
  rp: RelyingParty,
  safeRedirect: (raw: string | undefined) => string,
) {
  const flows = loginFlowRepo(ctx.dbh.db);
  return {
    async start(redirect: string | undefined) {
      const checks = rp.newChecks();
      const browserToken = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const url = await rp.authorizationUrl(checks).catch((err: unknown) => {
        ctx.log.error({ err }, 'sso issuer unreachable');
        throw new AppError(503, SSO_UNAVAILABLE);
      });
      await flows.deleteExpired(new Date(now.getTime() - FLOW_TTL_MS));
      await flows.insert({
        state: checks.state,
        code_verifier: checks.codeVerifier,
        nonce: checks.nonce,
        browser_hash: sha256(browserToken),
        redirect: safeRedirect(redirect),
        created_at: now,
        expires_at: new Date(now.getTime() + FLOW_TTL_MS),
      });
      return { url, browserToken };
    },

    async finish(
      input: { code: string; state: string; iss?: string | undefined },
      browserToken: string | null,
      ip: string,
    ): Promise<{ identity: SsoIdentity; redirect: string }> {
      const flow = await flows.take(input.state);
      if (!flow) throw badRequest(FLOW_GONE);
      if (new Date(flow.expires_at) <= ctx.now()) throw badRequest(FLOW_EXPIRED);
      const given = Buffer.from(sha256(browserToken ?? ''));
      if (!browserToken || !timingSafeEqual(given, Buffer.from(flow.browser_hash)))
        throw forbidden(OTHER_BROWSER);
      const identity = await rp
        .exchange(input, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier })
        .catch((err: unknown) => {
          if (!(err instanceof SsoError) || err.kind === 'unavailable') {
            ctx.log.error({ err }, 'sso token exchange failed');
            throw new AppError(503, SSO_UNAVAILABLE);
          }
          ctx.log.info({ event: 'sso callback refused', reason: err.message, ip }, 'sso');
          throw badRequest(err.kind === 'invalid_grant' ? CODE_REJECTED : SSO_REJECTED);
        });
      return { identity, redirect: flow.redirect };
    },
  };
}
export type SsoFlow = ReturnType<typeof ssoFlow>;
