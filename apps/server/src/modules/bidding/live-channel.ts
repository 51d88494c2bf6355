import { idSchema, type LiveEvent } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { LiveBus } from '../../platform/live/live-bus';
import { biddingRepo as repo } from './bidding.repo';
import { closedEvent, eventsOfBid, snapshotEvent } from './live-events';

const REPLAY_PAGE = 500;
const encoded = new WeakMap<LiveEvent, string>();
const PING_MS = 25_000;

/**
 * WebSocket /api/live/lots/{orderId}[?since=seq]: a snapshot, then (with since) every bid after
 * `since` replayed from the database, then live events. The subscription starts before the
 * database is read and buffers, so nothing falls between replay and live.
 */
export function registerLiveChannel(app: FastifyInstance, ctx: AppContext, bus: LiveBus<LiveEvent>) {
  const { db } = ctx.dbh;
  app.get<{ Params: { orderId: string }; Querystring: { since?: string } }>('/api/live/lots/:orderId', { websocket: true }, (socket, request) => {
    const send = (event: LiveEvent | { type: 'error'; message: string }) => {
      if (socket.readyState !== socket.OPEN) return;
      if (event.type === 'error') return socket.send(JSON.stringify(event));
      // One live event reaches every watcher of the lot in this process as the same object: encode it once.
      let text = encoded.get(event);
      if (text === undefined) encoded.set(event, (text = JSON.stringify({ ...event, serverTime: ctx.now().getTime() })));
      socket.send(text);
    };
    const refuse = (message: string) => {
      send({ type: 'error', message });
      socket.close(1008, 'refused');
    };
    const id = idSchema.safeParse(request.params.orderId);
    const sinceText = request.query.since;
    const since = sinceText === undefined || sinceText === '' ? null : Number(sinceText);
    if (!id.success) return refuse('拍品编号格式不正确');
    if (since !== null && (!Number.isSafeInteger(since) || since < 0)) return refuse('since 必须是非负整数');
    const orderId = id.data;

    let snapshotSeq: number | null = null;
    let closedSent = false;
    const buffer: LiveEvent[] = [];
    const forward = (e: LiveEvent) => {
      if (e.type === 'lot.closed') {
        if (!closedSent) send(e);
        closedSent = true;
      } else if (snapshotSeq !== null && e.seq > snapshotSeq) {
        send(e);
      }
    };
    const off = bus.subscribe(orderId, (e) => (snapshotSeq === null ? buffer.push(e) : forward(e)));
    const ping = setInterval(() => socket.ping(), PING_MS);
    socket.on('close', () => {
      off();
      clearInterval(ping);
    });

    void (async () => {
      const lot = await repo.lot(db, orderId);
      if (!lot || lot.status === 1) return refuse('拍品不存在或已下架');
      send(snapshotEvent(orderId, lot));
      if (since !== null) {
        for (let from = since; from < lot.bid_count; ) {
          const rows = await repo.bidsSince(db, orderId, from, Math.min(REPLAY_PAGE, lot.bid_count - from));
          if (!rows.length) break;
          for (const row of rows) for (const e of eventsOfBid(orderId, row, lot)) send(e);
          from = rows.at(-1)?.seq ?? lot.bid_count;
        }
        if (lot.status === 5 || lot.status === 6) {
          const top = await repo.topBid(db, orderId, lot.bid_count);
          closedSent = true;
          send(closedEvent(orderId, lot, lot.status === 5 ? (top?.bidder_no ?? null) : null));
        }
      }
      snapshotSeq = lot.bid_count;
      for (const e of buffer.splice(0)) forward(e);
    })().catch((err: unknown) => {
      request.log.error({ err }, 'live channel failed');
      socket.close(1011, 'error');
    });
  });
}
