import { accounts } from '@chepai/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { JSEncrypt } from 'jsencrypt';
import type { ReactNode } from 'react';
import { toSessionUser } from '../features/sellers/api/seller-api';
import { completeSellerLogin, endSellerSession } from '../features/sellers/api/seller-session';
import { callApi } from '../lib/api';
import { setEncryptor } from '../lib/rsa';
import { getToken, saveSession } from '../lib/session';
import { setSellerCallback, setTokenLogin } from './guard';
import { logoutHooks } from './layout/logout-hooks';
import { RequestUiBridge } from './request-ui-bridge';

dayjs.locale('zh-cn');

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

export const theme = {
  token: {
    // The brand orange one step deeper, so white button labels and orange text pass WCAG AA
    // (global.css --brand-strong); the pure brand orange stays for fills without text.
    colorPrimary: '#c93c14',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
    fontFamily: '"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif',
  },
};

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={theme}>
      <AntApp>
        <RequestUiBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
