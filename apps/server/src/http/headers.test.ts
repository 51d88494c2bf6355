import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp | undefined;
afterEach(async () => t?.close());

const headersOf = async (env: Record<string, string>) => {
  t = await createTestApp({ env });
  return (await t.app.inject({ method: 'GET', url: '/api/health' })).headers;
};

describe('security headers', () => {
  it('forbid framing one way, and let scripts connect only to this origin', async () => {
    const h = await headersOf({ PUBLIC_URL: 'https://mall.example.cn' });
    const csp = String(h['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(h['x-frame-options']).toBeUndefined();
    const connect = /connect-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    expect(connect.sort()).toEqual(["'self'", 'wss://mall.example.cn']);
    expect(h['strict-transport-security']).toBeUndefined();
  });

  it('send HSTS in production only', async () => {
    const h = await headersOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://mall.example.cn' });
    expect(h['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(h['content-security-policy'])).toContain('wss://mall.example.cn');
  });
});
