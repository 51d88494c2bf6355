import { accounts } from '@chepai/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { JSEncrypt } from 'jsencrypt';
import type { ReactNode } from 'react';
import { toSessionUser } from '../features/sellers/api/seller-api';
import { completeSellerLogin, endSellerSession } from '../features/sellers/api/seller-session';
import { callApi } from '../lib/api';
import { setEncryptor } from '../lib/rsa';
import { getToken, saveSession } from '../lib/session';
import { FeedbackProvider } from '../components/feedback';
import { setSellerCallback, setTokenLogin } from './guard';
import { logoutHooks } from './layout/logout-hooks';
import { RequestUiBridge } from './request-ui-bridge';

// The session's wiring, done once when the app loads.

/**
 * Passwords are RSA-encrypted with the deployment's public key, fetched once per page load;
 * jsencrypt loads only when a form needs it.
 */
let publicKey: Promise<JSEncrypt> | null = null;
function encryptorKey(): Promise<JSEncrypt> {
  publicKey ??= Promise.all([callApi(accounts.rsaPublicKey, {}), import('jsencrypt')])
    .then(([pem, { JSEncrypt }]) => {
      const enc = new JSEncrypt();
      enc.setPublicKey(pem);
      return enc;
    })
    .catch((e: unknown) => {
      publicKey = null;
      throw e;
    });
  return publicKey;
}
setEncryptor(async (plain) => {
  const out = (await encryptorKey()).encrypt(plain);
  if (!out) throw new Error('密码加密失败，请刷新页面后重试');
  return out;
});

/**
 * `?token=` in the address: the token is checked with user/info and becomes the session; a seller's
 * token answers with the seller's name and unit, kept as the seller login keeps them.
 */
setTokenLogin(async (token) => {
  const user = await callApi(accounts.info, {}, { token, silent: true, relogin: false });
  saveSession(accounts.isSellerInfo(user) ? toSessionUser(user, token) : { ...user, token });
});

/** A seller coming back from single sign-on (`/home?code=…&state=…`). */
setSellerCallback(completeSellerLogin);

/** A seller's logout ends the issuer's session too; it needs the token, so it runs first. */
logoutHooks.add(endSellerSession);
/** Logging out revokes the token on the server before the session is cleared locally. */
logoutHooks.add(async () => {
  if (getToken()) await callApi(accounts.logout, {}, { silent: true });
});

export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});

/**
 * No antd here: its locale and theme come with the pages (components/antd-scope.tsx), and toasts and dialogs
 * load with the first one shown (../components/feedback).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <FeedbackProvider>
      <RequestUiBridge />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </FeedbackProvider>
  );
}
