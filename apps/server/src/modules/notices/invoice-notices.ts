import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { alertsRepo } from './alerts.repo';
import { notify } from './notify';

type Tx = Kysely<Database>;

/**
 * Invoice notices (docs/product.md#16-the-deal-after-the-hammer), written in the transaction of the
 * request or the decision: finance hears of a new request, the buyer of the outcome.
 */
export const invoiceNotices = {
  async requested(trx: Tx, r: { id: string; title: string; purposeText: string }, now: Date) {
    const finance = await alertsRepo(trx).operators(['finance']);
    await notify(
      trx,
      finance.map((userId) => ({
        userId,
        kind: 'ops.invoiceRequested' as const,
        title: '新的发票申请',
        body: `${r.title} 的买受人申请开具${r.purposeText}发票，请处理。`,
        link: '/console/invoices',
        eventKey: `invoice-requested:${r.id}`,
      })),
      now,
    );
  },

  async decided(
    trx: Tx,
    r: {
      id: string;
      buyerId: string;
      lotId: string;
      title: string;
      purposeText: string;
      invoiceNo: string | null;
      reason: string | null;
    },
    now: Date,
  ) {
    await notify(
      trx,
      [
        {
          userId: r.buyerId,
          kind: 'deal.invoice',
          title: r.invoiceNo ? '发票已开具' : '发票申请未通过',
          body: r.invoiceNo
            ? `${r.title} 的${r.purposeText}发票已开具（发票号码 ${r.invoiceNo}），可在成交订单中下载。`
            : `${r.title} 的${r.purposeText}发票申请未通过：${r.reason ?? ''}。请核对发票信息后重新申请。`,
          link: `/buyerDetailInfo/${r.lotId}`,
          eventKey: `invoice-decided:${r.id}`,
        },
      ],
      now,
    );
  },
};
