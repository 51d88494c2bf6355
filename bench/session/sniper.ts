import type { jsonClient } from '../support/http-client';
import { sleep } from '../support/stats';

/** What the bidders know of a lot, from every answer any of them got (as if watching the live feed). */
export interface Known {
  end: number;
  /** Minimum next bid, fen. */
  min: number;
  closed: boolean;
  leader: string | null;
}

/** An acknowledged bid: what the server answered 200 with. */
export interface Acked {
  lot: string;
  buyerId: string;
  seq: number;
  amount: string;
}

interface Answer {
  code: number;
  msg: string;
  data: {
    bid?: { seq: number; amount: string } | null;
    state?: { minNextBid: string; endTime: number };
    minNextBid?: string;
    endTime?: number;
  };
}

const SNIPE_MS = 60_000;
const INCREMENT = 500 * 100;

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * A bidder's interest in a lot, fixed per (bidder, lot): one lot in ten, a
 * ceiling of the start price plus 0–199 increments, and how long before the end (0–60 s) the bidder
 * starts sniping it.
 */
function interest(buyerId: string, lot: string) {
  const h = hash(`${buyerId}:${lot}`);
  return {
    wants: h % 10 === 0,
    ceiling: 1_000_000 + (Math.floor(h / 10) % 200) * INCREMENT,
    from: (Math.floor(h / 6000) % 60) * 1000,
  };
}

/**
 * One bidder: while a lot it wants is within its sniping time of the end (inside the last minute),
 * is not led by it and its minimum is within its ceiling, bids the minimum on one of them, then
 * thinks 50–250 ms. Stops when
 * every lot has closed (or at the deadline).
 */
export async function sniper(o: {
  /** The process this bid on this lot goes to (per bidder, or per lot as a proxy hashing the lot would). */
  client: (lot: string) => ReturnType<typeof jsonClient>;
  token: string;
  buyerId: string;
  known: Map<string, Known>;
  deadline: number;
  onAnswer: (ok: boolean, tookMs: number, ack: Acked | null) => void;
}) {
  const lots = [...o.known.keys()];
  while (Date.now() < o.deadline) {
    const now = Date.now();
    // Done when every lot has closed, or its end in force (as last heard) passed 3 s ago.
    if (lots.every((l) => o.known.get(l)?.closed || (o.known.get(l)?.end ?? 0) < now - 3000)) return;
    const open = lots.filter((l) => {
      const k = o.known.get(l) as Known;
      const i = interest(o.buyerId, l);
      const sniping = k.end - now < Math.min(SNIPE_MS, i.from);
      return i.wants && sniping && !k.closed && k.leader !== o.buyerId && k.min <= i.ceiling;
    });
    if (!open.length) {
      await sleep(100);
      continue;
    }
    const lot = open[Math.floor(Math.random() * open.length)] as string;
    const k = o.known.get(lot) as Known;
    const t0 = performance.now();
    const { body } = await o
      .client(lot)
      .post<Answer>(
        '/api/mall-auction/buyer/auc_order/bid',
        { orderId: lot, amount: (k.min / 100).toFixed(2) },
        { authorization: o.token },
      );
    const took = performance.now() - t0;
    const state = body.data.state ?? body.data;
    if (state.minNextBid) k.min = Math.max(k.min, Math.round(Number(state.minNextBid) * 100));
    if (state.endTime) k.end = Math.max(k.end, state.endTime);
    if (body.code === 200 && body.data.bid) {
      k.leader = o.buyerId;
      o.onAnswer(true, took, {
        lot,
        buyerId: o.buyerId,
        seq: body.data.bid.seq,
        amount: body.data.bid.amount,
      });
    } else {
      if (body.msg === '拍卖已结束') k.closed = true;
      o.onAnswer(false, took, null);
    }
    await sleep(50 + Math.random() * 200);
  }
}
