import { maskTel, type sellers } from '@chepai/shared';
import type { AppContext } from '../../context';
import { forbidden } from '../../http/errors';
import type { RelyingParty } from '../../platform/sso/relying-party';
import { ssoFlow } from '../../platform/sso/sso-flow';
import { hashToken, type Sessions } from '../accounts/sessions';
import { sellersRepo, type UnitRow } from './sellers.repo';

export {
  FLOW_TTL_MS,
  FLOW_GONE,
  FLOW_EXPIRED,
  OTHER_BROWSER,
  CODE_REJECTED,
  SSO_REJECTED,
} from '../../platform/sso/sso-flow';
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
  const flow = ssoFlow(ctx, deps.rp, safePath);
  const repo = sellersRepo(ctx.dbh.db);

  return {
    start: (redirect: string | undefined) => flow.start(redirect),

    async callback(
      input: { code: string; state: string; iss?: string | undefined },
      browserToken: string | null,
      ip: string,
      userAgent?: string,
    ) {
      const { identity, redirect } = await flow.finish(input, browserToken, ip);
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
        redirect,
      };
    },

    /** The issuer's end-session address for this session (RP-initiated logout), if it has one. */
    async endSessionUrl(sessionId: string) {
      const s = await repo.sellerSession(sessionId);
      return s ? deps.rp.endSessionUrl(s.id_token) : null;
    },
  };
}
