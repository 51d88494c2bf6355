import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_ACCOUNT_CONTEXT } from '../../modules/sellers/seller-profile.service';
import { dataCryptoFor } from '../../platform/crypto';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedCollectionAccounts } from './collection-accounts';
import { seedSellers } from './sellers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSellers(t.ctx);
});
afterAll(() => t.close());

describe('the demo units’ collection accounts', () => {
  it('are recorded as a verified change is: in the unit’s name, sealed, with a history row; once', async () => {
    await seedCollectionAccounts(t.ctx);
    await seedCollectionAccounts(t.ctx);
    const db = t.ctx.dbh.db;
    const rows = await db
      .selectFrom('collection_account as c')
      .innerJoin('seller_org as o', 'o.id', 'c.seller_org_id')
      .select(['o.code', 'o.name', 'c.account_name', 'c.account_no_cipher', 'c.account_no_last4'])
      .orderBy('o.code')
      .execute();
    expect(rows.map((r) => r.code)).toEqual(['demo-seller-1', 'demo-seller-2', 'demo-seller-3']);
    const crypto = await dataCryptoFor(t.ctx);
    for (const r of rows) {
      expect(r.account_name).toBe(r.name);
      const number = crypto.open(r.account_no_cipher, COLLECTION_ACCOUNT_CONTEXT);
      expect(number).toMatch(/^\d{16,20}$/);
      expect(r.account_no_cipher).not.toContain(number);
      expect(number.endsWith(r.account_no_last4)).toBe(true);
    }
    const history = await db.selectFrom('collection_account_history').select('seller_org_id').execute();
    expect(history).toHaveLength(3);
  });
});
