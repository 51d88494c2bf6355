import { accounts } from '@chepai/shared';
import axios from 'axios';
import type { JSEncrypt } from 'jsencrypt';
import { setTokenLogin } from '../../app/guard';
import { logoutHooks } from '../../app/layout/logout-hooks';
import { callApi } from '../../lib/api';
import { setEncryptor } from '../../lib/rsa';
import { getToken, saveSession } from '../../lib/session';

/** The deployment's public key, fetched once per page load; jsencrypt loads only when a form needs it. */
let key: Promise<JSEncrypt> | null = null;
function encryptorKey(): Promise<JSEncrypt> {
  key ??= Promise.all([callApi(accounts.rsaPublicKey, {}), import('jsencrypt')])
    .then(([pem, { JSEncrypt }]) => {
      const enc = new JSEncrypt();
      enc.setPublicKey(pem);
      return enc;
    })
    .catch((e: unknown) => {
      key = null;
      throw e;
    });
  return key;
}

setEncryptor(async (plain) => {
  const out = (await encryptorKey()).encrypt(plain);
  if (!out) throw new Error('密码加密失败，请刷新页面后重试');
  return out;
});

/** `?token=` in the address: the token is checked with user/info and becomes the session. */
setTokenLogin(async (token) => {
  const res = await axios.get<{ code: number; data: accounts.UserInfo }>('/api/mall-auction/user/info', {
    headers: { Authorization: token },
    validateStatus: () => true,
  });
  if (res.data?.code !== 200) throw new Error('token login failed');
  saveSession({ ...res.data.data, token });
});

/** Logging out revokes the token on the server before the session is cleared locally. */
logoutHooks.add(async () => {
  if (getToken()) await callApi(accounts.logout, {}, { silent: true });
});
