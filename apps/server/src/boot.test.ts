import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from './config/env';
import type { AppContext } from './context';
import { demoBuyerIds, seedAccounts } from './db/seed/accounts';
import { seedDemo } from './db/seed/index';
import { seedLots } from './db/seed/lots';
import { startBanner } from './start-banner';
import { createTestDb, createTestApp, testEnv } from './test/test-app';

describe('production defaults', () => {
  it('seeds demo data only when asked for, and listens on loopback unless HOST is set', () => {
    const prod = loadEnv({ NODE_ENV: 'production' });
    expect(prod.SEED_DEMO).toBe('false');
    expect(prod.PAYMENT_PROVIDER).toBe('none');
    expect(prod.HOST).toBe('127.0.0.1');
    const dev = loadEnv({});
    expect(dev.SEED_DEMO).toBe('true');
    expect(dev.PAYMENT_PROVIDER).toBe('sandbox');
    expect(dev.HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true', HOST: '0.0.0.0' })).toMatchObject({
      SEED_DEMO: 'true',
      HOST: '0.0.0.0',
    });
  });

  it('takes TRUST_PROXY as hops or proxy addresses and refuses "trust everything"', () => {
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*层数/);
    expect(() => loadEnv({ TRUST_PROXY: '10.0.0.1,nonsense' })).toThrow(/nonsense/);
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16' }).TRUST_PROXY).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
    ]);
    expect(loadEnv({}).TRUST_PROXY).toBe(false);
  });

  it('never prints demo credentials in production', () => {
    const prod = startBanner(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }), 'pg');
    expect(prod).not.toContain('Chepai2026');
    expect(prod).not.toContain('13800138000');
    const dev = startBanner(loadEnv({}), 'pglite');
    expect(dev).toContain('13800138000 / Chepai2026');
    // Two finance operators: a manual refund is asked for by one and approved by the other.
    expect(dev).toContain('运营人员 郑财务（财务）  caiwu / Chepai2026');
    expect(dev).toContain('运营人员 钱复核（财务）  fuhe / Chepai2026');
    // The content editor (decision 060).
    expect(dev).toContain('运营人员 吴编辑（内容编辑）  bianji / Chepai2026');
    expect(startBanner(loadEnv({ SEED_DEMO: 'false' }), 'pglite')).not.toContain('Chepai2026');
  });
});

describe('demo seeding', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('refuses to put demo accounts into a database that holds real users', async () => {
    const { dbh, drop } = await createTestDb();
    close = drop;
    await dbh.db
      .insertInto('app_user')
      .values({ role: 'buyer', tel: '13612345678', real_name: '真实用户', bidder_type: 'personal' })
      .execute();
    const ctx: AppContext = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    await expect(seedDemo(ctx)).rejects.toThrow(/真实用户/);
    const demo = await dbh.db.selectFrom('app_user').select('tel').where('tel', '=', '13800138000').execute();
    expect(demo).toEqual([]);
  });
});

describe('development endpoints', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('answer only callers on this machine', async () => {
    const t = await createTestApp({ env: { NODE_ENV: 'development' } });
    close = () => t.close();
    const url = '/api/dev/sms-outbox?tel=13800138000';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    for (const remoteAddress of ['10.0.0.7', '192.168.1.20', '2001:db8::1']) {
      const res = await t.app.inject({ method: 'GET', url, remoteAddress });
      expect(res.statusCode).toBe(404);
      const pay = await t.app.inject({
        method: 'POST',
        url: '/api/dev/payments/DP123456/succeed',
        remoteAddress,
      });
      expect(pay.statusCode).toBe(404);
    }
  });
});

describe('demo lots', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => close?.());

  it('carry top bids from real demo accounts on open lots, so a demo lot that closes has a winning account', async () => {
    const { dbh, drop } = await createTestDb();
    close = drop;
    const ctx: AppContext = { env: testEnv(), dbh, log: pino({ level: 'silent' }), now: () => new Date() };
    await seedAccounts(ctx);
    await seedLots(ctx.dbh.db, ctx.now(), 40);
    const demoIds = await demoBuyerIds(dbh.db);
    const tops = await dbh.db
      .selectFrom('bid')
      .innerJoin('lot', 'lot.id', 'bid.lot_id')
      .select(['bid.bidder_id', 'bid.bidder_no', 'lot.id', 'lot.status'])
      .whereRef('bid.seq', '=', 'lot.bid_count')
      .execute();
    const open = tops.filter((t) => [2, 3, 4].includes(t.status));
    const closed = tops.filter((t) => t.status >= 5);
    expect(open.length).toBeGreaterThan(5);
    for (const top of open) expect(demoIds).toContain(top.bidder_id);
    // A lot generated as already closed has no deal: no demo account may read it as won.
    expect(closed.length).toBeGreaterThan(0);
    for (const top of closed) expect(top.bidder_id).toBeNull();
  });
});
