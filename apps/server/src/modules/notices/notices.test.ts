import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulerFor } from '../../platform/scheduler/app-scheduler';
import { freezeDepositsDirectly, makeBuyer, makeLot, placeBid, setLotEnd } from '../../test/bidding-fixture';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { notify } from './notify';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Page = {
  total: number;
  unread: number;
  list: Array<{ id: string; kind: string; title: string; body: string; link: string; read: boolean }>;
};
const get = async <T>(token: string, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
  return { status: res.statusCode, ...envelope<T>(res) };
};
const read = async (token: string, payload: object) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mall-auction/user/notice/read',
    headers: { authorization: token },
    payload,
  });
  return { status: res.statusCode, ...envelope<{ count: number }>(res) };
};

describe('the inbox', () => {
  it('tells the winner and the others when a lot closes, in the same transaction as the close', async () => {
    const lotId = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await freezeDepositsDirectly(t, lotId, [a.id, b.id], `n${lotId}`, 800001);
    expect((await placeBid(t, a.token, lotId, '10000')).status).toBe(200);
    expect((await placeBid(t, b.token, lotId, '10500')).status).toBe(200);
    // b's bid wrote a's outbid notice in its own transaction; read it so that the close's notices stand alone.
    expect(
      (await get<Page>(a.token, '/api/mall-auction/user/notice/list')).data.list.map((n) => n.kind),
    ).toEqual(['lot.outbid']);
    expect((await read(a.token, { all: true })).data.count).toBe(1);
    await setLotEnd(t.ctx.dbh.db, lotId, new Date(Date.now() - 1000));
    await schedulerFor(t.ctx).scheduler.runOnce();

    const winner = await get<Page>(b.token, '/api/mall-auction/user/notice/list');
    expect(winner.data.unread).toBe(1);
    expect(winner.data.list[0]).toMatchObject({
      kind: 'lot.won',
      title: '恭喜您竞得车辆',
      link: '/personalCenter/dealCar',
    });
    expect(winner.data.list[0]?.body).toContain('¥10,500.00');
    const loser = await get<Page>(a.token, '/api/mall-auction/user/notice/list?tab=auction');
    expect(loser.data.list[0]).toMatchObject({ kind: 'lot.lost', read: false });
    expect(loser.data.list[0]?.body).toContain('保证金 ¥1,000.00 已原路退还');
    // Another tab holds nothing of this; the bell's figure and latest agree.
    expect((await get<Page>(a.token, '/api/mall-auction/user/notice/list?tab=order')).data.total).toBe(0);
    const bell = await get<{ count: number; latest: Page['list'] }>(
      a.token,
      '/api/mall-auction/user/notice/unread',
    );
    expect(bell.data.count).toBe(1);
    expect(bell.data.latest[0]?.kind).toBe('lot.lost');

    // Marking: someone else's id is refused whole and changes nothing; one's own is read; 'all' reads the rest.
    const foreign = winner.data.list[0]!.id;
    const refused = await read(a.token, { ids: [loser.data.list[0]!.id, foreign] });
    expect(refused.status).toBe(404);
    expect(refused.msg).toBe('消息不存在或不属于当前账号');
    expect((await get<Page>(a.token, '/api/mall-auction/user/notice/list')).data.unread).toBe(1);
    expect((await get<Page>(b.token, '/api/mall-auction/user/notice/list')).data.unread).toBe(1);
    expect((await read(a.token, { ids: [loser.data.list[0]!.id] })).data.count).toBe(1);
    expect((await get<Page>(a.token, '/api/mall-auction/user/notice/list?unread=true')).data.total).toBe(0);
    expect((await read(b.token, { all: true })).data.count).toBe(1);
    const empty = await read(b.token, {});
    expect(empty.status).toBe(400);
    expect(empty.msg).toBe('请指定要标记的消息');
  });

  it('writes an event once per recipient, however often it is told', async () => {
    const user = await makeBuyer(t);
    const item = {
      userId: user.id,
      kind: 'deposit.refunded' as const,
      title: '保证金已退还',
      body: '测试',
      eventKey: 'test-once',
    };
    await notify(t.ctx.dbh.db, [item], new Date());
    await notify(t.ctx.dbh.db, [item], new Date());
    expect((await get<Page>(user.token, '/api/mall-auction/user/notice/list?tab=money')).data.total).toBe(1);
  });

  it('puts an outbid notice brought up to date back on top of the inbox and the bell', async () => {
    const user = await makeBuyer(t);
    const outbid = (price: string) => ({
      userId: user.id,
      kind: 'lot.outbid' as const,
      title: '您的出价已被超越',
      body: price,
      eventKey: 'outbid:test-order',
    });
    const t0 = Date.now() - 60_000;
    await notify(t.ctx.dbh.db, [outbid('¥10,500.00')], new Date(t0));
    await notify(
      t.ctx.dbh.db,
      [{ userId: user.id, kind: 'deposit.refunded', title: '保证金已退还', body: '测试', eventKey: 'r1' }],
      new Date(t0 + 1000),
    );
    type Listed = Page['list'][number] & { repeats: number; createdAt: number; updatedAt: number };
    const inbox = async () =>
      (await get<{ list: Listed[] }>(user.token, '/api/mall-auction/user/notice/list')).data.list;
    expect((await inbox()).map((n) => n.kind)).toEqual(['deposit.refunded', 'lot.outbid']);

    // Outbid again while unread: the same notice, now the newest.
    await notify(t.ctx.dbh.db, [outbid('¥11,500.00')], new Date(t0 + 2000));
    const list = await inbox();
    expect(list.map((n) => [n.kind, n.repeats])).toEqual([
      ['lot.outbid', 2],
      ['deposit.refunded', 1],
    ]);
    expect(list[0]).toMatchObject({ body: '¥11,500.00', createdAt: t0, updatedAt: t0 + 2000 });
    const bell = await get<{ latest: Listed[] }>(user.token, '/api/mall-auction/user/notice/unread');
    expect(bell.data.latest.map((n) => n.kind)).toEqual(['lot.outbid', 'deposit.refunded']);
  });

  it('answers 401 without a session and refuses a bad tab', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/mall-auction/user/notice/unread' });
    expect(res.statusCode).toBe(401);
    const user = await makeBuyer(t);
    const bad = await get<Page>(user.token, '/api/mall-auction/user/notice/list?tab=spam');
    expect(bad.status).toBe(400);
    expect(bad.msg).toBe('消息分类不正确');
  });
});
