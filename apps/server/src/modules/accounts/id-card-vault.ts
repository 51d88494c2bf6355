import { maskIdCard } from '@chepai/shared';
import type { DataCrypto } from '../../platform/crypto/data-crypto';

/** Binds the sealed value and its index to their column (see docs/decisions/017-files-and-secrets-at-rest.md). */
export const ID_CARD_CONTEXT = 'app_user.id_card';

const normalise = (idCardNo: string) => idCardNo.trim().toUpperCase();

export type IdCardVault = ReturnType<typeof idCardVault>;

/** ID card numbers are stored sealed; the blind index keeps "one account per ID number" checkable. */
export function idCardVault(crypto: DataCrypto) {
  return {
    index: (idCardNo: string) => crypto.blindIndex(normalise(idCardNo), ID_CARD_CONTEXT),
    columns: (idCardNo: string) => ({
      id_card_sealed: crypto.seal(normalise(idCardNo), ID_CARD_CONTEXT),
      id_card_index: crypto.blindIndex(normalise(idCardNo), ID_CARD_CONTEXT),
    }),
    /** What the API may show: the first three and last four characters. */
    masked: (row: { id_card_sealed: string | null }) =>
      row.id_card_sealed ? maskIdCard(crypto.open(row.id_card_sealed, ID_CARD_CONTEXT)) : '',
  };
}
