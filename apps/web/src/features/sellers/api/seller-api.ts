import { sellers, type EndpointInput } from '@chepai/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { getSession, saveSession, type SessionUser } from '../../../lib/session';

export const sellerInfoKey = ['seller', 'info-all'] as const;
export const sellerInvoiceKey = ['seller', 'invoice'] as const;
export const collectionKey = ['seller', 'collection'] as const;
export const collectionHistoryKey = ['seller', 'collection', 'history'] as const;

/** The address that starts single sign-on (the browser navigates there; the server answers 302). */
export const sellerLoginStartUrl = (redirect: string) =>
  `/api${sellers.loginStart.path}?redirect=${encodeURIComponent(redirect)}`;

export const toSessionUser = (
  { businessUnitName, ...info }: sellers.SellerUserInfo,
  token: string,
): SessionUser => ({
  ...info,
  ...(businessUnitName ? { businessUnitName } : {}),
  token,
});

export const useSellerInfo = (enabled = true) =>
  useQuery({ queryKey: sellerInfoKey, queryFn: () => callApi(sellers.infoAll, {}), enabled });
export const useSellerInvoice = () =>
  useQuery({ queryKey: sellerInvoiceKey, queryFn: () => callApi(sellers.invoiceInfo, {}) });
export const useCollection = () =>
  useQuery({ queryKey: collectionKey, queryFn: () => callApi(sellers.collectionInfo, {}) });
export const useCollectionHistory = () =>
  useQuery({ queryKey: collectionHistoryKey, queryFn: () => callApi(sellers.collectionHistory, {}) });

export function useSellerActions() {
  const qc = useQueryClient();
  return {
    /** The session acts for another unit; everything shown is refetched for it. */
    switchUnit: async (businessUnitId: string) => {
      const info = await callApi(sellers.switchUnit, { businessUnitId });
      const current = getSession();
      if (current) saveSession(toSessionUser(info, current.token));
      await qc.invalidateQueries();
      return info;
    },
    saveInvoice: async (input: EndpointInput<typeof sellers.invoiceSave>) => {
      const saved = await callApi(sellers.invoiceSave, input);
      await qc.invalidateQueries({ queryKey: sellerInvoiceKey });
      return saved;
    },
    sendCollectionCode: () => callApi(sellers.collectionCaptcha, {}),
    saveCollection: async (input: EndpointInput<typeof sellers.collectionSave>) => {
      const saved = await callApi(sellers.collectionSave, input);
      await qc.invalidateQueries({ queryKey: ['seller', 'collection'] });
      return saved;
    },
  };
}
