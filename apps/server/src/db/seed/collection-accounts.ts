import type { AppContext } from '../../context';
import { recordCollectionAccount } from '../../modules/sellers/seller-profile.service';
import { dataCryptoFor } from '../../platform/crypto';
import { SELLERS } from './lot-data';

/** Fictitious accounts of the demo units (the sandbox bank pays any all-digit number). */
const ACCOUNTS: Record<
  string,
  { bankName: string; branchName: string; accountNo: string; bankCode: string }
> = {
  'demo-seller-1': {
    bankName: '招商银行',
    branchName: '上海分行陆家嘴支行',
    accountNo: '6225880210040001',
    bankCode: '308290003011',
  },
  'demo-seller-2': {
    bankName: '中国工商银行',
    branchName: '北京朝阳支行',
    accountNo: '0200002019200100218',
    bankCode: '102100000021',
  },
  'demo-seller-3': {
    bankName: '中国建设银行',
    branchName: '苏州姑苏支行',
    accountNo: '32250198853600000316',
    bankCode: '105305000026',
  },
};

/**
 * The demo units' payment-receiving accounts, recorded as a member's verified change is (sealed,
 * with its history row), so a demo deal that completes is paid out by the sandbox. A unit that
 * already has an account (a demo user changed it) keeps it.
 */
export async function seedCollectionAccounts(ctx: AppContext) {
  const { db } = ctx.dbh;
  const crypto = await dataCryptoFor(ctx);
  for (const s of SELLERS.slice(0, 3)) {
    const account = ACCOUNTS[s.code];
    const unit = await db
      .selectFrom('seller_org as o')
      .innerJoin('seller_member as m', 'm.seller_org_id', 'o.id')
      .leftJoin('collection_account as c', 'c.seller_org_id', 'o.id')
      .select(['o.id', 'o.name', 'm.user_id', 'c.seller_org_id as has_account'])
      .where('o.code', '=', s.code)
      .orderBy('m.user_id')
      .executeTakeFirst();
    if (!account || !unit || unit.has_account) continue;
    await recordCollectionAccount(
      ctx,
      crypto,
      { id: unit.id, name: unit.name },
      { accountName: unit.name, ...account },
      unit.user_id,
      '127.0.0.1',
    );
  }
}
