import { deals, disposal, fenToYuanString } from '@chepai/shared';
import type { OrderRow } from './disposal.repo';
import { publicFileUrl, type StoredForm } from './order-form';

type Millis = Date | string | null;
const ms = (d: Millis) => (d ? new Date(d).getTime() : null);

/** An order row joined with its lot's figures (null before approval). */
export type ListedOrder = OrderRow & {
  status: number;
  current_price: string | null;
  bid_count: number | null;
  views: string | null;
  start_time: Millis;
  end_time: Millis;
  registered: string | number;
  deal_stage: deals.DealStage | null;
};

export function orderSummaryOf(row: ListedOrder): disposal.OrderSummary {
  const form = row.form as unknown as StoredForm;
  const cover = form.photos[0];
  const status = Number(row.status) as disposal.OrderStatus;
  return {
    orderId: row.id,
    status,
    statusText: disposal.ORDER_STATUS_TEXT[status] ?? '',
    title: row.title,
    vin: row.vin,
    plateNo: row.plate_no,
    coverUrl: cover ? publicFileUrl(cover, 'thumbnail') : '',
    startPrice: fenToYuanString(form.startPrice),
    currentPrice: fenToYuanString(row.current_price ? Number(row.current_price) : form.startPrice),
    bidCount: row.bid_count ?? 0,
    views: Number(row.views ?? 0),
    registeredBidders: Number(row.registered),
    submittedAt: new Date(row.submitted_at).getTime(),
    startTime: ms(row.start_time),
    endTime: ms(row.end_time),
    reviewReason: row.stage === 'returned' ? row.review_reason : null,
    dealStage: row.deal_stage,
    dealStageText: row.deal_stage ? deals.DEAL_STAGES[row.deal_stage] : null,
  };
}

const EVENT_LABELS: Record<string, string> = {
  submitted: '提交审核',
  resubmitted: '修改后重新提交',
  returned: '审核驳回',
  changesRequested: '要求修改',
  approved: '审核通过',
  withdrawn: '已撤拍',
  paused: '平台暂停竞价',
  resumed: '平台恢复竞价',
  extended: '平台延长竞价',
};

export const eventLabel = (kind: string) => EVENT_LABELS[kind] ?? kind;

type TimedOrder = ListedOrder & { preview_time: Millis; reg_start_time: Millis; closed_at?: Millis };

/**
 * The order's timeline: what happened (events), then the lot's own stages as its times pass —
 * preview, registration, bidding, the close — shown once reached.
 */
export function timelineOf(
  row: TimedOrder,
  events: Array<{ kind: string; at: Date; note: string }>,
  now: Date,
): Array<{ kind: string; label: string; time: number; note: string }> {
  const out = events.map((e) => ({
    kind: e.kind,
    label: eventLabel(e.kind),
    time: new Date(e.at).getTime(),
    note: e.note,
  }));
  if (row.stage !== 'approved' && !(row.stage === 'withdrawn' && row.preview_time)) return out;
  const t = now.getTime();
  const stages: Array<[string, string, number | null]> = [
    ['preview', '预告开始', ms(row.preview_time)],
    ['registration', '报名开始', ms(row.reg_start_time)],
    ['bidding', '竞价开始', ms(row.start_time)],
  ];
  for (const [kind, label, time] of stages) {
    if (time !== null && time <= t && row.status !== 7) out.push({ kind, label, time, note: '' });
  }
  if (row.status === 5 || row.status === 6) {
    out.push({
      kind: 'closed',
      label: row.status === 5 ? '竞价结束，已成交' : '竞价结束，流拍',
      time: ms(row.closed_at ?? null) ?? ms(row.end_time) ?? t,
      note: '',
    });
  }
  return out.sort((a, b) => a.time - b.time);
}
