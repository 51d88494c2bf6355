import type { Kysely } from 'kysely';
import { lotNotices } from '../notices/lot-notices';
import type { Database } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { biddingRepo } from './bidding.repo';
import { controlEvent, type BusEvent } from './live-events';

/** Publishes inside the caller's transaction (delivered at its commit). */
export type PublishInTx = (trx: Kysely<Database>, lotId: string, event: BusEvent) => Promise<void>;

const MAX_EXTENSION_MS = 7 * 86_400_000;
const NOT_FOUND = '拍品不存在或已下架';

export interface ControlResult {
  orderId: string;
  status: number;
  paused: boolean;
  endTime: number;
  before: { status: number; paused: boolean; endTime: number };
}

/**
 * An operator's hand on a running lot (docs/product.md#14-disposal-and-review), always inside the
 * caller's transaction with the lot row locked, so a pause and a bid batch or the close never
 * interleave: a batch that locks the row after the pause refuses its bids; the close skips paused
 * lots; resuming moves the end on by the pause's length, in the live row and its listing copy.
 */
export function lotControl(trx: Kysely<Database>, publish: PublishInTx) {
  const repo = biddingRepo(trx);
  const lock = async (orderId: string) => {
    const lot = await repo.lockForControl(orderId);
    if (!lot) throw notFound(NOT_FOUND);
    return lot;
  };
  const snapshot = (lot: { status: number; paused_at: Date | null; end_time: Date }) => ({
    status: lot.status,
    paused: lot.paused_at !== null,
    endTime: lot.end_time.getTime(),
  });
  const write = async (
    orderId: string,
    before: Awaited<ReturnType<typeof lock>>,
    set: { paused_at: Date | null; pause_reason?: string | null; end_time: Date },
    note: string,
    now: Date,
    reason = '',
  ): Promise<ControlResult> => {
    await repo.setControl(orderId, set, now);
    const after = { ...before, paused_at: set.paused_at, end_time: set.end_time };
    if ((before.paused_at === null) !== (set.paused_at === null))
      await lotNotices.pausedOrResumed(trx, before, set.paused_at !== null, reason, now);
    await publish(trx, orderId, controlEvent(orderId, after, note));
    return { orderId, ...snapshot(after), before: snapshot(before) };
  };

  return {
    async pause(orderId: string, reason: string, now: Date) {
      const lot = await lock(orderId);
      if (lot.status !== 3 && lot.status !== 4) throw conflict('只有竞价中的拍品可以暂停');
      if (lot.paused_at) throw conflict('该拍品已处于暂停状态');
      if (lot.end_time <= now) throw conflict('竞价已到结束时间，正在结算，不能暂停');
      return write(
        orderId,
        lot,
        { paused_at: now, pause_reason: reason, end_time: lot.end_time },
        `平台已暂停竞价：${reason}`,
        now,
        reason,
      );
    },

    async resume(orderId: string, reason: string, now: Date) {
      const lot = await lock(orderId);
      if (!lot.paused_at) throw conflict('该拍品未暂停，无需恢复');
      const end = new Date(lot.end_time.getTime() + Math.max(0, now.getTime() - lot.paused_at.getTime()));
      return write(
        orderId,
        lot,
        { paused_at: null, pause_reason: null, end_time: end },
        `平台已恢复竞价：${reason}`,
        now,
        reason,
      );
    },

    async extend(orderId: string, endTime: number, reason: string, now: Date) {
      const lot = await lock(orderId);
      if (![0, 2, 3, 4].includes(lot.status)) throw conflict('拍品已结束或已撤拍，不能延长');
      if (endTime <= lot.end_time.getTime()) throw conflict('新的结束时间须晚于当前结束时间');
      if (endTime <= now.getTime()) throw conflict('新的结束时间须晚于现在');
      if (endTime - lot.end_time.getTime() > MAX_EXTENSION_MS) throw conflict('一次最多延长7天');
      return write(
        orderId,
        lot,
        { paused_at: lot.paused_at, end_time: new Date(endTime) },
        `平台已将结束时间延长：${reason}`,
        now,
      );
    },
  };
}
