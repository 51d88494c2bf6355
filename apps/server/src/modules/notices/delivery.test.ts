import { describe, expect, it, vi } from 'vitest';
import { makeBuyer } from '../../test/bidding-fixture';
import { envelope } from '../../test/test-app';
import { openUserChannel } from '../../test/user-channel-client';
import { gateway, noticeItem, noticeTestApp, outsideQuietHours } from '../../test/notice-kit';
import { notify } from './notify';
import { MAX_ATTEMPTS, retryDelayMs, smsDelivery } from './sms-delivery';

const { t, db, deliveriesOf, noticesOf } = noticeTestApp();
const item = noticeItem;

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
    expect(await again.retry(d!.id)).toEqual({ id: d!.id });
    await again.tick(outsideQuietHours());
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
