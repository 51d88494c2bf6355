import { notices, quietUntil } from '@chepai/shared';
import type { AppContext } from '../../context';
import type { NoticeSmsSender } from '../../platform/sms/sms-sender';
import { deliveryRepo, type ClaimedSms } from './delivery.repo';
import { prefsOfUsers } from './prefs';

/** Attempts before a delivery is given up and left to an operator's retry. */
export const MAX_ATTEMPTS = 6;
/** 30 s, 1 min, 2 min … capped at 30 min. */
export const retryDelayMs = (attempt: number) => Math.min(30 * 60_000, 30_000 * 2 ** (attempt - 1));
/** A claimed SMS is another process's to take over after this long (the sender died mid-send). */
const LEASE_MS = 2 * 60_000;
const BATCH = 20;
/** Outbid by SMS at most once per user per this long, whichever lots, and not while the lot's page is open. */
export const OUTBID_SMS_WINDOW_MS = 10 * 60_000;
/** The outbid throttle's scope, and that of the one outbid SMS a user may have waiting (decision 041). */
export const OUTBID_SMS_SCOPE = 'outbid';
/** A live user channel refreshes its presence every 25 s; older rows are gone or stale. */
export const PRESENCE_FRESH_MS = 70_000;

export const smsText = (n: Pick<ClaimedSms, 'title' | 'body'>) => `【车拍商城】${n.title}：${n.body}`;

/**
 * The SMS delivery job (docs/decisions/026-notice-delivery.md): claims due rows of notice_delivery
 * under a lease, applies the user's preferences, quiet hours (deadline-critical kinds excepted) and
 * the outbid rules, sends through the SmsSender and records the outcome; a failure is retried with
 * back-off and, after MAX_ATTEMPTS, waits for an operator.
 */
export function smsDelivery(ctx: AppContext, sender: NoticeSmsSender) {
  const repo = deliveryRepo(ctx.dbh.db);

  /** Why this SMS is not sent now: skipped for good, deferred to a time, or null to send. */
  async function verdict(
    d: ClaimedSms,
    prefs: Awaited<ReturnType<typeof prefsOfUsers>>,
    now: Date,
  ): Promise<{ skip: string } | { until: Date; note: string } | null> {
    if (!d.tel) return { skip: '账号未绑定手机号' };
    const p = prefs(d.user_id);
    if (!p.allows(d.kind, 'sms')) return { skip: '用户已关闭此类短信' };
    const policy = notices.noticePolicy(d.kind);
    const until = policy.critical ? null : quietUntil(now.getTime(), p.quiet);
    if (until !== null) return { until: new Date(until), note: '免打扰时段，顺延发送' };
    if (d.kind === 'lot.outbid') {
      // One throttle per user across lots (decision 041, amended): the notice's writer
      // (notices.repo.ts) queues no outbid SMS while it runs. The lot is the event key's second part.
      const lotId = d.event_key.split(':')[1] ?? '';
      if (await repo.onLotPage(d.user_id, lotId, new Date(now.getTime() - PRESENCE_FRESH_MS)))
        return { skip: '用户正在拍品页面' };
      if (!(await repo.takeThrottle(d.user_id, OUTBID_SMS_SCOPE, OUTBID_SMS_WINDOW_MS, now)))
        return { skip: '10分钟内已发送过出价提醒短信' };
    }
    return null;
  }

  async function deliver(d: ClaimedSms, prefs: Awaited<ReturnType<typeof prefsOfUsers>>, now: Date) {
    const v = await verdict(d, prefs, now);
    if (v && 'skip' in v) return repo.skipped(d.id, v.skip, now);
    if (v) return repo.deferred(d.id, v.until, v.note, now);
    try {
      await sender.sendNotice({ ref: d.id, tel: d.tel!, text: smsText(d) }, now);
      await repo.sent(d.id, ctx.now());
    } catch (err) {
      const message = (err instanceof Error ? err.message : String(err)).slice(0, 500);
      const retryAt = d.attempts < MAX_ATTEMPTS ? new Date(now.getTime() + retryDelayMs(d.attempts)) : null;
      ctx.log.warn({ delivery: d.id, attempts: d.attempts, err: message }, 'notice sms failed');
      await repo.failed(d.id, message, retryAt, ctx.now());
    }
  }

  return {
    /** One round: up to BATCH due deliveries; returns how many were handled. */
    async tick(now: Date): Promise<number> {
      const claimed = await repo.claim(now, BATCH, LEASE_MS);
      if (!claimed.length) return 0;
      const prefs = await prefsOfUsers(ctx.dbh.db, [...new Set(claimed.map((d) => d.user_id))]);
      for (const d of claimed) await deliver(d, prefs, now);
      return claimed.length;
    },
    retry: (id: string) => repo.retry(id, ctx.now()),
  };
}
