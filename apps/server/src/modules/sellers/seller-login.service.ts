import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { maskTel, type sellers } from '@chepai/shared';
import type { AppContext } from '../../context';
import { AppError, badRequest, forbidden } from '../../http/errors';
import { SsoError, type RelyingParty } from '../../platform/sso/relying-party';
import { hashToken, type Sessions } from '../accounts/sessions';
import { loginFlowRepo } from './login-flow.repo';
import { sellersRepo, type UnitRow } from './sellers.repo';

export const FLOW_TTL_MS = 10 * 60_000;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

export const FLOW_GONE = '登录请求已失效或已使用，请重新登录';
export const FLOW_EXPIRED = '登录请求已超时，请重新登录';
export const OTHER_BROWSER = '登录请求与当前浏览器不匹配，请在同一浏览器中重新发起登录';
export const CODE_REJECTED = '登录凭证无效或已被使用，请重新登录';
export const SSO_REJECTED = '统一认证校验未通过，请重新登录';
export const UNKNOWN_SELLER = '该账号尚未开通处置单位权限，请联系平台客服';
export const NO_UNIT = '该账号未关联任何处置单位，请联系平台客服';

/** Only paths on this site are followed after login (no open redirect). */
export function safePath(raw: string | undefined): string {
  if (
    !raw ||
    !raw.startsWith('/') ||
    raw.startsWith('//') ||
    raw.startsWith('/\\') ||
    raw.startsWith('/login')
  )
    return '/home';
  return raw;
}

export function sellerInfo(
  seller: { id: string; real_name: string; phone: string | null },
  unit: UnitRow | null,
  unitCount: number,
): sellers.SellerUserInfo {
  return {
    userId: seller.id,
    role: 'seller',
    sellerName: seller.real_name,
    tel: seller.phone ? maskTel(seller.phone) : '',
    businessUnitId: unit?.id ?? null,
    businessUnitName: unit?.name ?? null,
    unitCount,
  };
}

/**
 * Seller login through the issuer (docs/decisions/015-seller-sso.md): `start` keeps the PKCE
 * verifier, nonce and state server-side, bound to the browser by a cookie; `callback` takes that
 * flow once, exchanges the code, maps the issuer's subject to our seller and opens a session.
 */
export function sellerLoginService(
  ctx: AppContext,
  deps: { rp: RelyingParty; sessions: Sessions; provider: string },
) {
  const flows = loginFlowRepo(ctx.dbh.db);
  const repo = sellersRepo(ctx.dbh.db);

  return {
    async start(redirect: string | undefined) {
      const checks = deps.rp.newChecks();
      const browserToken = randomBytes(32).toString('base64url');
      const now = ctx.now();
      const url = await deps.rp.authorizationUrl(checks).catch((err: unknown) => {
        ctx.log.error({ err }, 'sso issuer unreachable');
        throw new AppError(503, '统一认证服务暂时不可用，请稍后再试');
      });
      await flows.deleteExpired(new Date(now.getTime() - FLOW_TTL_MS));
      await flows.insert({
        state: checks.state,
        code_verifier: checks.codeVerifier,
        nonce: checks.nonce,
        browser_hash: sha256(browserToken),
        redirect: safePath(redirect),
        created_at: now,
        expires_at: new Date(now.getTime() + FLOW_TTL_MS),
      });
      return { url, browserToken };
    },

    async callback(
      input: { code: string; state: string; iss?: string | undefined },
      browserToken: string | null,
      ip: string,
      userAgent?: string,
    ) {
      const flow = await flows.take(input.state);
      if (!flow) throw badRequest(FLOW_GONE);
      if (new Date(flow.expires_at) <= ctx.now()) throw badRequest(FLOW_EXPIRED);
      const given = Buffer.from(sha256(browserToken ?? ''));
      if (!browserToken || !timingSafeEqual(given, Buffer.from(flow.browser_hash)))
        throw forbidden(OTHER_BROWSER);

      const identity = await deps.rp
        .exchange(input, { state: flow.state, nonce: flow.nonce, codeVerifier: flow.code_verifier })
        .catch((err: unknown) => {
          if (!(err instanceof SsoError) || err.kind === 'unavailable') {
            ctx.log.error({ err }, 'sso token exchange failed');
            throw new AppError(503, '统一认证服务暂时不可用，请稍后再试');
          }
          ctx.log.info({ event: 'sso callback refused', reason: err.message, ip }, 'sso');
          throw badRequest(err.kind === 'invalid_grant' ? CODE_REJECTED : SSO_REJECTED);
        });

      const seller = await repo.byIdentity(deps.provider, identity.subject);
      if (!seller) {
        ctx.log.info({ event: 'sso unknown seller', ip }, 'sso');
        throw forbidden(UNKNOWN_SELLER);
      }
      const units = await repo.unitsOf(seller.id);
      if (!units.length) throw forbidden(NO_UNIT);
      await repo.recordLogin(seller.id, identity.name, identity.phone, ctx.now());

      const token = await deps.sessions.create(seller.id, ip, userAgent);
      const sessionId = await repo.sessionIdByTokenHash(hashToken(token));
      // One unit: the session acts for it; several: the seller chooses (the web's first dialog).
      const unit = units.length === 1 ? (units[0] ?? null) : null;
      await repo.insertSellerSession(sessionId, unit?.id ?? null, identity.idToken);
      const fresh = {
        id: seller.id,
        real_name: identity.name || seller.real_name,
        phone: identity.phone || seller.phone,
      };
      return {
        userInfo: sellerInfo(fresh, unit, units.length),
        role: 'seller' as const,
        token,
        redirect: flow.redirect,
      };
    },

    /** The issuer's end-session address for this session (RP-initiated logout), if it has one. */
    async endSessionUrl(sessionId: string) {
      const s = await repo.sellerSession(sessionId);
      return s ? deps.rp.endSessionUrl(s.id_token) : null;
    },
  };
}
