import net from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedSampleCatalog } from '../db/seed/catalog';
import { createLogger } from '../lib/logger';
import { createTestApp, type TestApp } from '../test/test-app';

// A visitor who leaves while the answer is being made: the compressed answer's stream ends early,
// and that is a visitor's choice, not a server failure to log as one.
let t: TestApp;
const lines: Array<Record<string, unknown>> = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  t = await createTestApp({ log: createLogger('info', false, sink) });
  await seedSampleCatalog(t.ctx.dbh.db);
  // Enough brands that their list (over 64 KiB) is compressed as a stream, not in one call, on any
  // machine: the stream is what ends early when the visitor goes.
  await t.ctx.dbh.db
    .insertInto('car_brand')
    .values(
      Array.from({ length: 1200 }, (_, i) => ({
        code: `gone-${i}`,
        name: `测试品牌${i}`,
        first_letter: 'Z',
        country: '',
        logo_text: null,
        logo_color: null,
      })),
    )
    .execute();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

describe('a visitor who leaves before the answer', () => {
  it('is noted at info, never as an error, and the server goes on answering', async () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The brands' table is held, so the request waits in its handler until the visitor has gone.
    const holder = t.ctx.dbh.db.transaction().execute(async (trx) => {
      await sql`lock table car_brand in access exclusive mode`.execute(trx);
      locked();
      await held;
    });
    await isLocked;
    const serverSide = new Promise<{ closed: Promise<void> }>((resolve) =>
      t.app.server.once('request', (_req, res) =>
        resolve({ closed: new Promise((c) => res.once('close', c)) }),
      ),
    );
    const socket = net.connect(port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(
      'GET /api/mall-portal/brand/getAllGoodsBrand HTTP/1.1\r\nHost: x\r\nAccept-Encoding: br\r\n\r\n',
    );
    const { closed } = await serverSide;
    socket.destroy();
    await closed;
    const before = lines.length;
    release();
    await holder;
    // The handler's answer now meets a closed connection. Another visitor's answer, after it, shows
    // the server still answers; by then the first request's end has long been written.
    const next = await fetch(`http://127.0.0.1:${port}/api/mall-portal/brand/getAllGoodsBrand`, {
      headers: { 'accept-encoding': 'br' },
    });
    expect(next.status).toBe(200);
    const body = (await next.json()) as { code: number; data: unknown[] };
    expect(body.code).toBe(200);
    expect(body.data.length).toBeGreaterThan(1200);
    await vi.waitFor(() => expect(lines.slice(before).some((l) => (l.level as number) >= 30)).toBe(true));
    const written = lines.slice(before).filter((l) => (l.level as number) >= 30);
    expect(written.every((l) => l.level === 30)).toBe(true);
    expect(written.map((l) => l.msg)).toContain('stream closed prematurely');
  });
});
