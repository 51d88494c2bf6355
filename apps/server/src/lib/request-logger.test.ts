import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from './logger';
import { lazyChildLogger } from './request-logger';

function sinkLogger(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { log: createLogger(level, false, sink), lines };
}

describe('lazyChildLogger', () => {
  it('makes no child while nothing is logged at a level the parent writes', () => {
    const { log, lines } = sinkLogger('error');
    const child = vi.spyOn(log, 'child');
    const reqLog = lazyChildLogger(log, { reqId: 'r-1' });
    reqLog.info('ignored');
    reqLog.warn({ a: 1 }, 'ignored too');
    reqLog.debug('and this');
    expect(child).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(reqLog.level).toBe('error');
  });

  it('writes what the child would: its bindings, the message, redaction', () => {
    const { log, lines } = sinkLogger('warn');
    const reqLog = lazyChildLogger(log, { reqId: 'r-2' });
    reqLog.warn({ body: { password: 'secret', tel: '13800000000' } }, 'bad login %s', 'twice');
    reqLog.error(new Error('boom'));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({
      level: 40,
      reqId: 'r-2',
      msg: 'bad login twice',
      body: { password: '***', tel: '13800000000' },
    });
    expect(lines[1]).toMatchObject({ level: 50, reqId: 'r-2', err: { message: 'boom' } });
  });

  it('makes the child once, for its own level and for children of its own', () => {
    const { log, lines } = sinkLogger('info');
    const child = vi.spyOn(log, 'child');
    const reqLog = lazyChildLogger(log, { reqId: 'r-3' });
    reqLog.info('one');
    reqLog.info('two');
    expect(child).toHaveBeenCalledTimes(1);
    reqLog.child({ job: 'j' }).info('three');
    reqLog.level = 'error';
    reqLog.info('not written');
    expect(reqLog.level).toBe('error');
    expect(log.level).toBe('info');
    expect(lines.map((l) => [l.msg, l.reqId, l.job])).toEqual([
      ['one', 'r-3', undefined],
      ['two', 'r-3', undefined],
      ['three', 'r-3', 'j'],
    ]);
  });

  it('makes a child with options of its own at once (a route log level)', () => {
    const { log, lines } = sinkLogger('warn');
    const reqLog = lazyChildLogger(log, { reqId: 'r-4' }, { level: 'debug' });
    reqLog.debug('route debug');
    expect(lines).toMatchObject([{ level: 20, reqId: 'r-4', msg: 'route debug' }]);
  });

  it("is Fastify's request logger: lines carry the request id, requests that log nothing make no child", async () => {
    const { log, lines } = sinkLogger('warn');
    const app = Fastify({
      loggerInstance: log,
      childLoggerFactory: lazyChildLogger,
      genReqId: () => 'req-9',
    });
    app.get('/quiet', async () => ({ ok: true }));
    app.get('/loud', async (request) => {
      request.log.warn('something odd');
      return { ok: true };
    });
    await app.ready();
    const child = vi.spyOn(log, 'child');
    expect((await app.inject({ url: '/quiet' })).statusCode).toBe(200);
    expect(child).not.toHaveBeenCalled();
    expect((await app.inject({ url: '/loud' })).statusCode).toBe(200);
    expect(child).toHaveBeenCalledTimes(1);
    expect(lines).toMatchObject([{ level: 40, reqId: 'req-9', msg: 'something odd' }]);
    await app.close();
  });
});
