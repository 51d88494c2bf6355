import { disposal } from '@chepai/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The seller's submission form: drafts, the live VIN check, submit (docs/product.md#14-disposal-and-review).

const draftsKey = ['seller', 'drafts'] as const;

export const useDrafts = (enabled: boolean) =>
  useQuery({ queryKey: draftsKey, queryFn: () => callApi(disposal.draftList, {}), enabled });

export const useDraftsRefresh = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: draftsKey });
};

/** Saving runs in the background as the seller types: it never interrupts with a toast. */
export const saveDraft = (draftId: string | undefined, form: Record<string, unknown>) =>
  callApi(disposal.draftSave, { ...(draftId ? { draftId } : {}), form }, { silent: true });

export const loadDraft = (draftId: string) => callApi(disposal.draftGet, { draftId });
export const deleteDraft = (draftId: string) => callApi(disposal.draftDelete, { draftId });

/** The order's form as last submitted, to edit and resubmit a returned order. */
export const loadOrderForm = (orderId: string) => callApi(disposal.sellerOrderInfo, { orderId });

export const checkVin = (vin: string, orderId?: string) =>
  callApi(disposal.vinCheck, { vin, ...(orderId ? { orderId } : {}) }, { silent: true });

export const submitOrder = (input: disposal.DisposalFormInput & { orderId?: string; draftId?: string }) =>
  callApi(disposal.submit, input, { silent: true });
