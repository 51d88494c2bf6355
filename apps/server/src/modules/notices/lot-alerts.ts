import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { alertsRepo } from './alerts.repo';
import { noticesRepo } from './notices.repo';
import { notify } from './notify';
import { prefsOfUsers } from './prefs';
import { yuan } from './wire';

export const STARTING_SOON_MS = 30 * 60_000;
const lotLink = (id: string) => `/carAuction/carAuctionDetail/${id}`;

/** Users who have the optional kind's 站内信 on (the others asked not to hear of it). */
async function wanting(db: Kysely<Database>, users: string[], kind: string) {
  const prefs = await prefsOfUsers(db, users);
  return users.filter((u) => prefs(u).allows(kind, 'inbox'));
}

/**
 * Time-driven alerts (docs/product.md#15-notices), run by the exactly-once scheduler: each lot's
 * alert is claimed in lot_alert inside the transaction that writes its notices, so two processes
 * never both send it and a rollback leaves it unclaimed.
 */
export function lotAlerts(ctx: AppContext) {
  const { db } = ctx.dbh;

  /** 'Starts in 30 minutes' to everyone registered for (deposit paid) or watching the lot. */
  async function startingSoon(now: Date): Promise<number> {
    const due = await alertsRepo(db).startingSoon(now, STARTING_SOON_MS, 20);
    let sent = 0;
    for (const lot of due)
      await db.transaction().execute(async (trx) => {
        const repo = alertsRepo(trx);
        if (!(await repo.claim(lot.id, lot.alert_key, now))) return;
        const [holders, watchers] = await Promise.all([
          noticesRepo(trx).depositHolders(lot.id),
          repo.watchers(lot.id),
        ]);
        const users = await wanting(trx, [...new Set([...holders, ...watchers])], 'lot.startingSoon');
        const minutes = Math.max(1, Math.round((lot.start_time.getTime() - now.getTime()) / 60_000));
        await notify(
          trx,
          users.map((userId) => ({
            userId,
            kind: 'lot.startingSoon',
            title: `${minutes}分钟后开拍`,
            body: `${lot.title} 将于 ${formatBeijing(lot.start_time).slice(5, 16)} 开始竞价，${holders.includes(userId) ? '您已报名，请准时参与。' : '缴纳保证金后即可出价。'}`,
            link: lotLink(lot.id),
            eventKey: `lot-${lot.alert_key}:${lot.id}`,
          })),
          now,
        );
        sent++;
      });
    return sent;
  }

  /** 'Bidding started' to the seller who submitted the lot. */
  async function started(now: Date): Promise<number> {
    const due = await alertsRepo(db).started(now, 20);
    let sent = 0;
    for (const lot of due)
      await db.transaction().execute(async (trx) => {
        if (!(await alertsRepo(trx).claim(lot.id, lot.alert_key, now))) return;
        await notify(
          trx,
          [
            {
              userId: lot.submitted_by,
              kind: 'order.started',
              title: '车辆已开始竞价',
              body: `${lot.title} 已开始竞价，预计 ${formatBeijing(lot.end_time).slice(5, 16)} 结束，可在订单中查看出价情况。`,
              link: `/detailInfo/${lot.id}`,
              eventKey: `order-${lot.alert_key}:${lot.id}`,
            },
          ],
          now,
        );
        sent++;
      });
    return sent;
  }

  return { startingSoon, started };
}

/**
 * The outbid notice, written after the bid batch committed (outside the bid's transaction, so the
 * hot path pays nothing for it): one row per displaced leader, live at once, and by SMS unless
 * the user is on the lot's page or had one for this lot within 10 minutes (sms-delivery.ts).
 */
export function outbidNotices(ctx: AppContext) {
  const { db } = ctx.dbh;
  return async (e: { lotId: string; displaced: string[]; price: number; seq: number }) => {
    const users = await wanting(db, e.displaced, 'lot.outbid');
    if (!users.length) return;
    await db.transaction().execute(async (trx) => {
      const title = (await alertsRepo(trx).lotTitle(e.lotId)) ?? '拍品';
      await notify(
        trx,
        users.map((userId) => ({
          userId,
          kind: 'lot.outbid',
          title: '您的出价已被超越',
          body: `${title} 当前价 ${yuan(e.price)}，您已不是最高出价人，可返回竞价页继续出价。`,
          link: lotLink(e.lotId),
          eventKey: `outbid:${e.lotId}:${e.seq}`,
        })),
        ctx.now(),
      );
    });
  };
}
