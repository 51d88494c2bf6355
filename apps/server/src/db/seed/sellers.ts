import { creditCodeCheckChar } from '@chepai/shared';
import type { AppContext } from '../../context';
import { hashPassword } from '../../modules/accounts/passwords';
import { SELLERS } from './lot-data';

const credit = (first17: string) => first17 + creditCodeCheckChar(first17);

/** Registration details of the first three demo units (fictitious codes with valid check characters). */
const UNIT_DETAILS: Record<string, { creditCode: string; address: string }> = {
  'demo-seller-1': { creditCode: credit('91310000MA1FL3XK0'), address: '上海市浦东新区世纪大道1198号28层' },
  'demo-seller-2': {
    creditCode: credit('91110105MA01B2C3D'),
    address: '北京市朝阳区建国路88号SOHO现代城B座1603',
  },
  'demo-seller-3': { creditCode: credit('12320500466290718'), address: '江苏省苏州市姑苏区道前街168号' },
};

/** Sample seller logins at the embedded identity provider; 王建林 acts for two units. Printed at start. */
export const demoSellers = [
  {
    username: 'wangjianlin',
    password: 'Chepai2026',
    name: '王建林',
    phone: '13700137001',
    units: ['demo-seller-1', 'demo-seller-3'],
  },
  {
    username: 'lixiaomei',
    password: 'Chepai2026',
    name: '李晓梅',
    phone: '13700137002',
    units: ['demo-seller-2'],
  },
  {
    username: 'chenqiang',
    password: 'Chepai2026',
    name: '陈强',
    phone: '13700137003',
    units: ['demo-seller-3'],
  },
  {
    username: 'zhaomin',
    password: 'Chepai2026',
    name: '赵敏',
    phone: '13700137004',
    units: ['demo-seller-1'],
  },
];

/**
 * Sample business units and seller users, idempotent: units are the demo lots' seller_org rows
 * (seeded before this), identities are the embedded provider's accounts. With an external issuer
 * (SSO_ISSUER) nothing is seeded: its users are provisioned by operators.
 */
export async function seedSellers(ctx: AppContext) {
  if (ctx.env.SSO_ISSUER) return;
  const { db } = ctx.dbh;
  const unitIds = new Map<string, string>();
  for (const s of SELLERS.slice(0, 3)) {
    const details = UNIT_DETAILS[s.code] ?? { creditCode: '', address: '' };
    const row = await db
      .insertInto('seller_org')
      .values({
        code: s.code,
        name: s.name,
        org_type: s.type,
        credit_code: details.creditCode,
        address: details.address,
      })
      .onConflict((oc) =>
        oc.column('code').doUpdateSet({ credit_code: details.creditCode, address: details.address }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    unitIds.set(s.code, row.id);
  }
  for (const seller of demoSellers) {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('idp_account')
        .select('id')
        .where('username', '=', seller.username)
        .executeTakeFirst();
      if (existing) return;
      const account = await trx
        .insertInto('idp_account')
        .values({
          username: seller.username,
          password_hash: await hashPassword(seller.password),
          name: seller.name,
          phone: seller.phone,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('app_user')
        .values({ role: 'seller', real_name: seller.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_identity')
        .values({
          user_id: user.id,
          role: 'seller',
          provider: 'embedded',
          subject: account.id,
          phone: seller.phone,
        })
        .execute();
      for (const code of seller.units) {
        const unitId = unitIds.get(code);
        if (unitId)
          await trx.insertInto('seller_member').values({ user_id: user.id, seller_org_id: unitId }).execute();
      }
    });
  }
}
