import type { bidding } from '@chepai/shared';
import { fenToYuanString, yuanStringToFen } from '@chepai/shared/domain/money';
import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../db/schema';

export interface StormClient {
  base: string;
  token: string;
  buyerId: string;
}

export interface Acknowledged {
  /** The server that acknowledged it. */
  via: string;
  orderId: string;
  buyerId: string;
  seq: number;
  amount: string;
}

interface Answer {
  code: number;
  msg: string;
  data: { bid?: bidding.AcceptedBid | null; state?: bidding.LotLiveState } & Partial<bidding.LotLiveState>;
}

/** One bid over HTTP; network failures (a killed process) come back as null. */
export async function bidOverHttp(
  c: StormClient,
  orderId: string,
  amount: string,
  maxAmount?: string,
): Promise<Answer | null> {
  try {
    const res = await fetch(`${c.base}/api/mall-auction/buyer/auc_order/bid`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: c.token },
      body: JSON.stringify({ orderId, amount, ...(maxAmount ? { maxAmount } : {}) }),
    });
    return (await res.json()) as Answer;
  } catch {
    return null;
  }
}

/**
 * Every client bids the minimum next amount it last heard of (sometimes with a proxy maximum),
 * `attempts` times or until the auction has ended. Over several lots, attempt `i` of client `n`
 * goes to lot `(n + i) mod lots`, so every batch spans lots. Returns every acknowledged bid.
 */
export async function runStorm(
  clients: StormClient[],
  lots: string | string[],
  attempts: number,
  startMin: string,
  pickBase?: (c: StormClient, i: number) => string,
) {
  const orderIds = typeof lots === 'string' ? [lots] : lots;
  const acknowledged: Acknowledged[] = [];
  const reasons = new Map<string, number>();
  await Promise.all(
    clients.map(async (c, n) => {
      const nextOf = new Map<string, string>();
      const ended = new Set<string>();
      for (let i = 0; i < attempts && ended.size < orderIds.length; i++) {
        const orderId = orderIds[(n + i) % orderIds.length] as string;
        if (ended.has(orderId)) continue;
        const next = nextOf.get(orderId) ?? startMin;
        // Jump 0–3 increments above the minimum (500 元 in the fixtures); every fifth bid carries a proxy maximum.
        const amount = fenToYuanString(yuanStringToFen(next) + ((n * 7 + i * 3) % 4) * 50_000);
        const proxy = (n + i) % 5 === 0 ? fenToYuanString(yuanStringToFen(amount) + 3 * 50_000) : undefined;
        const base = pickBase ? pickBase(c, i) : c.base;
        const answer = await bidOverHttp({ ...c, base }, orderId, amount, proxy);
        if (!answer) continue;
        reasons.set(answer.msg, (reasons.get(answer.msg) ?? 0) + 1);
        if (answer.code === 200) {
          if (answer.data.bid)
            acknowledged.push({
              via: base,
              orderId,
              buyerId: c.buyerId,
              seq: answer.data.bid.seq,
              amount: answer.data.bid.amount,
            });
          nextOf.set(orderId, answer.data.state?.minNextBid ?? next);
        } else if (answer.code === 409) {
          if (answer.msg === '拍卖已结束') ended.add(orderId);
          nextOf.set(orderId, answer.data.minNextBid ?? next);
        }
      }
    }),
  );
  return { acknowledged, reasons };
}

/**
 * The bidding invariants (docs/decisions/005-bidding-engine.md) over what is in the database after
 * the close.
 */
export async function checkStormInvariants(
  db: Kysely<Database>,
  orderId: string,
  acknowledged: Acknowledged[],
  initialEnd: number,
) {
  const lot = await db.selectFrom('lot').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
  const bids = await db.selectFrom('bid').selectAll().where('lot_id', '=', orderId).orderBy('seq').execute();
  // seq 1..n without gaps; amounts strictly increase.
  expect(bids.map((b) => b.seq)).toEqual(bids.map((_, i) => i + 1));
  bids.forEach((b, i) => i > 0 && expect(Number(b.amount)).toBeGreaterThan(Number(bids[i - 1]?.amount)));
  // Every acknowledged bid is in the database as answered.
  const bySeq = new Map(bids.map((b) => [b.seq, b]));
  for (const a of acknowledged.filter((x) => x.orderId === orderId)) {
    const row = bySeq.get(a.seq);
    expect(row?.bidder_id).toBe(a.buyerId);
    expect(fenToYuanString(Number(row?.amount))).toBe(a.amount);
  }
  // No bid at or after the end in force; extension arithmetic exact (window/step from the lot).
  const window = lot.extend_window_sec * 1000;
  const step = lot.extend_step_sec * 1000;
  let end = initialEnd;
  for (const b of bids) {
    const t = b.created_at.getTime();
    expect(t).toBeLessThan(end);
    const expected = end - t < window ? Math.max(end, t + step) : end;
    expect(b.end_time_after?.getTime()).toBe(expected);
    end = expected;
  }
  expect(lot.end_time.getTime()).toBe(end);
  // Closed once, with exactly one winner whose deposit is applied; everyone else refunded.
  expect(lot.status).toBe(5);
  expect(lot.closed_at?.getTime()).toBeGreaterThanOrEqual(end);
  const ledger = await db
    .selectFrom('deposit_ledger')
    .select(['buyer_id', 'state', 'id'])
    .where('lot_id', '=', orderId)
    .execute();
  const applied = ledger.filter((l) => l.state === 'applied');
  expect(applied.map((l) => l.buyer_id)).toEqual([bids.at(-1)?.bidder_id]);
  expect(ledger.filter((l) => l.state !== 'applied').every((l) => l.state === 'refunded')).toBe(true);
  const moves = await db
    .selectFrom('deposit_movement')
    .select(['ledger_id'])
    .where('lot_id', '=', orderId)
    .execute();
  expect(moves).toHaveLength(ledger.length * 2);
  return { lot, bids };
}
