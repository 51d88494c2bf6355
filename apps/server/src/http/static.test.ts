import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLot } from '../test/bidding-fixture';
import { createTestApp, envelope, type TestApp } from '../test/test-app';

let t: TestApp;
let dist: string;
let consoleDist: string;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>车拍商城</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
  consoleDist = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-console-dist-'));
  fs.mkdirSync(path.join(consoleDist, 'assets'));
  fs.writeFileSync(path.join(consoleDist, 'index.html'), '<!doctype html><title>运营后台</title>');
  fs.writeFileSync(path.join(consoleDist, 'assets', 'console-def789.js'), 'console.log(3)');
  t = await createTestApp({ env: { WEB_DIST: dist, CONSOLE_DIST: consoleDist } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dist, { recursive: true, force: true });
  fs.rmSync(consoleDist, { recursive: true, force: true });
});

describe('serving the SPA', () => {
  it.each(['/', '/home', '/carAuction/carAuctionDetail/1890000000000000001', '/assets/'])(
    'serves index.html for %s',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>车拍商城</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it("names a public lot's first picture in its page's HTML, as a preload; other pages get none", async () => {
    const lot = await makeLot(t);
    const hidden = await makeLot(t, { status: 1 });
    for (const id of [lot, hidden])
      await t.ctx.dbh.db
        .insertInto('lot_photo')
        .values([
          { lot_id: id, seq: 2, url: '/api/files/demo/side.svg', label: '正侧', is_cover: false },
          { lot_id: id, seq: 1, url: '/api/files/demo/front"34.svg', label: '左前45°', is_cover: true },
        ])
        .execute();
    const page = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      return res.body;
    };
    expect(await page(`/carAuction/carAuctionDetail/${lot}?from=search`)).toContain(
      '<link rel="preload" as="image" href="/api/files/demo/front&quot;34.svg" fetchpriority="high"></head>',
    );
    for (const url of [`/carAuction/carAuctionDetail/${hidden}`, '/carAuction/carAuctionDetail/1', '/home'])
      expect(await page(url)).not.toContain('rel="preload"');
  });

  it('serves hashed assets as immutable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('serves a file added after start (a rebuilt bundle)', async () => {
    fs.writeFileSync(path.join(dist, 'assets', 'app-new456.js'), 'console.log(2)');
    const res = await t.app.inject({ method: 'GET', url: '/assets/app-new456.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(2)');
  });

  it('keeps API misses as 404 envelopes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mall-auction/nothing' });
    expect(res.statusCode).toBe(404);
    expect(envelope(res).msg).toBe('接口不存在');
  });
});

describe("serving the operators' console", () => {
  it.each([
    '/console',
    '/console/',
    '/console/review',
    '/console/monitor/123?x=1',
    '/console/?code=a&state=b',
  ])("serves the console's own index.html for %s", async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>运营后台</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it("serves the console's hashed assets under /console/assets, not the mall's", async () => {
    const own = await t.app.inject({ method: 'GET', url: '/console/assets/console-def789.js' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe('console.log(3)');
    expect(own.headers['cache-control']).toContain('immutable');
    const mall = await t.app.inject({ method: 'GET', url: '/assets/console-def789.js' });
    expect(mall.body).not.toBe('console.log(3)');
  });
});
