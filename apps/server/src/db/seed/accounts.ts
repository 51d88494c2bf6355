import { creditCodeCheckChar, idCardCheckChar } from '@chepai/shared';
import type { AppContext } from '../../context';
import { idCardVault } from '../../modules/accounts/id-card-vault';
import { hashPassword } from '../../modules/accounts/passwords';
import { dataCryptoFor } from '../../platform/crypto/data-key';

const withCheck = (first17: string) => first17 + idCardCheckChar(first17);

/** Two demo buyers with known passwords (printed at start). Fictitious ID numbers with valid check digits. */
export const demoBuyers = [
  {
    tel: '13800138000',
    password: 'Chepai2026',
    real_name: '张伟',
    id_card_no: withCheck('31010119880512361'),
    bidder_type: 'personal' as const,
    company_name: null,
    credit_code: null,
  },
  {
    tel: '13900139000',
    password: 'Chepai2026',
    real_name: '李娜',
    id_card_no: withCheck('32050219910823402'),
    bidder_type: 'company' as const,
    company_name: '上海顺达二手车经纪有限公司',
    credit_code: '91310115MA1K4B7C2' + creditCodeCheckChar('91310115MA1K4B7C2'),
  },
];

export async function seedAccounts(ctx: AppContext) {
  const { db } = ctx.dbh;
  const idCards = idCardVault(await dataCryptoFor(ctx));
  for (const { password, id_card_no, ...buyer } of demoBuyers) {
    const exists = await db
      .selectFrom('app_user')
      .select('id')
      .where('tel', '=', buyer.tel)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('app_user')
      .values({
        role: 'buyer',
        ...buyer,
        ...idCards.columns(id_card_no),
        password_hash: await hashPassword(password),
        agreed_at: ctx.now(),
      })
      .onConflict((oc) => oc.column('tel').where('tel', 'is not', null).doNothing())
      .execute();
  }
}
