import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freezeDepositsDirectly, makeBuyer, makeLot, payDeposit, placeBid } from '../../test/bidding-fixture';
import { createListeningTestApp } from '../../test/listening-app';
import { envelope, type TestApp } from '../../test/test-app';
import { openUserChannel } from '../../test/user-channel-client';
import type { NoticeSms } from '../../platform/sms/sms-sender';
import { sessions } from '../accounts/sessions';
import { notify, type NoticeInput } from './notify';
import { orderNotices } from './order-notices';
import { MAX_ATTEMPTS, retryDelayMs, smsDelivery } from './sms-delivery';

let t: TestApp & { baseUrl: string };
beforeAll(async () => {
  // The scheduler stays off: each test runs the jobs itself, with its own SMS gateway.
  t = await createListeningTestApp({ env: { SCHEDULER_INTERVAL_MS: '0' } });
});
afterAll(() => t.close());

const db = () => t.ctx.dbh.db;
const deliveriesOf = (userId: string) =>
  db()
    .selectFrom('notice_delivery as d')
    .innerJoin('notice as n', 'n.id', 'd.notice_id')
    .select(['d.id', 'd.state', 'd.attempts', 'd.next_at', 'd.last_error', 'd.note', 'n.kind'])
    .where('d.user_id', '=', userId)
    .orderBy('d.id')
    .execute();
const noticesOf = (userId: string) =>
  db()
    .selectFrom('notice')
    .select(['kind', 'event_key'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
const item = (userId: string, kind: NoticeInput['kind'], key: string): NoticeInput => ({
  userId,
  kind,
  title: '测试通知',
  body: '正文',
  eventKey: key,
});

/** A gateway that refuses the first `failures` messages, like one that times out, then delivers. */
function gateway(failures = 0) {
  const sent: NoticeSms[] = [];
  let refused = 0;
  return {
    sent,
    sendNotice: async (m: NoticeSms) => {
      if (refused < failures) {
        refused++;
        throw new Error('网关超时');
      }
      sent.push(m);
    },
  };
}

describe('delivery from the inbox', () => {
  it('writes nothing, queues nothing and announces nothing when the change rolls back', async () => {
    const user = await makeBuyer(t);
    const tab = await openUserChannel(t.baseUrl, user.token);
    await tab.until((m) => m.type === 'hello');
    await expect(
      db()
        .transaction()
        .execute(async (trx) => {
          await notify(trx, [item(user.id, 'deposit.confirmed', 'rolled-back')], t.ctx.now());
          throw new Error('the change failed');
        }),
    ).rejects.toThrow('the change failed');
    expect(await noticesOf(user.id)).toEqual([]);
    expect(await deliveriesOf(user.id)).toEqual([]);

    await db()
      .transaction()
      .execute((trx) => notify(trx, [item(user.id, 'deposit.confirmed', 'committed')], t.ctx.now()));
    await tab.until((m) => m.type === 'notice');
    expect(tab.notices().map((m) => [m.notice.kind, m.unread, m.popup])).toEqual([
      ['deposit.confirmed', 1, true],
    ]);
    expect((await deliveriesOf(user.id)).map((d) => [d.kind, d.state])).toEqual([
      ['deposit.confirmed', 'pending'],
    ]);
    tab.close();
  });

  it('retries a failed SMS with back-off, then sends it once', async () => {
    const user = await makeBuyer(t);
    const start = new Date('2026-11-25T04:00:00Z'); // 12:00 Beijing: no quiet hours
    t.setNow(start);
    await notify(db(), [item(user.id, 'deal.paymentReceived', 'retry-me')], start);
    const gw = gateway(2);
    const job = smsDelivery(t.ctx, gw);

    await job.tick(start);
    let [d] = await deliveriesOf(user.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 1, last_error: '网关超时' });
    expect(d?.next_at.getTime()).toBe(start.getTime() + retryDelayMs(1));
    // Before the back-off has passed nothing is tried again.
    await job.tick(new Date(start.getTime() + retryDelayMs(1) - 1000));
    expect((await deliveriesOf(user.id))[0]?.attempts).toBe(1);

    const second = new Date(start.getTime() + retryDelayMs(1));
    await job.tick(second);
    [d] = await deliveriesOf(user.id);
    expect(d).toMatchObject({ state: 'pending', attempts: 2 });
    expect(d?.next_at.getTime()).toBe(second.getTime() + retryDelayMs(2));

    await job.tick(new Date(second.getTime() + retryDelayMs(2)));
    [d] = await deliveriesOf(user.id);
    expect(d).toMatchObject({ state: 'sent', attempts: 3, last_error: '' });
    const mine = gw.sent.filter((m) => m.ref === d?.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.text).toBe('【车拍商城】测试通知：正文');
    // Sent is final: later rounds leave it alone.
    await job.tick(new Date(second.getTime() + 3_600_000));
    expect(gw.sent.filter((m) => m.ref === d?.id)).toHaveLength(1);
    t.setNow(null);
  });

  it('gives up after the last attempt and waits for an operator, whose retry sends it', async () => {
    const user = await makeBuyer(t);
    let at = new Date('2026-11-25T05:00:00Z');
    await notify(db(), [item(user.id, 'payout.sent', 'give-up')], at);
    const job = smsDelivery(t.ctx, gateway(100));
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      await job.tick(at);
      at = new Date(at.getTime() + retryDelayMs(i));
    }
    const [d] = await deliveriesOf(user.id);
    expect(d).toMatchObject({ state: 'failed', attempts: MAX_ATTEMPTS });
    const ok = gateway();
    const again = smsDelivery(t.ctx, ok);
    expect(await again.retry(d!.id)).toBe(d!.id);
    await again.tick(new Date());
    expect((await deliveriesOf(user.id))[0]).toMatchObject({
      state: 'sent',
      attempts: 1,
      note: '运营人员重试',
    });
    expect(ok.sent.map((m) => m.ref)).toContain(d!.id);
  });

  it('holds SMS in quiet hours until 08:00 Beijing, except deadline-critical ones', async () => {
    const user = await makeBuyer(t);
    const night = new Date('2026-11-25T15:30:00Z'); // 23:30 Beijing
    await notify(
      db(),
      [item(user.id, 'deposit.confirmed', 'quiet-1'), item(user.id, 'deal.paymentDue', 'quiet-2')],
      night,
    );
    const gw = gateway();
    const job = smsDelivery(t.ctx, gw);
    await job.tick(night);
    const rows = await deliveriesOf(user.id);
    expect(rows.map((r) => [r.kind, r.state])).toEqual([
      ['deposit.confirmed', 'pending'],
      ['deal.paymentDue', 'sent'],
    ]);
    const morning = new Date('2026-11-26T00:00:00Z'); // 08:00 Beijing
    expect(rows[0]).toMatchObject({ attempts: 0, note: '免打扰时段，顺延发送' });
    expect(rows[0]?.next_at.getTime()).toBe(morning.getTime());
    await job.tick(new Date(morning.getTime() - 60_000));
    expect((await deliveriesOf(user.id))[0]?.state).toBe('pending');
    await job.tick(morning);
    expect((await deliveriesOf(user.id))[0]?.state).toBe('sent');
  });

  it('follows the preferences: SMS off is skipped, quiet hours are the user’s own', async () => {
    const user = await makeBuyer(t);
    const save = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: '/api/mall-auction/user/notice/prefs',
        headers: { authorization: user.token },
        payload,
      });
    const current = JSON.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/mall-auction/user/notice/prefs',
          headers: { authorization: user.token },
        })
      ).body,
    ) as {
      data: { groups: Array<{ group: string; inbox: boolean; live: boolean; sms: boolean }>; quiet: object };
    };
    expect(current.data.quiet).toEqual({ enabled: true, start: '22:00', end: '08:00' });
    expect(current.data.groups.find((g) => g.group === 'money')).toEqual({
      group: 'money',
      inbox: true,
      live: true,
      sms: true,
    });
    const res = await save({
      groups: [{ group: 'money', inbox: false, live: true, sms: false }],
      quiet: { enabled: true, start: '12:00', end: '13:00' },
    });
    expect(res.statusCode).toBe(200);
    const saved = JSON.parse(res.body) as typeof current;
    // A mandatory group keeps its 站内信 whatever is sent.
    expect(saved.data.groups.find((g) => g.group === 'money')).toMatchObject({ inbox: true, sms: false });
    expect(saved.data.quiet).toEqual({ enabled: true, start: '12:00', end: '13:00' });

    const bad = await save({ groups: [], quiet: { enabled: true, start: '25:00', end: '08:00' } });
    expect(bad.statusCode).toBe(400);
    expect(envelope(bad).msg).toContain('时间格式应为 HH:mm');
    const badGroup = await save({
      groups: [{ group: 'spam', inbox: true, live: true, sms: true }],
      quiet: saved.data.quiet,
    });
    expect(badGroup.statusCode).toBe(400);
    expect(envelope(badGroup).msg).toContain('提醒类别不正确');

    const noon = new Date('2026-11-25T04:30:00Z'); // 12:30 Beijing: the user's own quiet hour
    await notify(
      db(),
      [item(user.id, 'deposit.refunded', 'pref-1'), item(user.id, 'lot.won', 'pref-2')],
      noon,
    );
    await smsDelivery(t.ctx, gateway()).tick(noon);
    const rows = await deliveriesOf(user.id);
    expect(rows.map((r) => [r.kind, r.state, r.note])).toEqual([
      ['deposit.refunded', 'skipped', '用户已关闭此类短信'],
      ['lot.won', 'pending', '免打扰时段，顺延发送'],
    ]);
  });

  it('refuses the user channel without a session', async () => {
    const tab = await openUserChannel(t.baseUrl, null);
    await tab.until((m) => m.type === 'error');
    expect(tab.messages[0]).toEqual({ type: 'error', message: '请先登录' });
    await vi.waitFor(() => expect(tab.closeCode()).toBe(1008));
  });
});

describe('deposits', () => {
  it('a paid deposit tells the buyer it is confirmed, once, and queues the SMS', async () => {
    const lot = await makeLot(t, { status: 2 });
    const buyer = await makeBuyer(t);
    await payDeposit(t, buyer.token, lot);
    expect(await noticesOf(buyer.id)).toEqual([
      { kind: 'deposit.confirmed', event_key: `deposit-confirmed:${lot}` },
    ]);
    expect((await deliveriesOf(buyer.id)).map((d) => [d.kind, d.state])).toEqual([
      ['deposit.confirmed', 'pending'],
    ]);
    const body = await db()
      .selectFrom('notice')
      .select('body')
      .where('user_id', '=', buyer.id)
      .executeTakeFirstOrThrow();
    expect(body.body).toContain('保证金 ¥1,000.00 已到账并冻结');
  });
});

describe('outbid', () => {
  it('reaches the outbid buyer live; SMS only off the lot page and once per lot per 10 minutes', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await freezeDepositsDirectly(t, lot, [a.id, b.id], `ob${lot}`, 700001);
    const tab = await openUserChannel(t.baseUrl, a.token);
    await tab.until((m) => m.type === 'hello');
    tab.viewing(lot);
    await vi.waitFor(async () =>
      expect(
        await db().selectFrom('live_presence').select('lot_id').where('user_id', '=', a.id).execute(),
      ).toEqual([{ lot_id: lot }]),
    );
    const gw = gateway();
    const job = smsDelivery(t.ctx, gw);
    const outbids = async () => (await deliveriesOf(a.id)).filter((d) => d.kind === 'lot.outbid');

    expect((await placeBid(t, a.token, lot, '10000')).status).toBe(200);
    expect((await placeBid(t, b.token, lot, '10500')).status).toBe(200);
    await tab.until((m) => m.type === 'notice' && m.notice.kind === 'lot.outbid');
    expect(tab.notices()[0]?.notice.body).toContain('¥10,500.00');
    await vi.waitFor(async () => expect(await outbids()).toHaveLength(1));
    await job.tick(new Date());
    expect((await outbids())[0]).toMatchObject({ state: 'skipped', note: '用户正在拍品页面' });

    // Off the page: the next outbid goes out by SMS; a third within 10 minutes does not.
    tab.viewing(null);
    await vi.waitFor(async () =>
      expect(
        await db().selectFrom('live_presence').select('lot_id').where('user_id', '=', a.id).execute(),
      ).toEqual([]),
    );
    for (const [mine, theirs, n] of [
      ['11000', '11500', 2],
      ['12000', '12500', 3],
    ] as const) {
      expect((await placeBid(t, a.token, lot, mine)).status).toBe(200);
      expect((await placeBid(t, b.token, lot, theirs)).status).toBe(200);
      await vi.waitFor(async () => expect(await outbids()).toHaveLength(n));
      await job.tick(new Date());
    }
    expect((await outbids()).map((d) => [d.state, d.note])).toEqual([
      ['skipped', '用户正在拍品页面'],
      ['sent', ''],
      ['skipped', '10分钟内已发送过该拍品的出价提醒'],
    ]);
    const aRefs = new Set((await outbids()).map((d) => d.id));
    expect(gw.sent.filter((m) => aRefs.has(m.ref))).toHaveLength(1);
    // b was outbid each time a took the lead back: one notice per displacement, never for its own bids.
    expect((await noticesOf(b.id)).filter((n) => n.kind === 'lot.outbid')).toHaveLength(2);
    await tab.until(() => tab.notices().length === 3);
    expect(new Set(tab.notices().map((m) => m.notice.id)).size).toBe(3);
    tab.close();
  });
});

describe('the console', () => {
  /** A staff account with a console session (what the issuer's sign-in ends in). */
  async function operator(role: 'reviewer' | 'finance') {
    const user = await db()
      .insertInto('app_user')
      .values({ role: 'operator', real_name: `运营${role}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db().insertInto('operator_role').values({ user_id: user.id, role }).execute();
    return { id: user.id, token: await sessions(t.ctx).create(user.id, '127.0.0.1', 'test') };
  }
  const get = async <T>(token: string, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { authorization: token } });
    return { status: res.statusCode, ...envelope<T>(res) };
  };

  it('lists SMS in trouble and retries one; buyers may not look', async () => {
    const staff = await operator('finance');
    const user = await makeBuyer(t);
    const at = new Date('2026-11-25T06:00:00Z');
    await notify(db(), [item(user.id, 'deal.paymentReceived', 'console-1')], at);
    await smsDelivery(t.ctx, gateway(1)).tick(at);
    type List = {
      total: number;
      list: Array<{
        id: string;
        state: string;
        attempts: number;
        lastError: string;
        tel: string;
        kindText: string;
      }>;
    };
    const retrying = await get<List>(staff.token, '/api/console/notice/deliveries?state=retrying');
    const row = retrying.data.list.find((d) => d.lastError === '网关超时' && d.kindText === '款项已到账');
    expect(row).toMatchObject({ state: 'pending', attempts: 1 });
    expect(row?.tel).toMatch(/^\d{3}\*{4}\d{4}$/);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/console/notice/deliveries/${row!.id}/retry`,
      headers: { authorization: staff.token },
    });
    expect(retried.statusCode).toBe(200);
    await smsDelivery(t.ctx, gateway()).tick(new Date());
    expect((await deliveriesOf(user.id))[0]).toMatchObject({ state: 'sent', note: '运营人员重试' });
    // Sent now: a second retry has nothing to retry.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/console/notice/deliveries/${row!.id}/retry`,
      headers: { authorization: staff.token },
    });
    expect(again.statusCode).toBe(404);
    expect(envelope(again).msg).toBe('投递记录不存在或已发送');
    expect((await get(user.token, '/api/console/notice/deliveries')).status).toBe(403);
    expect((await get(staff.token, '/api/console/notice/deliveries?state=lost')).status).toBe(400);
  });

  it('tells reviewers of a new submission, live in the console, and lets them mark it read', async () => {
    const reviewer = await operator('reviewer');
    const tab = await openUserChannel(t.baseUrl, reviewer.token);
    await tab.until((m) => m.type === 'hello');
    await db()
      .transaction()
      .execute((trx) =>
        orderNotices.submitted(trx, { id: '4242', title: '测试车辆', submitCount: 1 }, new Date()),
      );
    await tab.until((m) => m.type === 'notice' && m.notice.kind === 'ops.newSubmission');
    const list = await get<{ unread: number; list: Array<{ id: string; title: string }> }>(
      reviewer.token,
      '/api/console/notice/list',
    );
    expect(list.data.unread).toBe(1);
    expect(list.data.list[0]?.title).toBe('新的处置车辆待审核');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/console/notice/read',
      headers: { authorization: reviewer.token },
      payload: { ids: [list.data.list[0]!.id] },
    });
    expect(envelope<{ count: number }>(read).data.count).toBe(1);
    tab.close();
  });
});
