import type { Kysely, RawBuilder } from 'kysely';
import type { DbHandle } from '../../db/client';
import { notifyPackedCall, notifyVia, type PackedPayload } from '../../db/notify';
import type { Database } from '../../db/schema';

/** Anything published carries the lot's sequence number, so receivers can order and resume. */
export interface SequencedEvent {
  seq: number;
}

export type LiveHandler<E> = (event: E) => void;

/** Fan-out of lot events to every process that watches the lot. */
export interface LiveBus<E extends SequencedEvent> {
  /** Publishes now (outside any transaction). */
  publish(lotId: string, event: E): Promise<void>;
  /** Publishes inside a transaction: PostgreSQL delivers it at commit, in commit order, or never. */
  publishInTx(trx: Kysely<Database>, lotId: string, event: E): Promise<void>;
  /**
   * One expression publishing these events (of any lots, each lot's in order) to select inside a
   * statement of the caller's transaction, delivered at its commit in this order: only the events of
   * the lots `onlyLots` (a subquery of that statement yielding lot ids as text) returns.
   */
  notifyCall(events: Array<{ lotId: string; event: E }>, onlyLots: RawBuilder<unknown>): RawBuilder<number>;
  /**
   * Handlers of one lot are called in the order events were published. `onGap` runs when events may
   * have been lost in between (the listening connection dropped and is back): the subscriber should
   * catch up from the database.
   */
  subscribe(lotId: string, handler: LiveHandler<E>, onGap?: () => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** NOTIFY payloads must stay under 8000 bytes; larger events travel as a reference. */
export const MAX_INLINE_BYTES = 7_000;

/** Several lots' wires in one payload: a bid batch over many lots (each lot's in order). */
interface Pack {
  m: Wire[];
}

interface Wire {
  l: string;
  s: number;
  /** The event inline, or absent: the receiver loads events of (l, s) from the database. */
  e?: unknown;
  /** Several events of lot `l` inline, in order (a bid batch's; `s` is then absent). */
  b?: unknown[];
}

export interface DbLiveBusOptions<E> {
  channel?: string;
  /** Loads the events of one lot with one seq, for references too large to send inline. */
  load: (lotId: string, seq: number) => Promise<E[]>;
  onError?: (err: unknown) => void;
}

/** LiveBus over PostgreSQL LISTEN/NOTIFY: across processes on a server, in-process on PGlite. */
export function createDbLiveBus<E extends SequencedEvent>(
  dbh: DbHandle,
  options: DbLiveBusOptions<E>,
): LiveBus<E> {
  const channel = options.channel ?? 'lot_events';
  const handlers = new Map<string, Set<LiveHandler<E>>>();
  const gapHandlers = new Map<string, Set<() => void>>();
  // One promise chain per lot keeps delivery in arrival order even when a reference must be loaded.
  const chains = new Map<string, Promise<void>>();
  let unlisten: (() => Promise<void>) | null = null;

  const deliver = (lotId: string, events: E[]) => {
    for (const event of events) {
      for (const h of handlers.get(lotId) ?? []) {
        try {
          h(event);
        } catch (err) {
          options.onError?.(err);
        }
      }
    }
  };

  const receive = (payload: string) => {
    let packet: Wire | Pack;
    try {
      packet = JSON.parse(payload) as Wire | Pack;
    } catch (err) {
      options.onError?.(err);
      return;
    }
    if ('m' in packet && Array.isArray(packet.m)) for (const wire of packet.m) receiveWire(wire);
    else receiveWire(packet as Wire);
  };

  const receiveWire = (wire: Wire) => {
    if (typeof wire?.l !== 'string' || !handlers.has(wire.l)) return;
    const lotId = wire.l;
    const prev = chains.get(lotId) ?? Promise.resolve();
    const next = prev
      .then(async () =>
        deliver(
          lotId,
          Array.isArray(wire.b)
            ? (wire.b as E[])
            : wire.e !== undefined
              ? [wire.e as E]
              : await options.load(lotId, wire.s),
        ),
      )
      .catch((err: unknown) => options.onError?.(err));
    chains.set(lotId, next);
    void next.then(() => {
      if (chains.get(lotId) === next) chains.delete(lotId);
    });
  };

  const encode = (lotId: string, event: E): string => {
    const inline = JSON.stringify({ l: lotId, s: event.seq, e: event } satisfies Wire);
    return Buffer.byteLength(inline) <= MAX_INLINE_BYTES
      ? inline
      : JSON.stringify({ l: lotId, s: event.seq } satisfies Wire);
  };

  return {
    // Through Kysely rather than dbh.notify: on PGlite that waits for the connection mutex, so a
    // publish never lands inside someone else's open transaction.
    async publish(lotId, event) {
      await notifyVia(dbh.db, channel, encode(lotId, event));
    },
    async publishInTx(trx, lotId, event) {
      await notifyVia(trx, channel, encode(lotId, event));
    },
    notifyCall(events, onlyLots) {
      return notifyPackedCall(channel, batchedPayloads(events, encode), onlyLots);
    },
    subscribe(lotId, handler, onGap) {
      let set = handlers.get(lotId);
      if (!set) handlers.set(lotId, (set = new Set()));
      set.add(handler);
      let gaps = gapHandlers.get(lotId);
      if (onGap) {
        if (!gaps) gapHandlers.set(lotId, (gaps = new Set()));
        gaps.add(onGap);
      }
      return () => {
        set.delete(handler);
        if (set.size === 0 && handlers.get(lotId) === set) handlers.delete(lotId);
        if (onGap && gaps) {
          gaps.delete(onGap);
          if (gaps.size === 0 && gapHandlers.get(lotId) === gaps) gapHandlers.delete(lotId);
        }
      };
    },
    async start() {
      unlisten ??= await dbh.listen(channel, receive, () => {
        for (const gaps of [...gapHandlers.values()]) for (const gap of [...gaps]) gap();
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
      await Promise.all(chains.values());
    },
  };
}

/** What `{"m":[` … `]}` adds to the wires it packs. */
const PACK_BYTES = Buffer.byteLength('{"m":[]}');

/**
 * The events of a statement as few payloads as fit under MAX_INLINE_BYTES: each lot's events in order
 * as one wire or a few (a bid batch of 64 bids on one lot is a few NOTIFYs, not 64), and the wires of
 * several lots packed together (a batch over 100 lots is a few NOTIFYs, not 100: each one is a queue
 * entry for every listening process to read and parse). Each wire keeps its lot as its key, and a pack
 * is its `pack` number: the statement sends, per pack, the wires of the lots it wrote. An event too
 * large for a payload of its own goes as a reference.
 */
function batchedPayloads<E extends SequencedEvent>(
  events: Array<{ lotId: string; event: E }>,
  single: (lotId: string, event: E) => string,
): PackedPayload[] {
  const byLot = new Map<string, E[]>();
  for (const { lotId, event } of events) {
    const list = byLot.get(lotId);
    if (list) list.push(event);
    else byLot.set(lotId, [event]);
  }
  const limit = MAX_INLINE_BYTES - PACK_BYTES;
  const wires: Array<{ key: string; payload: string }> = [];
  for (const [lotId, list] of byLot) {
    const head = `{"l":${JSON.stringify(lotId)},"b":[`;
    let parts: string[] = [];
    let bytes = Buffer.byteLength(head) + 2;
    const flush = () => {
      if (parts.length) wires.push({ key: lotId, payload: `${head}${parts.join(',')}]}` });
      parts = [];
      bytes = Buffer.byteLength(head) + 2;
    };
    for (const event of list) {
      const json = JSON.stringify(event);
      const size = Buffer.byteLength(json) + 1;
      if (bytes + size > limit) flush();
      if (bytes + size > limit) wires.push({ key: lotId, payload: single(lotId, event) });
      else {
        parts.push(json);
        bytes += size;
      }
    }
    flush();
  }
  // Packed in order, greedily: a lot's wires keep their order across packs.
  let pack = 0;
  let bytes = PACK_BYTES;
  return wires.map((w) => {
    const size = Buffer.byteLength(w.payload) + 1;
    if (bytes + size > MAX_INLINE_BYTES + 1) {
      pack += 1;
      bytes = PACK_BYTES;
    }
    bytes += size;
    return { ...w, pack };
  });
}
