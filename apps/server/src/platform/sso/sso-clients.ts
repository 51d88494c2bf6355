import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import {
  embeddedClient,
  embeddedConsoleClient,
  EMBEDDED_MOUNT,
  mountEmbeddedProvider,
} from './embedded-provider';
import { relyingParty, type RelyingParty } from './relying-party';

export interface SsoClient {
  rp: RelyingParty;
  /** 'embedded' for the built-in provider, otherwise the issuer URL (user_identity.provider). */
  provider: string;
}

/**
 * The relying parties of the mall (sellers) and the console (staff) at one issuer: the configured
 * SSO_ISSUER, or the embedded provider, mounted here once with both clients. The console's is null
 * when an external issuer is set without its client secret.
 */
export async function ssoClients(
  app: FastifyInstance,
  ctx: AppContext,
): Promise<{ seller: SsoClient; console: SsoClient | null }> {
  const { env } = ctx;
  if (!env.SSO_ISSUER) {
    const [mall, staff] = await Promise.all([embeddedClient(ctx), embeddedConsoleClient(ctx)]);
    await mountEmbeddedProvider(app, ctx, [mall, staff]);
    const issuer = `${env.publicUrl}${EMBEDDED_MOUNT}`;
    return {
      seller: { rp: relyingParty({ issuer, ...mall }), provider: 'embedded' },
      console: { rp: relyingParty({ issuer, ...staff }), provider: 'embedded' },
    };
  }
  const seller = relyingParty({
    issuer: env.SSO_ISSUER,
    clientId: env.SSO_CLIENT_ID,
    clientSecret: env.SSO_CLIENT_SECRET ?? '',
    redirectUri: `${env.publicUrl}/home`,
    postLogoutRedirectUri: `${env.publicUrl}/home`,
  });
  const console = env.SSO_CONSOLE_CLIENT_SECRET
    ? relyingParty({
        issuer: env.SSO_ISSUER,
        clientId: env.SSO_CONSOLE_CLIENT_ID,
        clientSecret: env.SSO_CONSOLE_CLIENT_SECRET,
        redirectUri: `${env.publicUrl}/console/`,
        postLogoutRedirectUri: `${env.publicUrl}/console/`,
      })
    : null;
  return {
    seller: { rp: seller, provider: env.SSO_ISSUER },
    console: console ? { rp: console, provider: env.SSO_ISSUER } : null,
  };
}
