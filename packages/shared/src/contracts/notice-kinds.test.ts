import { describe, expect, it } from 'vitest';
import { kindsOfTab, NOTICE_KINDS, NOTICE_TABS, noticePolicy, type NoticeKind } from './notice-kinds';

describe('the notice catalogue', () => {
  it('sends money and deadline events by SMS, and lets deadlines through quiet hours', () => {
    expect(noticePolicy('deposit.confirmed')).toMatchObject({ sms: true, critical: false, group: 'money' });
    expect(noticePolicy('deal.paymentDue')).toMatchObject({ sms: true, critical: true, group: 'deadline' });
    expect(noticePolicy('deal.handoverDue')).toMatchObject({ sms: true, critical: true });
    expect(noticePolicy('payout.sent')).toMatchObject({ sms: true, critical: false, tab: 'money' });
    expect(noticePolicy('lot.outbid')).toMatchObject({ sms: true, critical: false, group: 'outbid' });
    expect(noticePolicy('lot.startingSoon')).toMatchObject({ sms: false, group: 'starting' });
    expect(noticePolicy('watch.closed')).toMatchObject({ sms: false, group: 'watch', tab: 'watch' });
    expect(noticePolicy('ops.newSubmission')).toMatchObject({ sms: false, group: 'ops', tab: 'ops' });
  });

  it('gives a kind nobody catalogued the policy of its prefix', () => {
    // A kind another engineer adds later is delivered by the same rules without more work.
    expect(noticePolicy('deal.somethingNew')).toEqual({
      label: '通知',
      tab: 'auction',
      group: 'money',
      sms: true,
      critical: false,
    });
    expect(noticePolicy('deal.pickupDue')).toMatchObject({ group: 'deadline', sms: true, critical: true });
    expect(noticePolicy('order.somethingNew')).toMatchObject({ group: 'order', sms: false, tab: 'order' });
    expect(noticePolicy('payout.failed')).toMatchObject({ tab: 'money', sms: true });
    expect(noticePolicy('mystery')).toMatchObject({ group: 'result', sms: false });
  });

  it('puts every catalogued kind under exactly one tab', () => {
    const tabs = NOTICE_TABS.filter((t) => t.key !== 'all').map((t) => t.key);
    const seen = tabs.flatMap((t) => kindsOfTab(t) ?? []);
    expect(seen.sort()).toEqual((Object.keys(NOTICE_KINDS) as NoticeKind[]).sort());
    expect(kindsOfTab('all')).toBeNull();
  });
});
