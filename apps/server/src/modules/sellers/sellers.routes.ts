import { sellers } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { route } from '../../http/route';
import type { SsoClient } from '../../platform/sso/sso-clients';
import { bearerToken, currentUser } from '../accounts/auth-check';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { sessions as createSessions } from '../accounts/sessions';
import { smsCodes } from '../accounts/sms-codes';
import { dataCryptoFor } from '../../platform/crypto/data-key';
import { createSmsSender, type SmsSender } from '../../platform/sms/sms-sender';
import { sellerProfileService } from './seller-profile.service';
import { clearFlowCookie, flowCookie, setFlowCookie } from '../../platform/sso/browser-binding';
import { FLOW_TTL_MS, sellerLoginService } from './seller-login.service';
import { sellerUnitsService } from './seller-units.service';

const FLOW_COOKIE_PATH = '/api/mall-auction/user/seller/login';

/** Sellers: single sign-on (embedded provider unless SSO_ISSUER is set) and business units. */
export async function registerSellers(
  app: FastifyInstance,
  ctx: AppContext,
  sso: SsoClient,
  sender: SmsSender = createSmsSender(ctx),
) {
  const { env } = ctx;
  const rp = sso.rp;
  const sessions = createSessions(ctx);
  const login = sellerLoginService(ctx, {
    rp,
    sessions,
    provider: sso.provider,
  });
  const units = sellerUnitsService(ctx);
  const secure = env.publicUrl.startsWith('https:');

  route(app, sellers.loginStart, async ({ redirect }, { reply }) => {
    const { url, browserToken } = await login.start(redirect);
    setFlowCookie(reply, browserToken, secure, FLOW_TTL_MS / 1000, FLOW_COOKIE_PATH);
    return reply.redirect(url, 302);
  });
  route(app, sellers.loginCallback, async (input, { request, reply }) => {
    const result = await login.callback(
      input,
      flowCookie(request),
      request.ip,
      request.headers['user-agent'],
    );
    clearFlowCookie(reply, secure, FLOW_COOKIE_PATH);
    return result;
  });
  // Public like the buyers' logout: ends our session and tells the client where the issuer's ends.
  route(app, sellers.logout, async (_input, { request }) => {
    const token = bearerToken(request);
    const user = token ? await sessions.resolve(token) : null;
    if (!token || !user || user.role !== 'seller') return { endSessionUrl: null };
    const endSessionUrl = await login.endSessionUrl(user.sessionId);
    await sessions.revoke(token);
    return { endSessionUrl };
  });
  route(app, sellers.infoAll, (_input, { request }) => units.infoAll(currentUser(request)));
  route(app, sellers.switchUnit, ({ businessUnitId }, { request }) =>
    units.switchUnit(currentUser(request), businessUnitId),
  );

  const [pepper, crypto] = await Promise.all([
    ensureSecret(ctx.dbh.db, 'sms_pepper', makePepper),
    dataCryptoFor(ctx),
  ]);
  const profile = sellerProfileService(ctx, { units, codes: smsCodes(ctx, sender, pepper), crypto });
  route(app, sellers.invoiceInfo, (_input, { request }) => profile.invoice(currentUser(request)));
  route(app, sellers.invoiceSave, (input, { request }) => profile.saveInvoice(currentUser(request), input));
  route(app, sellers.collectionInfo, (_input, { request }) => profile.collection(currentUser(request)));
  route(app, sellers.collectionCaptcha, (_input, { request }) =>
    profile.collectionCaptcha(currentUser(request), request.ip),
  );
  route(app, sellers.collectionSave, (input, { request }) =>
    profile.saveCollection(currentUser(request), input, request.ip),
  );
  route(app, sellers.collectionHistory, (_input, { request }) =>
    profile.collectionHistory(currentUser(request)),
  );
  return { units };
}
