import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { formatBeijing } from '../../lib/time';
import { notify, type NoticeInput } from '../notices/notify';
import { noticesRepo } from '../notices/notices.repo';
import { dealFlowRepo } from './deal-flow.repo';

const HOUR = 3600_000;
type Kind = 'sign' | 'pay' | 'pickup' | 'transfer';
const LEADS = [
  { lead: '24h', ms: 24 * HOUR, skipWithin: 2 * HOUR },
  { lead: '2h', ms: 2 * HOUR, skipWithin: 0 },
] as const;
const WHAT: Record<Kind, { buyer: string; seller: string | null }> = {
  sign: { buyer: '签署成交确认书', seller: null },
  pay: { buyer: '付清余款及买方服务费', seller: null },
  pickup: { buyer: '到提车地点提车（逾期将按日收取场地存放费）', seller: null },
  transfer: { buyer: '办理过户登记', seller: '登记买受人的过户信息' },
};

/**
 * Reminders 24 h and 2 h before each deadline (sign, pay, pickup, transfer) through the notices
 * (docs/product.md#15-notices): one row in deal_reminder per deal round, deadline and lead makes
 * a second run, or a second process, send nothing more. A deadline already under 2 h away when
 * the deal reaches it gets the 2 h reminder only, and a lead as long as the whole window (the 24 h
 * signing deadline) is not sent: the won notice already says it.
 */
export async function sendDealReminders(db: Kysely<Database>, now: Date, limit = 100): Promise<number> {
  let sent = 0;
  for (const kind of ['sign', 'pay', 'pickup', 'transfer'] as const)
    for (const l of LEADS) {
      const due = await dealFlowRepo(db).dueReminders(kind, l.lead, l.ms, l.skipWithin, now, limit);
      for (const d of due) {
        const done = await db.transaction().execute(async (trx) => {
          const first = await dealFlowRepo(trx).markReminded({
            lot_id: d.lot_id,
            round: d.round,
            deadline_kind: kind,
            lead: l.lead,
            deadline: d.deadline!,
            sent_at: now,
          });
          if (!first) return false;
          const p = await noticesRepo(trx).dealParties(d.lot_id);
          if (!p) return true;
          const when = formatBeijing(d.deadline!).slice(0, 16);
          const key = `deal-remind:${d.lot_id}:${d.round}:${kind}:${l.lead}`;
          const items: NoticeInput[] = [
            {
              userId: p.buyer,
              kind: 'deal.deadline',
              title: `期限提醒：请于 ${when} 前${WHAT[kind].buyer.replace(/（.*）/, '')}`,
              body: `${p.title}：请于 ${when} 前${WHAT[kind].buyer}。`,
              link: `/buyerDetailInfo/${d.lot_id}`,
              eventKey: key,
            },
          ];
          const forSeller = WHAT[kind].seller;
          if (forSeller && p.seller)
            items.push({
              userId: p.seller,
              kind: 'deal.deadline',
              title: `期限提醒：过户期限 ${when}`,
              body: `${p.title}：过户期限为 ${when}，买受人完成过户后请${forSeller}。`,
              link: `/detailInfo/${d.lot_id}`,
              eventKey: key,
            });
          await notify(trx, items, now);
          return true;
        });
        if (done) sent++;
      }
    }
  return sent;
}
