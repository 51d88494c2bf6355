import type { sellers } from '@chepai/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../http/errors';
import { formatBeijing } from '../../lib/time';
import type { DataCrypto } from '../../platform/crypto/data-crypto';
import type { SessionUser } from '../accounts/sessions';
import type { smsCodes } from '../accounts/sms-codes';
import { RESEND_SECONDS } from '../accounts/sms-codes';
import { maskTel } from '@chepai/shared';
import { sellerFinanceRepo, type CollectionRow, type SellerInvoiceRow } from './seller-finance.repo';
import { sellersRepo } from './sellers.repo';
import type { SellerUnitsService } from './seller-units.service';

export const NAME_MISMATCH = '账户名称须与处置单位名称一致';
export const NO_PHONE = '统一认证账号未登记手机号，无法接收验证码，请联系单位管理员';

export const maskAccount = (last4: string) => `**** **** **** ${last4}`;

const toInvoice = (r: SellerInvoiceRow): sellers.SellerInvoice => ({
  title: r.title,
  taxNo: r.tax_no,
  address: r.address,
  phone: r.phone,
  bankName: r.bank_name,
  bankAccount: r.bank_account,
  updatedAt: formatBeijing(new Date(r.updated_at)),
});
const toCollection = (r: CollectionRow): sellers.CollectionAccount => ({
  accountName: r.account_name,
  bankName: r.bank_name,
  branchName: r.branch_name,
  accountNo: maskAccount(r.account_no_last4),
  bankCode: r.bank_code,
  updatedAt: formatBeijing(new Date(r.updated_at)),
});

/** The unit's invoice details and payment-receiving account; everything acts on the session's unit. */
/** Binds sealed account numbers to their column, so a value cannot be replayed into another. */
export const COLLECTION_ACCOUNT_CONTEXT = 'collection_account.account_no';

/** Every change of a unit's payment-receiving account, newest first, account numbers masked (staff read it too). */
export async function unitCollectionHistory(ctx: AppContext, unitId: string) {
  const rows = await sellerFinanceRepo(ctx.dbh.db).collectionHistory(unitId);
  return rows.map((r) => ({
    accountName: r.account_name,
    bankName: r.bank_name,
    branchName: r.branch_name,
    accountNo: maskAccount(r.account_no_last4),
    bankCode: r.bank_code,
    changedAt: formatBeijing(new Date(r.changed_at)),
    changedBy: r.changed_by_name,
  }));
}

/**
 * A verified change of a unit's payment-receiving account: the name must be the unit's own, the
 * number is sealed, and the change is recorded with who and from where. Callers verify the member
 * first (an SMS code; the demo seed is its own verification).
 */
export async function recordCollectionAccount(
  ctx: AppContext,
  crypto: DataCrypto,
  unit: { id: string; name: string },
  v: sellers.CollectionValues,
  by: string,
  ip: string,
) {
  if (v.accountName !== unit.name) throw badRequest(NAME_MISMATCH);
  const saved = await sellerFinanceRepo(ctx.dbh.db).saveCollection(
    unit.id,
    {
      account_name: v.accountName,
      bank_name: v.bankName,
      branch_name: v.branchName,
      account_no_cipher: crypto.seal(v.accountNo, COLLECTION_ACCOUNT_CONTEXT),
      account_no_last4: v.accountNo.slice(-4),
      bank_code: v.bankCode,
    },
    by,
    ctx.now(),
    ip,
  );
  ctx.log.info({ event: 'collection account changed', unit: unit.id, ip }, 'seller');
  return saved;
}

export function sellerProfileService(
  ctx: AppContext,
  deps: { units: SellerUnitsService; codes: ReturnType<typeof smsCodes>; crypto: DataCrypto },
) {
  const repo = sellerFinanceRepo(ctx.dbh.db);
  const people = sellersRepo(ctx.dbh.db);
  const phoneOf = async (user: SessionUser) => {
    const seller = await people.byId(user.id);
    if (!seller?.phone) throw badRequest(NO_PHONE);
    return seller.phone;
  };

  return {
    async invoice(user: SessionUser) {
      const unit = await deps.units.currentUnit(user);
      const row = await repo.invoice(unit.id);
      return { businessUnitName: unit.name, invoice: row ? toInvoice(row) : null };
    },
    async saveInvoice(user: SessionUser, v: sellers.SellerInvoiceValues) {
      const unit = await deps.units.currentUnit(user);
      const row = await repo.saveInvoice({
        seller_org_id: unit.id,
        title: v.title,
        tax_no: v.taxNo,
        address: v.address,
        phone: v.phone,
        bank_name: v.bankName,
        bank_account: v.bankAccount,
        updated_by: user.id,
        updated_at: ctx.now(),
      });
      return toInvoice(row);
    },

    async collection(user: SessionUser) {
      const unit = await deps.units.currentUnit(user);
      const [row, seller] = await Promise.all([repo.collection(unit.id), people.byId(user.id)]);
      return {
        businessUnitName: unit.name,
        tel: seller?.phone ? maskTel(seller.phone) : '',
        account: row ? toCollection(row) : null,
      };
    },
    async collectionCaptcha(user: SessionUser, ip: string) {
      await deps.units.currentUnit(user);
      const tel = await phoneOf(user);
      await deps.codes.issue(tel, 'sellerCollection', ip);
      return { resendSeconds: RESEND_SECONDS, tel: maskTel(tel) };
    },
    /** Name checked against the unit, then the code (used up), then the account recorded. */
    async saveCollection(user: SessionUser, v: sellers.CollectionValues & { code: string }, ip: string) {
      const unit = await deps.units.currentUnit(user);
      if (v.accountName !== unit.name) throw badRequest(NAME_MISMATCH);
      const tel = await phoneOf(user);
      await deps.codes.verify(tel, 'sellerCollection', v.code, true);
      return toCollection(await recordCollectionAccount(ctx, deps.crypto, unit, v, user.id, ip));
    },
    async collectionHistory(user: SessionUser) {
      const unit = await deps.units.currentUnit(user);
      return unitCollectionHistory(ctx, unit.id);
    },
  };
}
