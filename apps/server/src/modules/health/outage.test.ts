import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

// Needs a PostgreSQL server whose connections the test can cut (skipped on PGlite).
const serverUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!serverUrl)('while the database is down', () => {
  let t: TestApp;
  let name = '';
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: serverUrl });
    await c.connect();
    try {
      await c.query(text);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(t.ctx.dbh.db);
    name = rows[0]?.name ?? '';
  });
  afterAll(async () => {
    await admin(`alter database ${name} allow_connections true`);
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('answers 503 with a Chinese message and Retry-After, reports readiness, and recovers', async () => {
    expect((await get('/api/mall-auction/home/support/list')).statusCode).toBe(200);
    expect(envelope(await get('/api/health/ready')).data).toMatchObject({ status: 'ok', db: 'pg' });

    await admin(`alter database ${name} allow_connections false`);
    await admin(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);

    for (const url of ['/api/mall-auction/home/support/list', '/api/mall-auction/home/announcement/list']) {
      const res = await get(url);
      expect(res.statusCode).toBe(503);
      expect(envelope(res).msg).toMatch(/[\u4e00-\u9fff]/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect((await get('/api/health/live')).statusCode).toBe(200);

    await admin(`alter database ${name} allow_connections true`);
    await vi.waitFor(
      async () => expect((await get('/api/mall-auction/home/support/list')).statusCode).toBe(200),
      {
        timeout: 15_000,
        interval: 200,
      },
    );
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });
});
