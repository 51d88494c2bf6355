import { sql } from 'kysely';
import type { OperatorRole } from '@chepai/shared';
import type { AppContext } from '../../context';
import { hashPassword } from '../../modules/accounts/passwords';

/** Sample staff at the embedded identity provider, one per role (two for finance); printed at start with the console's address. */
export const demoOperators: Array<{
  username: string;
  password: string;
  name: string;
  roles: OperatorRole[];
}> = [
  { username: 'yunying', password: 'Chepai2026', name: '周运营', roles: ['admin'] },
  { username: 'shenhe', password: 'Chepai2026', name: '孙审核', roles: ['reviewer'] },
  { username: 'paiqi', password: 'Chepai2026', name: '吴排期', roles: ['scheduler'] },
  { username: 'caiwu', password: 'Chepai2026', name: '郑财务', roles: ['finance'] },
  // A second finance operator: a manual refund one of them asks for, the other approves (decision 023).
  { username: 'fuhe', password: 'Chepai2026', name: '钱复核', roles: ['finance'] },
  { username: 'bianji', password: 'Chepai2026', name: '吴编辑', roles: ['editor'] },
];

/** Idempotent: an existing login keeps its account and roles. */
export async function seedOperators(ctx: AppContext) {
  const { db } = ctx.dbh;
  for (const op of demoOperators) {
    await db.transaction().execute(async (trx) => {
      const existing = await trx
        .selectFrom('idp_account')
        .select('id')
        .where('username', '=', op.username)
        .executeTakeFirst();
      if (existing) return;
      const account = await trx
        .insertInto('idp_account')
        .values({
          username: op.username,
          password_hash: await hashPassword(op.password),
          name: op.name,
          phone: '',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const user = await trx
        .insertInto('app_user')
        .values({ role: 'operator', real_name: op.name })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('user_identity')
        .values({ user_id: user.id, role: 'operator', provider: 'embedded', subject: account.id })
        .execute();
      await trx
        .insertInto('operator_role')
        .values(op.roles.map((role) => ({ user_id: user.id, role })))
        .execute();
    });
  }
  await seedSessionTemplates(ctx);
}

/** Two session templates for the demo console, written once (by the demo admin). */
async function seedSessionTemplates(ctx: AppContext) {
  const { db } = ctx.dbh;
  if (await db.selectFrom('session_template').select('id').limit(1).executeTakeFirst()) return;
  const admin = await db
    .selectFrom('user_identity')
    .innerJoin('idp_account', (j) => j.on(sql`idp_account.id::text`, '=', sql.ref('user_identity.subject')))
    .select('user_identity.user_id')
    .where('idp_account.username', '=', 'yunying')
    .executeTakeFirst();
  if (!admin) return;
  const base = { preview_days: 3, reg_hours: 48, updated_by: admin.user_id, updated_at: ctx.now() };
  await db
    .insertInto('session_template')
    .values([
      {
        ...base,
        name: '每周三上午场',
        weekdays: [3],
        start_minute: 600,
        duration_minutes: 60,
        stagger_minutes: 5,
      },
      {
        ...base,
        name: '周末下午场',
        weekdays: [6, 7],
        start_minute: 840,
        duration_minutes: 90,
        stagger_minutes: 3,
      },
    ])
    .execute();
}
