import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBuyer, makeLot } from '../../test/bidding-fixture';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = async <T>(token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, ...envelope<T>(res) };
};
const watch = (token: string, orderId: string, on = true) =>
  call<{ watching: boolean; watchers: number }>(token, 'POST', '/api/mall-auction/user/watch', {
    orderId,
    watch: on,
  });
const detail = async (orderId: string) =>
  envelope<{ watchers: number }>(
    await t.app.inject({ method: 'POST', url: '/api/mall-auction/home/detail/info', payload: { orderId } }),
  ).data;

describe('the watchlist', () => {
  it('counts real watchers on the lot page, once per buyer, and lists the lot with its live fields', async () => {
    const lotId = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    expect((await detail(lotId)).watchers).toBe(0);
    expect((await watch(a.token, lotId)).data).toEqual({ watching: true, watchers: 1 });
    expect((await watch(a.token, lotId)).data).toEqual({ watching: true, watchers: 1 });
    expect((await watch(b.token, lotId)).data).toEqual({ watching: true, watchers: 2 });
    expect((await detail(lotId)).watchers).toBe(2);

    const list = await call<{
      total: number;
      list: Array<{ orderId: string; currentPrice: string; endTime: number }>;
    }>(a.token, 'GET', '/api/mall-auction/user/watch/list');
    expect(list.data.total).toBe(1);
    expect(list.data.list[0]).toMatchObject({ orderId: lotId });
    expect(typeof list.data.list[0]?.endTime).toBe('number');
    expect((await call<string[]>(a.token, 'GET', '/api/mall-auction/user/watch/ids')).data).toEqual([lotId]);

    expect((await watch(a.token, lotId, false)).data).toEqual({ watching: false, watchers: 1 });
    expect((await watch(a.token, lotId, false)).data).toEqual({ watching: false, watchers: 1 });
    expect((await call<string[]>(a.token, 'GET', '/api/mall-auction/user/watch/ids')).data).toEqual([]);
  });

  it('refuses a lot that does not exist and bad ids with Chinese 4xx, changing nothing', async () => {
    const a = await makeBuyer(t);
    for (const orderId of ['987654321012', '9999999999999999999']) {
      const res = await watch(a.token, orderId);
      expect(res.status).toBe(404);
      expect(res.msg).toBe('拍品不存在或已下架');
    }
    const bad = await watch(a.token, 'abc');
    expect(bad.status).toBe(400);
    expect(bad.msg).toContain('编号格式不正确');
    const anon = await t.app.inject({
      method: 'POST',
      url: '/api/mall-auction/user/watch',
      payload: { orderId: '1', watch: true },
    });
    expect(anon.statusCode).toBe(401);
    expect((await call<string[]>(a.token, 'GET', '/api/mall-auction/user/watch/ids')).data).toEqual([]);
  });
});

describe('a flood of watch and unwatch', () => {
  it('is refused with 429 after the per-minute allowance, and the figure stays right', async () => {
    const lotId = await makeLot(t);
    const a = await makeBuyer(t);
    const statuses: number[] = [];
    let last = '';
    for (let i = 0; i < 40; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mall-auction/user/watch',
        headers: { authorization: a.token },
        payload: { orderId: lotId, watch: i % 2 === 0 },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) last = envelope(res).msg;
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect(last).toBe('关注操作过于频繁，请稍后再试');
    // 30 toggles starting with watch: the last accepted one was an unwatch.
    const d = envelope<{ watchers: number }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/mall-auction/home/detail/info',
        payload: { orderId: lotId },
      }),
    ).data;
    expect(d.watchers).toBe(0);
  });
});
