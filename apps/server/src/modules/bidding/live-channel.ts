import { idSchema, type LiveEvent } from '@chepai/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { LiveBus } from '../../platform/live/live-bus';
import { sessions } from '../accounts/sessions';
import { bearerFromProtocols, chooseLiveProtocol, liveConnectionCaps } from '../../platform/live/live-auth';
import { biddingRepo, type EngineLot } from './bidding.repo';
import { closedEvent, eventsOfBid, forViewer, snapshotEvent, type BusEvent } from './live-events';

const REPLAY_PAGE = 500;
const PING_MS = 25_000;
/** One bus event reaches every watcher of the lot in this process as the same object: encode it once per variant. */
const encoded = new WeakMap<BusEvent, { others?: string; mine?: string }>();

// Shared with the user channel (modules/notices): platform/live/live-auth.ts.
export { bearerFromProtocols, chooseLiveProtocol };

/**
 * WebSocket /api/live/lots/{orderId}[?since=seq]: a snapshot, then (with since) every bid after
 * `since` replayed from the database, then live events. The subscription starts before the
 * database is read and buffers, so nothing falls between replay and live; when the bus reports a
 * gap (its LISTEN connection dropped and came back) the connection catches up from the database the
 * same way. A logged-in buyer authenticates with the subprotocol `bearer.<token>` (never in the
 * URL) and gets `mine: true` on their own bids.
 */
export function registerLiveChannel(app: FastifyInstance, ctx: AppContext, bus: LiveBus<BusEvent>) {
  const repo = biddingRepo(ctx.dbh.db);
  const resolver = sessions(ctx);
  app.get<{ Params: { orderId: string }; Querystring: { since?: string } }>(
    '/api/live/lots/:orderId',
    {
      websocket: true,
      // Live connections per address and per user, counted across processes, refused before the upgrade.
      preHandler: liveConnectionCaps(ctx, (token) => resolver.resolve(token)),
    },
    (socket, request) => {
      let viewerId: string | null = null;
      const send = (event: BusEvent | { type: 'error'; message: string }) => {
        if (socket.readyState !== socket.OPEN) return;
        if (event.type === 'error') return socket.send(JSON.stringify(event));
        const mine = event.type === 'bid.placed' && viewerId !== null && event.bidderId === viewerId;
        let texts = encoded.get(event);
        if (!texts) encoded.set(event, (texts = {}));
        const key = mine ? 'mine' : 'others';
        texts[key] ??= JSON.stringify({
          ...forViewer(event, viewerId),
          serverTime: ctx.now().getTime(),
        } satisfies LiveEvent);
        socket.send(texts[key]);
      };
      const refuse = (message: string) => {
        send({ type: 'error', message });
        socket.close(1008, 'refused');
      };
      const id = idSchema.safeParse(request.params.orderId);
      const sinceText = request.query.since;
      const since = sinceText === undefined || sinceText === '' ? null : Number(sinceText);
      if (!id.success) return refuse('拍品编号格式不正确');
      if (since !== null && (!Number.isSafeInteger(since) || since < 0))
        return refuse('since 必须是非负整数');
      const orderId = id.data;

      // Highest bid seq and extension seq delivered; events at or below them are duplicates.
      let lastBid = -1;
      let lastExtension = -1;
      let closedSent = false;
      let catchingUp = true;
      let buffer: BusEvent[] = [];
      const forward = (e: BusEvent) => {
        if (e.type === 'lot.closed') {
          if (!closedSent) send(e);
          closedSent = true;
        } else if (e.type === 'bid.placed' && e.seq > lastBid) {
          lastBid = e.seq;
          send(e);
        } else if (e.type === 'lot.extended' && e.seq > lastExtension) {
          lastExtension = e.seq;
          send(e);
        } else if (e.type === 'lot.control') {
          send(e); // the state as it is now: repeating it is harmless
        }
      };

      /**
       * Every bid after lastBid from the database, then the close if the lot has closed, then what
       * buffered meanwhile. `known`: the lot row just read by the caller (no second read).
       */
      const catchUp = async (known?: EngineLot) => {
        catchingUp = true;
        const lot = known ?? (await repo.lot(orderId));
        if (!lot || lot.status === 1) return refuse('拍品不存在或已下架');
        for (let from = lastBid; from < lot.bid_count;) {
          const rows = await repo.bidsSince(orderId, from, Math.min(REPLAY_PAGE, lot.bid_count - from));
          if (!rows.length) break;
          for (const row of rows) for (const e of eventsOfBid(orderId, row, lot)) forward(e);
          from = rows.at(-1)?.seq ?? lot.bid_count;
        }
        if ((lot.status === 5 || lot.status === 6) && !closedSent) {
          const top = await repo.topBid(orderId, lot.bid_count);
          forward(closedEvent(orderId, lot, lot.status === 5 ? (top?.bidder_no ?? null) : null));
        }
        catchingUp = false;
        const pending = buffer;
        buffer = [];
        for (const e of pending) forward(e);
      };
      const failed = (err: unknown) => {
        request.log.error({ err }, 'live channel failed');
        socket.close(1011, 'error');
      };

      const off = bus.subscribe(
        orderId,
        (e) => (catchingUp ? buffer.push(e) : forward(e)),
        () => void catchUp().catch(failed),
      );
      const ping = setInterval(() => socket.ping(), PING_MS);
      socket.on('close', () => {
        off();
        clearInterval(ping);
      });

      void (async () => {
        const token = bearerFromProtocols(request.headers['sec-websocket-protocol']);
        const user = token ? await resolver.resolve(token) : null;
        viewerId = user?.role === 'buyer' ? user.id : null;
        const lot = await repo.lot(orderId);
        if (!lot || lot.status === 1) return refuse('拍品不存在或已下架');
        send(snapshotEvent(orderId, lot));
        if (since === null) {
          // A fresh watcher starts from the snapshot; only what follows it is news.
          lastBid = lastExtension = lot.bid_count;
          if (lot.status === 5 || lot.status === 6) closedSent = true;
        } else {
          lastBid = lastExtension = since;
        }
        await catchUp(lot);
      })().catch(failed);
    },
  );
}
