import type { Transaction } from 'kysely';
import { lotNotices } from '../notices/lot-notices';
import { orderNotices } from '../notices/order-notices';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { settleDeposits } from '../bidding/deposit-ledger';
import { insertLots } from '../lots/lot-writer';
import { lotWriterRepo } from '../lots/lot-writer.repo';
import { disposalRepo, type OrderRow } from './disposal.repo';
import { lotFromForm, photoLabelOf, publicFileUrl, type LotTimes, type StoredForm } from './order-form';

type Tx = Transaction<Database>;

/**
 * The moves of an order between submission and the auction (docs/product.md#14-disposal-and-review).
 * Each runs inside the caller's transaction, so the console can write its audit row with it, and
 * each locks the order first, so two reviewers or a reviewer and the seller cannot both win.
 */

export const ORDER_NOT_FOUND = '订单不存在';
const REVIEWED = '该订单已审核，不能重复操作';
const WITHDRAWN = '该订单已撤回';

async function lockedOrder(trx: Tx, orderId: string): Promise<OrderRow> {
  const order = await disposalRepo(trx).lockOrder(orderId);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}

function mustBePending(order: OrderRow) {
  if (order.stage === 'withdrawn') throw conflict(WITHDRAWN);
  if (order.stage !== 'pending') throw conflict(REVIEWED);
}

/** Approval: the lot is written with the order's id, in preview (0), with its photos. */
export async function approveOrder(
  trx: Tx,
  input: { orderId: string; times: LotTimes; actorId: string; now: Date },
): Promise<{ orderId: string; status: 0; before: OrderRow }> {
  const order = await lockedOrder(trx, input.orderId);
  mustBePending(order);
  const form = order.form as unknown as StoredForm;
  await insertLots(trx, [lotFromForm(order.id, order.seller_org_id, form, input.times, input.now)]);
  await lotWriterRepo(trx).insertPhotos(
    form.photos.map((fileId, seq) => ({
      lot_id: order.id,
      seq,
      url: publicFileUrl(fileId),
      label: photoLabelOf(form, seq),
      is_cover: seq === 0,
    })),
  );
  const repo = disposalRepo(trx);
  await repo.updateOrder(order.id, {
    stage: 'approved',
    review_kind: null,
    review_reason: null,
    reviewed_by: input.actorId,
    reviewed_at: input.now,
    updated_at: input.now,
  });
  await repo.addEvent({
    order_id: order.id,
    kind: 'approved',
    at: input.now,
    actor_id: input.actorId,
    note: '',
  });
  await lotNotices.reviewed(trx, order, 'approved', '', input.now);
  await orderNotices.scheduled(trx, order, input.times, input.now);
  return { orderId: order.id, status: 0, before: order };
}

/** Returned to the seller, as a rejection or a request for changes; both may be resubmitted. */
export async function returnOrder(
  trx: Tx,
  input: {
    orderId: string;
    kind: 'reject' | 'changes';
    reason: string;
    items?: string[];
    actorId: string;
    now: Date;
  },
): Promise<{ orderId: string; status: 8; before: OrderRow }> {
  const order = await lockedOrder(trx, input.orderId);
  mustBePending(order);
  const reason = input.items?.length ? `${input.reason}（需修改：${input.items.join('、')}）` : input.reason;
  const repo = disposalRepo(trx);
  await repo.updateOrder(order.id, {
    stage: 'returned',
    review_kind: input.kind,
    review_reason: reason,
    reviewed_by: input.actorId,
    reviewed_at: input.now,
    updated_at: input.now,
  });
  await repo.addEvent({
    order_id: order.id,
    kind: input.kind === 'reject' ? 'returned' : 'changesRequested',
    at: input.now,
    actor_id: input.actorId,
    note: reason,
  });
  await lotNotices.reviewed(trx, order, input.kind, reason, input.now);
  return { orderId: order.id, status: 8, before: order };
}

/**
 * Withdrawal: free before approval; once announced (0, 2) the lot goes to 7 exactly once and every
 * frozen deposit is refunded through the ledger; refused once bidding has started.
 */
export async function withdrawOrder(
  trx: Tx,
  input: { orderId: string; reason: string; actorId: string; now: Date },
): Promise<{ orderId: string; status: 7; refunded: number; before: OrderRow }> {
  const order = await lockedOrder(trx, input.orderId);
  const repo = disposalRepo(trx);
  if (order.stage === 'withdrawn') throw conflict(WITHDRAWN);
  let refunded = 0;
  if (order.stage === 'approved') {
    const moved = await lotWriterRepo(trx).withdrawAnnounced(order.id, input.now);
    if (!moved) throw conflict('竞价已开始或已结束，不能撤拍');
    const settled = await settleDeposits(trx, order.id, null, input.now, '拍品撤拍，保证金退还');
    refunded = settled.refunded;
    await lotNotices.withdrawn(trx, order, input.reason, settled.refundedTo, input.now);
  }
  await repo.updateOrder(order.id, {
    stage: 'withdrawn',
    cancel_reason: input.reason,
    cancelled_at: input.now,
    updated_at: input.now,
  });
  await repo.addEvent({
    order_id: order.id,
    kind: 'withdrawn',
    at: input.now,
    actor_id: input.actorId,
    note: input.reason,
  });
  return { orderId: order.id, status: 7, refunded, before: order };
}
