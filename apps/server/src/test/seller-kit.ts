import { expect } from 'vitest';
import { browserClient, type Hop } from './browser-client';

export interface CallbackResult {
  status: number;
  body: {
    code: number;
    msg: string;
    data: { token: string; redirect: string; userInfo: Record<string, unknown> };
  };
}

/** Drives the seller login the way a browser does, against a listening test app with the embedded provider. */
export function sellerKit(
  baseUrl: string,
  /** The console's staff sign in the same way at /api/console, landing on /console/. */
  { api = '/api/mall-auction/user/seller', landing = '/home' }: { api?: string; landing?: string } = {},
) {
  const API = api;
  const formAction = (hop: Hop) => {
    const m = /<form method="post" action="([^"]+)"/.exec(hop.body);
    if (!m?.[1]) throw new Error(`no form on ${hop.url} (${hop.status}): ${hop.body.slice(0, 200)}`);
    return new URL(m[1].replace(/&amp;/g, '&'), baseUrl).toString();
  };
  const atHome = (url: string) => url.startsWith(`${baseUrl}${landing}`);

  const kit = {
    browser: browserClient,
    /** start → the provider's login page. */
    async openLogin(browser = browserClient(), redirect = '/disposeCar') {
      const start = await browser.request(
        `${baseUrl}${API}/login/start?redirect=${encodeURIComponent(redirect)}`,
      );
      expect(start.status).toBe(302);
      const { last } = await browser.follow(start, atHome);
      return { browser, page: last };
    },
    /** Posts the login form, consents if asked, and stops at /home?code=…&state=…. */
    async signIn(browser: ReturnType<typeof browserClient>, page: Hop, username: string, password: string) {
      let hop = await browser.request(formAction(page), { form: { username, password } });
      let { last } = await browser.follow(hop, atHome);
      if (!last.location && last.status === 200 && last.body.includes('/confirm')) {
        hop = await browser.request(formAction(last), { form: {} });
        ({ last } = await browser.follow(hop, atHome));
      }
      if (!last.location || !atHome(last.location)) return { home: null, page: last };
      return { home: new URL(last.location), page: last };
    },
    async callback(
      browser: ReturnType<typeof browserClient>,
      params: URLSearchParams | Record<string, string>,
    ) {
      const query = new URLSearchParams(params);
      const hop = await browser.request(`${baseUrl}${API}/login/callback?${query.toString()}`);
      const body = JSON.parse(hop.body) as CallbackResult['body'];
      return { status: hop.status, body };
    },
    /** The whole login: returns the callback's answer and the browser (which keeps the issuer's cookies). */
    async login(username: string, password = 'Chepai2026', browser = browserClient()) {
      const { page } = await kit.openLogin(browser);
      const { home } = await kit.signIn(browser, page, username, password);
      if (!home) throw new Error('login did not reach /home');
      const result = await kit.callback(browser, {
        code: home.searchParams.get('code') ?? '',
        state: home.searchParams.get('state') ?? '',
      });
      return { ...result, browser, home };
    },
    async token(username: string) {
      const r = await kit.login(username);
      expect(r.body.msg).toBe('操作成功');
      return r.body.data.token;
    },
  };
  return kit;
}
