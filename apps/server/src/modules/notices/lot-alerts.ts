import type { AppContext } from '../../context';
import { formatBeijing } from '../../lib/time';
import { alertsRepo } from './alerts.repo';
import { noticesRepo } from './notices.repo';
import { notify } from './notify';

export const STARTING_SOON_MS = 30 * 60_000;
const lotLink = (id: string) => `/carAuction/carAuctionDetail/${id}`;

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
        // Those who switched 'starting soon' off are left out by notify.
        const users = [...new Set([...holders, ...watchers])];
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
