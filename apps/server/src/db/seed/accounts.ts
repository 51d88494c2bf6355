import { creditCodeCheckChar, idCardCheckChar } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../schema';
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

/** The demo buyers' account ids, in the order of their phone numbers (none before seedAccounts). */
export async function demoBuyerIds(db: Kysely<Database>): Promise<string[]> {
  const tels = demoBuyers.map((b) => b.tel);
  const rows = await db.selectFrom('app_user').select('id').where('tel', 'in', tels).orderBy('tel').execute();
  return rows.map((r) => r.id);
}

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

/**
 * Demo accounts have published passwords: they go only into a database that is a demo already
 * (its demo accounts exist) or holds no other account. A database with real users is refused.
 */
export async function assertDemoDatabase(ctx: AppContext) {
  const demoTels = demoBuyers.map((b) => b.tel);
  const { db } = ctx.dbh;
  const demoCount = await db
    .selectFrom('app_user')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('tel', 'in', demoTels)
    .executeTakeFirstOrThrow();
  if (Number(demoCount.n) > 0) return;
  const real = await db.selectFrom('app_user').select('id').limit(1).executeTakeFirst();
  if (real) {
    throw new Error(
      '数据库中已有真实用户，拒绝写入演示账号与演示数据（其密码是公开的）；请不要对该数据库设置 SEED_DEMO=true',
    );
  }
}
