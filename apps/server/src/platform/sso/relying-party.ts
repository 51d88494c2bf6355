import * as oidc from 'openid-client';

export interface RelyingPartyOptions {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  postLogoutRedirectUri: string;
  /** Replaces fetch for every request to the issuer (tests tamper with responses through it). */
  fetch?: oidc.CustomFetch;
}

export interface SsoIdentity {
  subject: string;
  name: string;
  phone: string;
  idToken: string;
}

/** Why a callback was refused, for the caller to word. */
export class SsoError extends Error {
  constructor(
    readonly kind: 'invalid_grant' | 'rejected' | 'unavailable',
    message: string,
  ) {
    super(message);
  }
}

/**
 * A standard OpenID Connect client (openid-client): authorization code with PKCE, state and nonce
 * checked, the ID token's signature verified against the issuer's JWKS. The issuer's metadata is
 * discovered on first use (the embedded issuer is this very server, not listening yet at boot).
 */
export function relyingParty(options: RelyingPartyOptions) {
  let config: Promise<oidc.Configuration> | null = null;
  const configuration = () => {
    config ??= oidc
      .discovery(
        new URL(options.issuer),
        options.clientId,
        undefined,
        oidc.ClientSecretBasic(options.clientSecret),
        {
          execute: [
            oidc.enableNonRepudiationChecks,
            // Development issuers (the embedded one included) are plain http.
            ...(options.issuer.startsWith('http:') ? [oidc.allowInsecureRequests] : []),
          ],
          timeout: 10,
          ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
        },
      )
      .catch((err: unknown) => {
        config = null;
        throw new SsoError('unavailable', `discovery failed: ${String(err)}`);
      });
    return config;
  };

  return {
    newChecks: () => ({
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
    }),

    async authorizationUrl(checks: { state: string; nonce: string; codeVerifier: string }) {
      const cfg = await configuration();
      return oidc
        .buildAuthorizationUrl(cfg, {
          redirect_uri: options.redirectUri,
          scope: 'openid profile phone',
          response_type: 'code',
          state: checks.state,
          nonce: checks.nonce,
          code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
          code_challenge_method: 'S256',
        })
        .toString();
    },

    /** Exchanges the code; `iss` defaults to the one issuer this client talks to. */
    async exchange(
      params: { code: string; state: string; iss?: string | undefined },
      checks: { state: string; nonce: string; codeVerifier: string },
    ): Promise<SsoIdentity> {
      const cfg = await configuration();
      const url = new URL(options.redirectUri);
      url.searchParams.set('code', params.code);
      url.searchParams.set('state', params.state);
      if (cfg.serverMetadata().authorization_response_iss_parameter_supported)
        url.searchParams.set('iss', params.iss ?? cfg.serverMetadata().issuer);
      let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
      try {
        tokens = await oidc.authorizationCodeGrant(cfg, url, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
      } catch (err) {
        if (err instanceof oidc.ResponseBodyError && err.error === 'invalid_grant')
          throw new SsoError('invalid_grant', err.error_description ?? err.message);
        if (err instanceof oidc.ResponseBodyError || err instanceof oidc.AuthorizationResponseError)
          throw new SsoError('rejected', err.message);
        if (err instanceof TypeError || (err as { code?: string }).code?.startsWith('OAUTH_'))
          throw new SsoError('rejected', (err as Error).message);
        throw new SsoError('unavailable', String(err));
      }
      const claims = tokens.claims();
      if (!claims || !tokens.id_token) throw new SsoError('rejected', 'no ID token');
      let name = typeof claims.name === 'string' ? claims.name : '';
      let phone = typeof claims.phone_number === 'string' ? claims.phone_number : '';
      if ((!name || !phone) && tokens.access_token) {
        const info = await oidc.fetchUserInfo(cfg, tokens.access_token, claims.sub).catch(() => null);
        name ||= typeof info?.name === 'string' ? info.name : '';
        phone ||= typeof info?.phone_number === 'string' ? info.phone_number : '';
      }
      return { subject: claims.sub, name, phone, idToken: tokens.id_token };
    },

    /** Where to send the browser to end the issuer's session, or null when it has no such endpoint. */
    async endSessionUrl(idToken: string): Promise<string | null> {
      const cfg = await configuration().catch(() => null);
      if (!cfg?.serverMetadata().end_session_endpoint) return null;
      return oidc
        .buildEndSessionUrl(cfg, {
          post_logout_redirect_uri: options.postLogoutRedirectUri,
          ...(idToken ? { id_token_hint: idToken } : { client_id: options.clientId }),
        })
        .toString();
    },
  };
}

export type RelyingParty = ReturnType<typeof relyingParty>;
