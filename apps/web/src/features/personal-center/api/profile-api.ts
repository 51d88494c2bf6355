import { accounts, type EndpointInput } from '@chepai/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export const userInfoKey = ['user', 'info'] as const;
export const invoiceKey = ['user', 'invoice'] as const;

/** The buyer's record (these pages are buyer-only; user/info answers a seller with the seller's). */
export const useUserInfo = () =>
  useQuery({
    queryKey: userInfoKey,
    queryFn: () => callApi(accounts.info, {}),
    select: (u) => (accounts.isSellerInfo(u) ? undefined : u),
  });
export const useInvoice = () =>
  useQuery({ queryKey: invoiceKey, queryFn: () => callApi(accounts.invoiceInfo, {}) });

export function useProfileActions() {
  const qc = useQueryClient();
  return {
    saveInvoice: async (input: EndpointInput<typeof accounts.invoiceSave>) => {
      const saved = await callApi(accounts.invoiceSave, input);
      qc.setQueryData(invoiceKey, saved);
      return saved;
    },
    updatePassword: (oldPassword: string, password: string) =>
      callApi(accounts.updatePwd, { oldPassword, password }, { encrypt: ['oldPassword', 'password'] }),
    sendOldTelCode: () => callApi(accounts.updateTelCaptcha, { target: 'old' }),
    sendNewTelCode: (tel: string) => callApi(accounts.updateTelCaptcha, { target: 'new', tel }),
    checkOldTelCode: (code: string) => callApi(accounts.checkAuthCode, { purpose: 'updateTelOld', code }),
    updateTel: async (input: EndpointInput<typeof accounts.updateTel>) => {
      const res = await callApi(accounts.updateTel, input);
      await qc.invalidateQueries({ queryKey: userInfoKey });
      return res;
    },
  };
}
