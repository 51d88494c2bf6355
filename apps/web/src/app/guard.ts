import { redirect, type LoaderFunctionArgs } from 'react-router';
import { progress } from '../lib/progress';
import { clearSession } from '../lib/session';

export type TokenLogin = (token: string) => Promise<void>;
let tokenLogin: TokenLogin = async () => {
  throw new Error('token login unavailable');
};

/** Hands a single sign-on code to the server; resolves to the path to go to. */
export type SellerCallback = (params: URLSearchParams) => Promise<string>;
let sellerCallback: SellerCallback = async () => {
  throw new Error('seller login unavailable');
};
export function setSellerCallback(fn: SellerCallback) {
  sellerCallback = fn;
}

/** The app installs the real token login (app/providers.tsx). */
export function setTokenLogin(fn: TokenLogin) {
  tokenLogin = fn;
}

/**
 * Runs before every navigation (docs/product.md#3-routes): starts the progress bar; a `token` query logs the
 * user in with it and is removed from the address, or sends them to /tokenExpiration.
 */
export async function navigationGuard({ request }: LoaderFunctionArgs) {
  progress.start();
  const url = new URL(request.url);
  if (url.pathname === '/tokenExpiration') return null;
  // The issuer returns sellers to /home?code=…&state=… (a code query is a seller login: docs/product.md#3-routes).
  if (url.pathname === '/home' && url.searchParams.has('code')) {
    try {
      return redirect(await sellerCallback(url.searchParams));
    } catch {
      return redirect('/login?type=2');
    }
  }
  const token = url.searchParams.get('token');
  if (!token) return null;
  try {
    await tokenLogin(token);
  } catch {
    clearSession();
    return redirect('/tokenExpiration');
  }
  url.searchParams.delete('token');
  return redirect(url.pathname + (url.search || ''));
}
