import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
});
afterAll(() => t.close());

describe('API conventions', () => {
  it('answers health with the envelope, a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(envelope(res)).toMatchObject({ code: 200, data: { status: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('keeps a well-formed incoming request id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'req-12345678' },
      remoteAddress: '10.0.0.2',
    });
    expect(res.headers['x-request-id']).toBe('req-12345678');
  });

  it('404s unknown API paths with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', remoteAddress: '10.0.0.3' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res)).toEqual({ code: 404, msg: '接口不存在', data: null });
  });

  it('rejects malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
      remoteAddress: '10.0.0.4',
    });
    expect(res.statusCode).toBe(400);
    expect(envelope(res).msg).toBe('请求内容不是合法的 JSON');
  });

  it('rejects bodies over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/nope',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ big: 'x'.repeat(2 * 1024 * 1024) }),
      remoteAddress: '10.0.0.5',
    });
    expect(res.statusCode).toBe(413);
    expect(envelope(res)).toEqual({ code: 413, msg: '请求内容过大', data: null });
  });

  it('answers 429 with a Chinese message past the per-address limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) {
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' })).statusCode,
      );
    }
    expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.9.9.9' });
    expect(res.statusCode).toBe(429);
    expect(envelope(res).msg).toBe('请求过于频繁，请稍后再试');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses non-public endpoints while no session resolver is installed', async () => {
    await expect(t.app.checkAuth({} as never, 'user')).rejects.toMatchObject({ code: 401 });
    await expect(t.app.checkAuth({} as never, 'public')).resolves.toBeUndefined();
  });
});

describe('error mapping', () => {
  it('turns an unexpected failure into a 500 envelope that leaks nothing', async () => {
    const Fastify = (await import('fastify')).default;
    const { installErrorHandler } = await import('./error-handler');
    const app = Fastify({ logger: false });
    installErrorHandler(app);
    app.get('/boom', async () => {
      throw new Error('connection string postgres://secret');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(envelope(res)).toEqual({ code: 500, msg: '服务器开小差了，请稍后再试', data: null });
    await app.close();
  });
});
