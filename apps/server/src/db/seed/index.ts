import type { Role } from '@chepai/shared';
import type { AppContext } from '../../context';
import { assertDemoDatabase, demoBuyers, seedAccounts } from './accounts';
import { seedSampleCatalog } from './catalog';
import { seedCollectionAccounts } from './collection-accounts';
import { seedContent } from './content';
import { seedLots } from './lots';
import { demoSellers, seedSellers } from './sellers';
import { demoOperators, seedOperators } from './operators';
import { seedSubmissions } from './submissions';
import { OPERATOR_ROLE_TEXT } from '@chepai/shared/contracts/console';

export type Seeder = (ctx: AppContext) => Promise<void>;

/** Demo data, in dependency order; each seeder is idempotent. */
export const seeders: Array<[name: string, seeder: Seeder]> = [
  ['content', (ctx) => seedContent(ctx.dbh.db, ctx.now())],
  ['accounts', seedAccounts],
  ['lots', (ctx) => seedLots(ctx.dbh.db, ctx.now())],
  ['sellers', seedSellers],
  ['collection-accounts', seedCollectionAccounts],
  ['operators', seedOperators],
  ['submissions', seedSubmissions],
  [
    'catalog',
    async (ctx) => {
      const { skipped } = await seedSampleCatalog(ctx.dbh.db);
      if (!skipped) ctx.log.info('sample car catalog loaded');
    },
  ],
];

export async function seedDemo(ctx: AppContext) {
  await assertDemoDatabase(ctx);
  for (const [name, seeder] of seeders) {
    const started = Date.now();
    await seeder(ctx);
    ctx.log.debug({ seeder: name, ms: Date.now() - started }, 'seeded');
  }
}

/** Printed at start so a newcomer can log in at once; filled in as account kinds land. */
export const demoLogins: Array<{ kind: Role | 'operator'; role: string; login: string; password: string }> = [
  ...demoBuyers.map((b) => ({
    kind: 'buyer' as const,
    role: '竞买人',
    login: b.tel,
    password: b.password,
  })),
  ...demoSellers.map((s) => ({
    kind: 'seller' as const,
    role: `处置单位 ${s.name}（${s.units.length}个单位）`,
    login: s.username,
    password: s.password,
  })),
  ...demoOperators.map((o) => ({
    kind: 'operator' as const,
    role: `运营人员 ${o.name}（${o.roles.map((r) => OPERATOR_ROLE_TEXT[r]).join('、')}）`,
    login: o.username,
    password: o.password,
  })),
];
