import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

describe.each([
  ['PAYMENT_PROVIDER=none', { NODE_ENV: 'development', PAYMENT_PROVIDER: 'none' }, false],
  ['production without a provider', { NODE_ENV: 'production' }, false],
  ['production with PAYMENT_PROVIDER=sandbox', { NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox' }, true],
  ['development (the sandbox by default)', { NODE_ENV: 'development' }, true],
])('GET pay/config with %s', (_name, env, sandbox) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { ...env, SCHEDULER_INTERVAL_MS: '0' } });
  });
  afterAll(() => t.close());

  it(`tells the web sandbox=${String(sandbox)}, without a login`, async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mall-auction/pay/config' });
    expect(res.statusCode).toBe(200);
    expect(envelope<{ sandbox: boolean }>(res).data).toEqual({ sandbox });
  });
});
