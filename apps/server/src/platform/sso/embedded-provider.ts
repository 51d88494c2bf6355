import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { onFirstUse } from '../../lib/on-first-use';
import { ensureSecret } from '../secrets/secrets';
import { verifyPassword } from '../../modules/accounts/passwords';
import { loginThrottle, SSO_LOGIN } from '../../modules/accounts/login-throttle';
import { AppError } from '../../http/errors';
import { idpAccountRepo } from './idp-account.repo';
import { consentPage, loginPage, logoutPage, messagePage } from './interaction-pages';
import { oidcAdapterFactory } from './oidc-adapter';

export const EMBEDDED_MOUNT = '/oidc';
const CLIENT_NAME = '车拍商城';

export interface EmbeddedClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
}

/** The embedded issuer's signing key, as stored (`oidc_signing_jwk`). */
export const makeSigningJwk = () =>
  JSON.stringify({
    ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    use: 'sig',
    alg: 'RS256',
  });
const makeKey = () => randomBytes(32).toString('base64url');

/** The embedded provider's client credentials: the configured secret, or one generated per deployment. */
export async function embeddedClient(ctx: AppContext): Promise<EmbeddedClient> {
  const secret = ctx.env.SSO_CLIENT_SECRET ?? (await ensureSecret(ctx.dbh.db, 'oidc_client_secret', makeKey));
  return {
    clientId: ctx.env.SSO_CLIENT_ID,
    clientSecret: secret,
    redirectUri: `${ctx.env.publicUrl}/home`,
    postLogoutRedirectUri: `${ctx.env.publicUrl}/home`,
  };
}

/** The console's client: staff return to PUBLIC_URL/console/ (docs/product.md#14-disposal-and-review). */
export async function embeddedConsoleClient(ctx: AppContext): Promise<EmbeddedClient> {
  const secret =
    ctx.env.SSO_CONSOLE_CLIENT_SECRET ??
    (await ensureSecret(ctx.dbh.db, 'oidc_console_client_secret', makeKey));
  return {
    clientId: ctx.env.SSO_CONSOLE_CLIENT_ID,
    clientSecret: secret,
    redirectUri: `${ctx.env.publicUrl}/console/`,
    postLogoutRedirectUri: `${ctx.env.publicUrl}/console/`,
  };
}

const loginForm = z.object({ username: z.string().trim().max(64), password: z.string().max(64) });

/**
 * oidc-provider, loaded once, when an embedded provider is first mounted. Its import prints
 * "Unsupported runtime. Use Node.js v22.x LTS" on Node 20, where it works
 * (docs/decisions/015-seller-sso.md): that one known line is dropped while it loads; every other
 * warning goes through.
 */
const loadProvider = onFirstUse(importProvider);
async function importProvider() {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('oidc-provider WARNING: Unsupported runtime.'))
      return;
    warn(...args);
  };
  try {
    return (await import('oidc-provider')).default;
  } finally {
    console.warn = warn;
  }
}

/**
 * An OpenID provider inside the server for development, tests and the demo (docs/decisions/015-
 * seller-sso.md): oidc-provider mounted at /oidc through middie, its state in our database, our
 * Chinese login and consent pages at /oidc/interaction/:uid, accounts in idp_account.
 */
export async function mountEmbeddedProvider(
  app: FastifyInstance,
  ctx: AppContext,
  clients: EmbeddedClient[],
) {
  const { db } = ctx.dbh;
  const accounts = idpAccountRepo(db);
  const [jwk, cookieKey] = await Promise.all([
    ensureSecret(db, 'oidc_signing_jwk', makeSigningJwk),
    ensureSecret(db, 'oidc_cookie_key', makeKey),
  ]);
  const home = `${ctx.env.publicUrl}/home`;
  // Wrong passwords are throttled like the mall's own login (docs/decisions/011-login-throttles.md).
  const throttle = loginThrottle(ctx, SSO_LOGIN);

  const configuration: Configuration = {
    adapter: oidcAdapterFactory(db),
    clients: clients.map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      client_name: CLIENT_NAME,
      redirect_uris: [client.redirectUri],
      post_logout_redirect_uris: [client.postLogoutRedirectUri],
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [JSON.parse(jwk) as Record<string, string>] },
    cookies: { keys: [cookieKey] },
    claims: { openid: ['sub'], profile: ['name'], phone: ['phone_number', 'phone_number_verified'] },
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (koa: KoaContextWithOIDC, form: string) => {
          koa.type = 'html';
          koa.body = logoutPage(form, home);
        },
        postLogoutSuccessSource: async (koa: KoaContextWithOIDC) => {
          koa.type = 'html';
          koa.body = messagePage('已退出', '您已退出统一身份认证。', home);
        },
      },
    },
    interactions: { url: (_koa, interaction) => `${EMBEDDED_MOUNT}/interaction/${interaction.uid}` },
    ttl: {
      AuthorizationCode: 60,
      AccessToken: 600,
      IdToken: 3600,
      Interaction: 600,
      Session: 8 * 3600,
      Grant: 30 * 86_400,
    },
    renderError: async (koa, out) => {
      koa.type = 'html';
      const reason =
        out.error === 'invalid_request' || out.error === 'invalid_client'
          ? '请求参数无效'
          : '认证请求无法完成';
      koa.body = messagePage('认证失败', `${reason}，请返回车拍商城重新登录。`, home);
    },
    findAccount: async (_koa, sub) => {
      const account = await accounts.byId(sub);
      if (!account) return undefined;
      return {
        accountId: account.id,
        claims: async () => ({
          sub: account.id,
          name: account.name,
          phone_number: account.phone,
          phone_number_verified: Boolean(account.phone),
        }),
      };
    },
  };
  const Provider = await loadProvider();
  const provider = new Provider(`${ctx.env.publicUrl}${EMBEDDED_MOUNT}`, configuration);
  // Behind trusted proxies the provider reads the original scheme and host from X-Forwarded-*.
  provider.proxy = ctx.env.TRUST_PROXY !== false;
  provider.on('server_error', (_koa, err) => ctx.log.error({ err }, 'oidc provider error'));

  const callback = provider.callback();
  await app.register(middie);
  // Everything under /oidc belongs to the provider except our interaction pages (Fastify routes).
  app.use(EMBEDDED_MOUNT, (req, res, next) => {
    if (req.url?.startsWith('/interaction/')) return next();
    void callback(req, res);
  });

  const html = (reply: FastifyReply, body: string, status = 200, headers: Record<string, string> = {}) =>
    reply
      .code(status)
      .headers(headers)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(body);
  const expired = (reply: FastifyReply) =>
    html(reply, messagePage('登录已超时', '本次登录请求已失效，请返回车拍商城重新发起登录。', home), 400);
  /** Hands the response to the provider (a 303 back to the authorization endpoint). */
  const finish = async (
    request: { raw: IncomingMessage },
    reply: FastifyReply,
    result: Parameters<typeof provider.interactionFinished>[2],
    merge: boolean,
  ) => {
    reply.hijack();
    try {
      await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: merge });
    } catch (err) {
      ctx.log.warn({ err }, 'oidc interaction could not finish');
      if (!reply.raw.headersSent) {
        reply.raw.writeHead(400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        reply.raw.end(messagePage('登录已超时', '本次登录请求已失效，请返回车拍商城重新发起登录。', home));
      }
    }
  };
  const details = async (request: { raw: IncomingMessage }, reply: FastifyReply) => {
    try {
      return await provider.interactionDetails(request.raw, reply.raw);
    } catch {
      return null;
    }
  };

  app.get<{ Params: { uid: string } }>(`${EMBEDDED_MOUNT}/interaction/:uid`, async (request, reply) => {
    const d = await details(request, reply);
    if (!d || d.uid !== request.params.uid) return expired(reply);
    if (d.prompt.name === 'login') return html(reply, loginPage(d.uid, CLIENT_NAME));
    const account = d.session?.accountId ? await accounts.byId(d.session.accountId) : undefined;
    const scopes = (typeof d.params.scope === 'string' ? d.params.scope : 'openid').split(' ');
    return html(reply, consentPage(d.uid, CLIENT_NAME, account?.name ?? '', scopes));
  });

  app.post<{ Params: { uid: string } }>(
    `${EMBEDDED_MOUNT}/interaction/:uid/login`,
    async (request, reply) => {
      const d = await details(request, reply);
      if (!d || d.uid !== request.params.uid || d.prompt.name !== 'login') return expired(reply);
      const form = loginForm.safeParse(request.body ?? {});
      const username = form.success ? form.data.username : '';
      // Counted by username whether or not it exists, so the answer says nothing about which do.
      const key = username.toLowerCase() || null;
      try {
        await throttle.check(key, request.ip);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        ctx.log.info({ event: 'sso login throttled', ip: request.ip }, 'sso');
        return html(reply, loginPage(d.uid, CLIENT_NAME, err.message, username), err.code, err.headers);
      }
      const account = username ? await accounts.byUsername(username) : undefined;
      const ok = form.success && (await verifyPassword(account?.password_hash ?? null, form.data.password));
      if (!ok || !account) {
        await throttle.failed(key, request.ip);
        ctx.log.info({ event: 'sso login failed', ip: request.ip }, 'sso');
        return html(reply, loginPage(d.uid, CLIENT_NAME, '用户名或密码错误', username), 400);
      }
      if (key) await throttle.succeeded(key, request.ip);
      await finish(request, reply, { login: { accountId: account.id } }, false);
    },
  );

  app.post<{ Params: { uid: string } }>(
    `${EMBEDDED_MOUNT}/interaction/:uid/confirm`,
    async (request, reply) => {
      const d = await details(request, reply);
      if (!d || d.uid !== request.params.uid || d.prompt.name !== 'consent' || !d.session)
        return expired(reply);
      const grant = d.grantId
        ? await provider.Grant.find(d.grantId)
        : new provider.Grant({ accountId: d.session.accountId, clientId: String(d.params.client_id) });
      if (!grant) return expired(reply);
      const missing = d.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await finish(request, reply, { consent: d.grantId ? {} : { grantId } }, true);
    },
  );

  app.get<{ Params: { uid: string } }>(`${EMBEDDED_MOUNT}/interaction/:uid/abort`, async (request, reply) => {
    const d = await details(request, reply);
    if (!d || d.uid !== request.params.uid) return expired(reply);
    await finish(request, reply, { error: 'access_denied', error_description: '用户取消了登录' }, false);
  });

  return provider;
}
