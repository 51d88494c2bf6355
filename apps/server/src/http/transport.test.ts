import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSampleCatalog } from '../db/seed/catalog';
import { createTestApp, envelope, type TestApp } from '../test/test-app';

// What goes over the wire: precompressed assets, compressed API JSON, cache headers and ETags.
let t: TestApp;
let dist: string;
const js = `export const answer = ${JSON.stringify('车拍'.repeat(2000))};\n`;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  const html = '<!doctype html><title>车拍商城</title>' + '<!-- padding -->'.repeat(100);
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(html));
  const asset = path.join(dist, 'assets', 'app-abc123.js');
  fs.writeFileSync(asset, js);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
  t = await createTestApp({ env: { WEB_DIST: dist } });
  await seedSampleCatalog(t.ctx.dbh.db);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('built assets', () => {
  it('sends the brotli file to a browser that accepts br, immutable', async () => {
    const res = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('sends gzip when br is not accepted, and the plain file when nothing is', async () => {
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(js);
    const plain = await get('/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(js);
  });

  it('serves index.html compressed and never cached without revalidation, for any page path', async () => {
    for (const url of ['/', '/home', '/carAuction/carAuctionDetail/1890000000000000001']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('<title>车拍商城</title>');
    }
  });
});

describe('API JSON', () => {
  it('compresses a large response with brotli and leaves a small one alone', async () => {
    const res = await get('/api/mall-portal/brand/getAllGoodsBrand', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    const body = zlib.brotliDecompressSync(res.rawPayload);
    expect(body.length).toBeGreaterThan(1024);
    expect(res.rawPayload.length).toBeLessThan(body.length / 2);
    expect(envelope({ body: body.toString() }).code).toBe(200);

    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('tags a public catalog list with an ETag and answers 304 when the browser holds it', async () => {
    const first = await get('/api/mall-portal/brand/getAllGoodsBrand');
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/mall-portal/brand/getAllGoodsBrand', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/api/mall-portal/brand/getAllGoodsBrand', { 'if-none-match': '"old"' });
    expect(stale.statusCode).toBe(200);
    expect(envelope(stale).code).toBe(200);
  });

  it('keeps per-visitor and changing answers uncached, without an ETag', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/mall-search/search/auc_order/search',
      payload: { pageNum: 1, pageSize: 10 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
