import type { Kysely } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import * as m038 from '../../db/migrations/038-one-outbid-sms-per-user';
import * as m040 from '../../db/migrations/040-fold-old-outbid-notices';
import {
  freezeDepositsDirectly,
  makeBuyer,
  makeLot,
  makeOperator,
  payDeposit,
  placeBid,
} from '../../test/bidding-fixture';
import {
  gateway,
  noticeItem,
  noticeTestApp,
  outbidNoticesOf,
  outsideQuietHours,
} from '../../test/notice-kit';
import { envelope } from '../../test/test-app';
import { openUserChannel } from '../../test/user-channel-client';
import { notify } from './notify';
import { orderNotices } from './order-notices';
import { MAX_ATTEMPTS, smsDelivery } from './sms-delivery';

// Events outside the deal: a deposit, the outbid rules, the operators' side in the console.

const { t, db, deliveriesOf, noticesOf } = noticeTestApp();
const item = noticeItem;

const operator = (role: 'reviewer' | 'finance') => makeOperator(t, role);

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
  it('reaches the outbid buyer live; SMS only off the lot page and once per 10 minutes, whichever lot', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await freezeDepositsDirectly(t, lot, [a.id, b.id], `ob${lot}`, 700001);
    // Presence is judged at the tick's instant, so the tick runs at the wall clock; a's SMS has no
    // quiet hours, so a run at night (22:00–08:00 Beijing) is not held back.
    await db()
      .insertInto('notice_pref')
      .values({
        user_id: a.id,
        off: [],
        quiet_enabled: false,
        quiet_start: 0,
        quiet_end: 0,
        updated_at: new Date(),
      })
      .execute();
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
    // Written by b's bid itself: there once b's bid is answered.
    expect(await outbids()).toHaveLength(1);
    await job.tick(new Date());
    expect((await outbids())[0]).toMatchObject({ state: 'skipped', note: '用户正在拍品页面' });

    // Off the page: the next outbid goes out by SMS; a third within 10 minutes is not even queued
    // (the throttle taken by the SMS holds it back where the notice is written).
    tab.viewing(null);
    await vi.waitFor(async () =>
      expect(
        await db().selectFrom('live_presence').select('lot_id').where('user_id', '=', a.id).execute(),
      ).toEqual([]),
    );
    for (const [mine, theirs, n] of [
      ['11000', '11500', 2],
      ['12000', '12500', 2],
    ] as const) {
      expect((await placeBid(t, a.token, lot, mine)).status).toBe(200);
      expect((await placeBid(t, b.token, lot, theirs)).status).toBe(200);
      expect(await outbids()).toHaveLength(n);
      await job.tick(new Date());
    }
    expect((await outbids()).map((d) => [d.state, d.note])).toEqual([
      ['skipped', '用户正在拍品页面'],
      ['sent', ''],
    ]);
    // The third outbid is in a's inbox all the same: a never read the notice, so the one notice of
    // the lot holds all three, with the last price (decision 044).
    const outbidNotices = (userId: string) => outbidNoticesOf(db(), userId);
    const [held, ...more] = await outbidNotices(a.id);
    expect(more).toEqual([]);
    expect(held?.repeats).toBe(3);
    expect(held?.body).toContain('¥12,500.00');
    const aRefs = new Set((await outbids()).map((d) => d.id));
    expect(gw.sent.filter((m) => aRefs.has(m.ref))).toHaveLength(1);
    // b was outbid each time a took the lead back, never for its own bids: both in its one notice.
    expect((await outbidNotices(b.id)).map((n) => n.repeats)).toEqual([2]);
    // Live, a heard of each outbid as it happened: the notice three times, each time as it then read.
    await tab.until(() => tab.notices().length === 3);
    expect(tab.notices().map((m) => [m.notice.id, m.notice.repeats])).toEqual([
      [held?.id, 1],
      [held?.id, 2],
      [held?.id, 3],
    ]);

    // Outbid on another lot within the same 10 minutes: in the inbox and live, and no SMS queued.
    const other = await makeLot(t);
    await freezeDepositsDirectly(t, other, [a.id, b.id], `ob2${other}`, 700101);
    expect((await placeBid(t, a.token, other, '10000')).status).toBe(200);
    expect((await placeBid(t, b.token, other, '10500')).status).toBe(200);
    await tab.until(() => tab.notices().length === 4);
    expect((await outbidNotices(a.id)).map((n) => n.repeats)).toEqual([3, 1]);
    expect(await outbids()).toHaveLength(2);

    // Ten minutes after the SMS (its throttle moved back), a is outbid on the first lot again, its
    // notice still unread: the same notice, and an SMS queued for it again, as for a new one.
    await db()
      .updateTable('notice_throttle')
      .set({ last_at: new Date(Date.now() - 11 * 60_000) })
      .where('user_id', '=', a.id)
      .execute();
    expect((await placeBid(t, a.token, lot, '13000')).status).toBe(200);
    expect((await placeBid(t, b.token, lot, '13500')).status).toBe(200);
    expect((await outbidNotices(a.id)).map((n) => [n.id, n.repeats])).toEqual([
      [held?.id, 4],
      [expect.any(String), 1],
    ]);
    const again = await db()
      .selectFrom('notice_delivery')
      .select(['notice_id', 'state'])
      .where('user_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(again.slice(-1)).toEqual([{ notice_id: held?.id, state: 'pending' }]);
    expect(again.filter((d) => d.notice_id === held?.id)).toHaveLength(3);
    tab.close();
  });

  it('migration 038 keeps each user one waiting outbid SMS, the oldest, under the per-user scope', async () => {
    const [l1, l2] = [await makeLot(t), await makeLot(t)];
    const a = await makeBuyer(t);
    const now = new Date();
    const written = await db()
      .insertInto('notice')
      .values(
        [l1, l2, l2].map((lot, i) => ({
          user_id: a.id,
          kind: 'lot.outbid',
          title: '出价被超越',
          body: '测试',
          link: '',
          event_key: `outbid:${lot}:${i + 2}`,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    // As queued before: one per lot under 037's scope, and one from before 037 without a scope.
    await db()
      .insertInto('notice_delivery')
      .values(
        written.map((n, i) => ({
          notice_id: n.id,
          user_id: a.id,
          channel: 'sms',
          scope: [`outbid:${l1}`, `outbid:${l2}`, null][i] ?? null,
          next_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
    await m038.up(db() as unknown as Kysely<unknown>);
    const rows = await db()
      .selectFrom('notice_delivery')
      .select(['notice_id', 'state', 'scope', 'note'])
      .where('user_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { notice_id: written[0]!.id, state: 'pending', scope: 'outbid', note: '' },
      ...written.slice(1).map((n) => ({
        notice_id: n.id,
        state: 'skipped',
        scope: 'outbid',
        note: '已合并：每位用户只保留一条待发送的出价提醒短信',
      })),
    ]);
  });
  it('migration 040 folds the unread outbid notices of before 039 into one per user and lot, their SMS records with them', async () => {
    const [l1, l2] = [await makeLot(t), await makeLot(t)];
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 1, 8, minute));
    const notice = (
      userId: string,
      key: string,
      minute: number,
      extra: { read_at?: Date; repeats?: number } = {},
    ) => ({
      user_id: userId,
      kind: 'lot.outbid',
      title: '出价被超越',
      body: `第 ${minute} 分钟的出价`,
      link: '',
      event_key: key,
      created_at: at(minute),
      ...extra,
    });
    const ids = await db()
      .insertInto('notice')
      .values([
        // a on l1: three unread of before 039, one already read.
        notice(a.id, `outbid:${l1}:2`, 1),
        notice(a.id, `outbid:${l1}:4`, 2),
        notice(a.id, `outbid:${l1}:6`, 3),
        notice(a.id, `outbid:${l1}:8`, 4, { read_at: at(5) }),
        // a on l2: one of before 039 and an open one written under 039 (holding two).
        notice(a.id, `outbid:${l2}:3`, 10),
        { ...notice(a.id, `outbid:${l2}`, 20, { repeats: 2 }), updated_at: at(25) },
        // b on l1: a single old one.
        notice(b.id, `outbid:${l1}:3`, 30),
      ])
      .returning('id')
      .execute();
    const id = (i: number) => ids[i]!.id;
    // The first notice's SMS went out; the second's waits (038 gave both the per-user scope).
    await db()
      .insertInto('notice_delivery')
      .values(
        [0, 1].map((i) => ({
          notice_id: id(i),
          user_id: a.id,
          channel: 'sms' as const,
          scope: 'outbid',
          state: i === 0 ? ('sent' as const) : ('pending' as const),
          next_at: at(i),
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();

    await m040.up(db() as unknown as Kysely<unknown>);

    // Each notice as read back, without its id.
    const strip = ({ id: _id, ...notice }: Awaited<ReturnType<typeof outbidNoticesOf>>[number]) => notice;
    expect((await outbidNoticesOf(db(), a.id)).map(strip)).toEqual([
      {
        body: '第 3 分钟的出价',
        event_key: `outbid:${l1}`,
        repeats: 3,
        created_at: at(1),
        updated_at: at(3),
        read_at: null,
      },
      {
        body: '第 4 分钟的出价',
        event_key: `outbid:${l1}:8`,
        repeats: 1,
        created_at: at(4),
        updated_at: null,
        read_at: at(5),
      },
      {
        body: '第 20 分钟的出价',
        event_key: `outbid:${l2}`,
        repeats: 3,
        created_at: at(10),
        updated_at: at(25),
        read_at: null,
      },
    ]);
    expect((await outbidNoticesOf(db(), b.id)).map(strip)).toEqual([
      {
        body: '第 30 分钟的出价',
        event_key: `outbid:${l1}`,
        repeats: 1,
        created_at: at(30),
        updated_at: null,
        read_at: null,
      },
    ]);
    // Both SMS records now belong to the notice that holds a's outbids on l1 (the latest old one).
    const deliveries = await db()
      .selectFrom('notice_delivery')
      .select(['notice_id', 'state'])
      .where('user_id', '=', a.id)
      .orderBy('id')
      .execute();
    expect(deliveries).toEqual([
      { notice_id: id(2), state: 'sent' },
      { notice_id: id(2), state: 'pending' },
    ]);
  });

  it('a bidding war queues one SMS per user while it waits; quiet hours hold it; an older one is not retried beside it', async () => {
    const lot = await makeLot(t);
    const [a, b] = [await makeBuyer(t), await makeBuyer(t)];
    await freezeDepositsDirectly(t, lot, [a.id, b.id], `ow${lot}`, 700001);
    const outbids = async (userId: string) =>
      (await deliveriesOf(userId)).filter((d) => d.kind === 'lot.outbid');
    let price = 10_000;
    const round = async () => {
      expect((await placeBid(t, a.token, lot, String(price))).status).toBe(200);
      expect((await placeBid(t, b.token, lot, String(price + 500))).status).toBe(200);
      price += 1000;
    };
    const repeatsOf = async (userId: string) => (await outbidNoticesOf(db(), userId)).map((n) => n.repeats);
    for (let i = 0; i < 4; i++) await round();
    // Every outbid is in the inbox, in the one unread notice of the lot; one SMS each waits for the job.
    expect(await repeatsOf(a.id)).toEqual([4]);
    expect(await repeatsOf(b.id)).toEqual([3]);
    expect((await outbids(a.id)).map((d) => d.state)).toEqual(['pending']);
    expect((await outbids(b.id)).map((d) => d.state)).toEqual(['pending']);

    // 23:30 Beijing (the next one to come): held until 08:00, and the outbids of the night add none.
    const night = new Date();
    night.setUTCHours(15, 30, 0, 0);
    if (night.getTime() <= Date.now()) night.setUTCDate(night.getUTCDate() + 1);
    const morning = new Date(night.getTime() + 8.5 * 3_600_000);
    const gw = gateway();
    const job = smsDelivery(t.ctx, gw);
    await job.tick(night);
    expect(await outbids(a.id)).toMatchObject([{ state: 'pending', note: '免打扰时段，顺延发送' }]);
    await round();
    await round();
    expect(await outbids(a.id)).toHaveLength(1);
    expect(await repeatsOf(a.id)).toEqual([6]);

    // An older outbid SMS of a's that failed for good (of the same notice, which an outbid SMS may be
    // queued for again once the throttle allows) is not put back in the queue beside the waiting one:
    // a clear 409, and nothing changes.
    const spare = await db()
      .selectFrom('notice')
      .select('id')
      .where('user_id', '=', a.id)
      .where('kind', '=', 'lot.outbid')
      .executeTakeFirstOrThrow();
    const failed = await db()
      .insertInto('notice_delivery')
      .values({
        notice_id: spare.id,
        user_id: a.id,
        channel: 'sms',
        scope: 'outbid',
        state: 'failed',
        attempts: MAX_ATTEMPTS,
        last_error: '网关超时',
        next_at: night,
        created_at: night,
        updated_at: night,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const staff = await operator('finance');
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/console/notice/deliveries/${failed.id}/retry`,
      headers: { authorization: staff.token },
    });
    expect(retried.statusCode).toBe(409);
    expect(envelope(retried).msg).toBe('该用户已有一条待发送的出价提醒短信，无需重试这一条');
    expect((await outbids(a.id)).map((d) => d.state)).toEqual(['pending', 'failed']);

    // 08:00: one SMS each for the whole night's war.
    await job.tick(morning);
    const sentTo = (userId: string) =>
      outbids(userId).then((rows) => gw.sent.filter((m) => rows.some((d) => d.id === m.ref)).length);
    expect(await sentTo(a.id)).toBe(1);
    expect(await sentTo(b.id)).toBe(1);
    expect((await outbids(a.id)).map((d) => d.state)).toEqual(['sent', 'failed']);
  });
});

describe('the console', () => {
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
    await smsDelivery(t.ctx, gateway()).tick(outsideQuietHours());
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
