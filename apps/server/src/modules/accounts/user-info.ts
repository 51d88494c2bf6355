import { maskTel, type accounts } from '@chepai/shared';
import { formatBeijing } from '../../lib/time';
import type { InvoiceRow, UserRow } from './accounts.repo';
import type { IdCardVault } from './id-card-vault';

/** Staff never reach the mall's account answers: operators sign in to the console only. */
function mallRole(role: UserRow['role']): 'buyer' | 'seller' {
  if (role === 'operator') throw new Error('an operator is not a mall user');
  return role;
}

/** What the client may see of a user: real-name data masked. */
export function toUserInfo(u: UserRow, vault: IdCardVault): accounts.UserInfo {
  return {
    userId: u.id,
    role: mallRole(u.role),
    buyerName: u.real_name,
    tel: u.tel ? maskTel(u.tel) : '',
    realName: u.real_name,
    idCardNo: vault.masked(u),
    bidderType: u.bidder_type ?? 'personal',
    companyName: u.company_name,
    creditCode: u.credit_code,
    registeredAt: formatBeijing(new Date(u.created_at)),
  };
}

export function toInvoice(r: InvoiceRow): accounts.Invoice {
  return {
    invoiceType: r.invoice_type,
    titleType: r.title_type,
    title: r.title,
    taxNo: r.tax_no,
    address: r.address,
    phone: r.phone,
    bankName: r.bank_name,
    bankAccount: r.bank_account,
    updatedAt: formatBeijing(new Date(r.updated_at)),
  };
}
