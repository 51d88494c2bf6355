import v8 from 'node:v8';
import vm from 'node:vm';
import type { jsonClient } from './http-client';
import { pct, sleep } from './stats';

// The client's own full collection, run before each phase (outside its clock): the arrays of the
// phases before made its heap grow, and its mark-compact fell into a phase's first window (traced
// once: the client's event loop held 145 ms there). A pause of the bench's client is not the server's
// latency. The server's collections are left to it. What else sits in a phase's first window is open
// (docs/scaling.md).
v8.setFlagsFromString('--expose-gc');
const collectClientGarbage = vm.runInNewContext('gc') as () => void;

type Client = ReturnType<typeof jsonClient>;

export interface Phase {
  accepted: number[];
  refused: number[];
  /** Refusals by the answer's code and message (an outbid bid, a stale minimum, or an error). */
  refusals: Map<string, number>;
  seconds: number;
  /** When each accepted request was sent, in ms from the phase's start (same order as `accepted`). */
  sentAt: number[];
  /** The phase's start, wall clock (to find a stall in a server's or PostgreSQL's log). */
  startedAt: Date;
}

/**
 * `ascending`: every request carries a new amount, increasing per lot (each is meant to be the new
 * high bid; refusals come only from requests overtaking each other) — the engine's accept ceiling.
 * `minimum`: every client bids the minimum it last heard of — a bidding war, nearly all refused.
 */
export type Workload = 'ascending' | 'minimum';

export const BID_PATH = '/api/mall-auction/buyer/auc_order/bid';
const START = 10_000 * 100;
/**
 * One rung of the ladder, the lots' increment: a fast run climbs ~200,000 rungs per lot in its
 * phases, which at 500 yuan a rung passed the 1亿元 ceiling of a bid and was refused (400).
 */
const STEP = 100 * 100;
/** What a lot bid on by `bidStorm` is created with: its ladder starts at its start price. */
export const LADDER_LOT = { start_price: START, current_price: START, increment: STEP } as const;
const ladders = new Map<string, number>();

/** A client's pause between requests below saturation: `thinkMs` on average, spread ±50 %. */
export const think = async (thinkMs: number) => {
  if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
};

/**
 * Every client sends one bid after another for `seconds`; request `i` of client `n` goes to lot
 * `(n + i) mod lots`, so consecutive bids on one lot come from different bidders. `thinkMs` spaces
 * a client's requests (below saturation).
 */
export async function bidStorm(
  client: Client,
  lots: string[],
  tokens: string[],
  seconds: number,
  thinkMs: number,
  workload: Workload,
): Promise<Phase> {
  collectClientGarbage();
  const accepted: number[] = [];
  const refused: number[] = [];
  const refusals = new Map<string, number>();
  const sentAt: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const startedAt = new Date();
  const next = new Map<string, number>();
  await Promise.all(
    tokens.map(async (token, n) => {
      for (let i = 0; performance.now() < until; i++) {
        await think(thinkMs);
        const lot = lots[(n + i) % lots.length] as string;
        let amount: number;
        if (workload === 'ascending') {
          const rung = ladders.get(lot) ?? 0;
          ladders.set(lot, rung + 1);
          amount = START + rung * STEP;
        } else amount = (next.get(lot) ?? START) + ((n + i) % 3) * STEP;
        const t0 = performance.now();
        const { status, body } = await client.post<{
          code: number;
          msg?: string;
          data: { minNextBid?: string; state?: { minNextBid: string } } | null;
        }>(BID_PATH, { orderId: lot, amount: (amount / 100).toFixed(2) }, { authorization: token });
        const took = performance.now() - t0;
        const min = body.data?.state?.minNextBid ?? body.data?.minNextBid;
        if (min) next.set(lot, Math.round(Number(min) * 100));
        if (body.code === 200) {
          accepted.push(took);
          sentAt.push(t0 - started);
        } else {
          refused.push(took);
          const kind = `HTTP ${status} code ${body.code} ${body.msg ?? ''}`.trim();
          refusals.set(kind, (refusals.get(kind) ?? 0) + 1);
        }
      }
    }),
  );
  return { accepted, refused, refusals, seconds: (performance.now() - started) / 1000, sentAt, startedAt };
}

/**
 * `connections` clients calling GET `path` for `seconds`: back to back (the route's ceiling) or, with
 * `thinkMs`, paced as `bidStorm` paces bids (a control at a bid phase's rate). Requests/s and p99.
 */
export async function getCeiling(
  client: Client,
  path: string,
  connections: number,
  seconds: number,
  thinkMs = 0,
) {
  collectClientGarbage();
  const took: number[] = [];
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < until) {
        await think(thinkMs);
        const t0 = performance.now();
        const { status } = await client.get(path);
        if (status !== 200) throw new Error(`${path} answered ${status}`);
        took.push(performance.now() - t0);
      }
    }),
  );
  return {
    perSecond: took.length / ((performance.now() - started) / 1000),
    p99: pct(took, 99),
    requests: took.length,
  };
}

/**
 * Phases of the same workload taken apart (rounds) as one: their requests over their summed time.
 * `sentAt` keeps each phase's own offsets, so `slowWindows` does not apply to the result.
 */
export function mergePhases(phases: Phase[]): Phase {
  const refusals = new Map<string, number>();
  for (const p of phases) for (const [k, n] of p.refusals) refusals.set(k, (refusals.get(k) ?? 0) + n);
  return {
    accepted: phases.flatMap((p) => p.accepted),
    refused: phases.flatMap((p) => p.refused),
    refusals,
    seconds: phases.reduce((a, p) => a + p.seconds, 0),
    sentAt: phases.flatMap((p) => p.sentAt),
    startedAt: phases[0]?.startedAt ?? new Date(),
  };
}

export const acceptedPerSecond = (p: Phase) => p.accepted.length / p.seconds;
export const requestsPerSecond = (p: Phase) => (p.accepted.length + p.refused.length) / p.seconds;

/**
 * Whether the slowest accepts (the 1 % above the p99) came together or spread over the phase: the
 * number of 250 ms windows they were sent in, and the most of them in one window. A stall (a lock
 * held, a pause of a process) puts them in a few windows; queueing spreads them.
 */
export function slowWindows(p: Phase) {
  const p99 = pct(p.accepted, 99);
  const windows = new Map<number, number>();
  p.accepted.forEach((took, i) => {
    if (took <= p99) return;
    const w = Math.floor((p.sentAt[i] ?? 0) / 250);
    windows.set(w, (windows.get(w) ?? 0) + 1);
  });
  const slow = [...windows.values()].reduce((a, b) => a + b, 0);
  const [worst, most] = [...windows].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];
  const at = new Date(p.startedAt.getTime() + worst * 250).toISOString().slice(11, 23);
  return `${slow} accepts above the p99 sent in ${windows.size} of ${Math.ceil((p.seconds * 1000) / 250)} 250-ms windows, at most ${most} in one${most ? ` (at ${((worst * 250) / 1000).toFixed(2)} s, ${at} UTC)` : ''}`;
}

export function report(label: string, p: Phase) {
  const all = [...p.accepted, ...p.refused];
  console.log(
    `${label}: ${acceptedPerSecond(p).toFixed(0)} accepted bids/s, ${requestsPerSecond(p).toFixed(0)} bid requests/s ` +
      `(${p.refused.length} refused); accept latency p50 ${pct(p.accepted, 50).toFixed(1)} ms, p99 ${pct(p.accepted, 99).toFixed(1)} ms; ` +
      `all requests p50 ${pct(all, 50).toFixed(1)} ms, p99 ${pct(all, 99).toFixed(1)} ms`,
  );
  if (p.refused.length)
    console.log(`  refusals: ${[...p.refusals].map(([kind, n]) => `${n} × ${kind}`).join('; ')}`);
}
