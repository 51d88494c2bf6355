import { accounts } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { assertDevCaller } from '../../http/dev-only';
import { route } from '../../http/route';
import { createSmsSender, type SmsSender } from '../../platform/sms/sms-sender';
import { smsOutboxRepo } from '../../platform/sms/sms-outbox.repo';
import { ensureSecret, makePepper } from '../../platform/secrets/secrets';
import { accountsService } from './accounts.service';
import { bearerToken, currentUser, sessionAuthCheck } from './auth-check';
import { operatorRolesRepo } from './operator-roles.repo';
import { passwordTransport } from './rsa';
import { makeRsaPrivateKey } from './secrets';
import { sessions as createSessions, keepSessionsWarm, type SessionUser } from './sessions';
import { addScheduledJob } from '../../platform/scheduler/app-scheduler';
import { formatBeijing } from '../../lib/time';
import { dataCryptoFor } from '../../platform/crypto/data-key';
import { idCardVault } from './id-card-vault';

/**
 * What user/info answers for a seller's token (the sellers module knows business units; it is
 * passed in by the module list so that accounts does not import sellers).
 */
export type SellerInfoOf = (user: SessionUser) => Promise<accounts.SellerUserInfo>;

export async function registerAccounts(
  app: FastifyInstance,
  ctx: AppContext,
  deps: { sender?: SmsSender; sellerInfo?: SellerInfoOf } = {},
) {
  const sender = deps.sender ?? createSmsSender(ctx);
  const { db } = ctx.dbh;
  const [privateKey, pepper, crypto] = await Promise.all([
    ensureSecret(db, 'rsa_private_key', makeRsaPrivateKey),
    ensureSecret(db, 'sms_pepper', makePepper),
    dataCryptoFor(ctx),
  ]);
  const sessions = createSessions(ctx);
  addScheduledJob(app, ctx, { name: 'session-keep-warm', tick: (now) => keepSessionsWarm(ctx, now) });
  const service = accountsService(ctx, {
    transport: passwordTransport(privateKey),
    sessions,
    sender,
    pepper,
    idCards: idCardVault(crypto),
  });

  app.decorateRequest('user', null);
  const staffRoles = operatorRolesRepo(ctx.dbh.db);
  app.checkAuth = sessionAuthCheck(sessions, staffRoles.of);

  route(app, accounts.rsaPublicKey, async () => service.publicKey());
  route(app, accounts.registerCaptcha, ({ tel }, { request }) => service.registerCaptcha(tel, request.ip));
  route(app, accounts.loginCaptcha, ({ tel }, { request }) => service.loginCaptcha(tel, request.ip, 'login'));
  route(app, accounts.findPwdCaptcha, ({ tel }, { request }) =>
    service.loginCaptcha(tel, request.ip, 'findPwd'),
  );
  route(app, accounts.updateTelCaptcha, (input, { request }) =>
    service.updateTelCaptcha(currentUser(request).id, input, request.ip),
  );
  route(app, accounts.checkAuthCode, async (input, { request }) => {
    if (input.purpose !== 'updateTelOld') return service.checkCode(input.tel, input.purpose, input.code);
    await app.checkAuth(request, 'user');
    return service.checkOldTelCode(currentUser(request).id, input.code);
  });
  route(app, accounts.register, (input, { request }) => service.register(input, request.ip));
  route(app, accounts.login, (input, { request }) =>
    input.loginType === 'password'
      ? service.loginWithPassword(input.tel, input.password, request.ip, request.headers['user-agent'])
      : service.loginWithCode(input.tel, input.code, request.ip, request.headers['user-agent']),
  );
  route(app, accounts.findPwd, ({ tel, code, password }) => service.findPwd(tel, code, password));
  route(app, accounts.updatePwd, ({ oldPassword, password }, { request }) =>
    service.updatePwd(currentUser(request).id, oldPassword, password, request.ip),
  );
  route(app, accounts.updateTel, (input, { request }) => service.updateTel(currentUser(request).id, input));
  // A seller's token answers with the seller's record, so a `?token=` link keeps name and unit.
  route(app, accounts.info, (_input, { request }) => {
    const user = currentUser(request);
    if (user.role !== 'seller') return service.info(user.id);
    if (!deps.sellerInfo) throw new Error('sellerInfo is not wired (modules/index.ts)');
    return deps.sellerInfo(user);
  });
  route(app, accounts.invoiceInfo, (_input, { request }) => service.invoice(currentUser(request).id));
  route(app, accounts.invoiceSave, (input, { request }) =>
    service.saveInvoice(currentUser(request).id, input),
  );
  // Public: logging out with a dead token still succeeds and clears nothing else.
  route(app, accounts.logout, async (_input, { request }) => {
    const token = bearerToken(request);
    if (token) await sessions.revoke(token);
    return null;
  });

  route(app, accounts.smsOutbox, async ({ tel }, { request }) => {
    assertDevCaller(ctx.env, request);
    const rows = await smsOutboxRepo(db).recent(tel);
    return rows.map((r) => ({
      tel: r.tel,
      code: r.code,
      purpose: r.purpose as accounts.SmsPurpose,
      sentAt: formatBeijing(new Date(r.sent_at)),
    }));
  });
}
