import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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

describe('security headers on every kind of response', () => {
  const SECURITY = [
    'content-security-policy',
    'cross-origin-opener-policy',
    'cross-origin-resource-policy',
    'origin-agent-cluster',
    'referrer-policy',
    'strict-transport-security',
    'x-content-type-options',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];
  const securityOf = (h: Record<string, unknown>) =>
    Object.fromEntries(SECURITY.filter((k) => h[k] !== undefined).map((k) => [k, String(h[k])]));

  it('are the same on an API answer, an API error, a page, a file and the OIDC provider', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-dist-'));
    try {
      fs.mkdirSync(path.join(dist, 'assets'));
      fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>车拍商城</title>');
      fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
      t = await createTestApp({
        env: { NODE_ENV: 'production', PUBLIC_URL: 'https://mall.example.cn', WEB_DIST: dist },
      });
      const answers = await Promise.all(
        [
          '/api/health',
          '/api/no-such-route',
          '/',
          '/assets/app-abc123.js',
          '/oidc/.well-known/openid-configuration',
        ].map(async (url) => ({ url, res: await t!.app.inject({ method: 'GET', url }) })),
      );
      const api = securityOf(answers[0]!.res.headers);
      // helmet's whole set, HSTS included (production).
      expect(Object.keys(api).sort()).toEqual([...SECURITY].sort());
      for (const { url, res } of answers) {
        expect([url, res.statusCode < 500]).toEqual([url, true]);
        expect([url, securityOf(res.headers)]).toEqual([url, api]);
      }
      expect(answers[1]!.res.statusCode).toBe(404);
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
