import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, parseLiveEvent, type LiveEvent } from '@chepai/shared';
import { getToken } from './session';
import { syncServerTime } from './server-clock';

/** The part of the browser WebSocket the client uses (a fake one in unit tests). */
export interface LiveSocket {
  onopen: (() => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: (() => void) | null;
  onerror: (() => void) | null;
  close(): void;
}

export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveOptions {
  onEvent: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  socket?: (url: string, protocols: string[]) => LiveSocket;
  /** The session token, sent as the subprotocol `bearer.<token>` so the server marks my bids `mine`. */
  token?: () => string | null;
  /** Where the page is served from; ws/wss follows its protocol. */
  location?: Pick<Location, 'protocol' | 'host'>;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/** 1 s, 2 s, 4 s … capped at 30 s; back to 1 s once a connection opens. */
export const backoffMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** attempt);

export function liveUrl(
  orderId: string,
  since: number | null,
  loc: Pick<Location, 'protocol' | 'host'>,
): string {
  const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = since === null ? '' : `?since=${since}`;
  return `${scheme}//${loc.host}/api/live/lots/${encodeURIComponent(orderId)}${query}`;
}

export interface LiveConnection {
  /** The last bid sequence number seen; the resume point. */
  lastSeq(): number | null;
  close(): void;
}

/**
 * Watches one lot. Messages that fail the shared schemas are dropped. Bids are delivered once and in
 * order: after a reconnect with `?since=` the server replays what was missed and nothing is repeated.
 */
export function connectLot(orderId: string, opts: LiveOptions): LiveConnection {
  const open =
    opts.socket ??
    ((url: string, protocols: string[]) => new WebSocket(url, protocols) as unknown as LiveSocket);
  const token = opts.token ?? getToken;
  const loc = opts.location ?? window.location;
  const schedule = opts.schedule ?? ((fn: () => void, ms: number) => window.setTimeout(fn, ms));
  const cancel = opts.cancel ?? ((h: unknown) => window.clearTimeout(h as number));
  let seq: number | null = null;
  let attempt = 0;
  let stopped = false;
  let socket: LiveSocket | null = null;
  let timer: unknown = null;
  let closedSeen = false;

  const accept = (event: LiveEvent): boolean => {
    switch (event.type) {
      case 'lot.snapshot':
        if (seq === null || event.seq < seq) seq = event.seq;
        return true;
      case 'bid.placed':
        if (seq !== null && event.seq <= seq) return false;
        seq = event.seq;
        return true;
      case 'lot.extended':
        return seq === null || event.seq >= seq;
      case 'lot.closed':
        if (closedSeen) return false;
        closedSeen = true;
        return true;
      case 'lot.control':
        return true;
    }
  };

  const connect = () => {
    if (stopped) return;
    opts.onStatus?.(attempt === 0 ? 'connecting' : 'reconnecting');
    const bearer = token();
    const s = open(
      liveUrl(orderId, seq, loc),
      bearer ? [LIVE_PROTOCOL, LIVE_BEARER_PREFIX + bearer] : [LIVE_PROTOCOL],
    );
    socket = s;
    s.onopen = () => {
      attempt = 0;
      opts.onStatus?.('open');
    };
    s.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      const event = parseLiveEvent(ev.data);
      if (!event || event.orderId !== orderId) return;
      syncServerTime(event.serverTime);
      if (accept(event)) opts.onEvent(event);
    };
    s.onerror = () => s.close();
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      if (stopped) return;
      opts.onStatus?.('reconnecting');
      timer = schedule(connect, backoffMs(attempt));
      attempt += 1;
    };
  };
  connect();

  return {
    lastSeq: () => seq,
    close() {
      stopped = true;
      if (timer !== null) cancel(timer);
      const s = socket;
      socket = null;
      s?.close();
      opts.onStatus?.('closed');
    },
  };
}
