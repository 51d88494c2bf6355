import { accounts, type EndpointInput } from '@chepai/shared';
import { callApi } from '../../../lib/api';
import type { SessionUser } from '../../../lib/session';

export const sendLoginCode = (tel: string) => callApi(accounts.loginCaptcha, { tel });
export const sendRegisterCode = (tel: string) => callApi(accounts.registerCaptcha, { tel });
export const sendFindPwdCode = (tel: string) => callApi(accounts.findPwdCaptcha, { tel });

/** Logs in; `firstLogin` says the account had never logged in before. */
export async function login(
  input: EndpointInput<typeof accounts.login>,
): Promise<{ user: SessionUser; firstLogin: boolean }> {
  const data = await callApi(accounts.login, input, { encrypt: ['password'] });
  return { user: { ...data.userInfo, role: data.role, token: data.token }, firstLogin: data.firstLogin };
}

export const register = (input: EndpointInput<typeof accounts.register>) =>
  callApi(accounts.register, input, { encrypt: ['password'] });
export const checkCode = (input: EndpointInput<typeof accounts.checkAuthCode>) =>
  callApi(accounts.checkAuthCode, input);
export const findPwd = (input: EndpointInput<typeof accounts.findPwd>) =>
  callApi(accounts.findPwd, input, { encrypt: ['password'] });
