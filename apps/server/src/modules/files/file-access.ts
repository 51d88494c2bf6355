import type { SessionUser } from '../accounts/sessions';
import type { FileRow } from './files.repo';

/**
 * Who besides the owner may read a private file or delete a file. Today: nobody. The operator
 * console (operators) and the deal documents (the counterparty of the deal a file belongs to)
 * plug in here, through `registerFiles(app, ctx, { access })`.
 */
export interface OperatorOrCounterpartyAccess {
  mayAlsoRead(user: SessionUser, file: FileRow): Promise<boolean>;
  mayAlsoDelete(user: SessionUser, file: FileRow): Promise<boolean>;
}

export const ownerOnly: OperatorOrCounterpartyAccess = {
  mayAlsoRead: async () => false,
  mayAlsoDelete: async () => false,
};

export const isOwner = (user: SessionUser, file: FileRow) => String(file.owner_id) === user.id;

/**
 * The business unit a seller acts for (from the seller's session; null for buyers). Files a seller
 * uploads belong to that unit too, so the unit's other members may use them in a submission.
 */
export type ActingUnit = (user: SessionUser) => Promise<string | null>;
export const noUnit: ActingUnit = async () => null;
