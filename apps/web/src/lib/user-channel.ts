import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL, notices } from '@chepai/shared';
import { backoffMs, type LiveSocket } from './live';
import { getToken, onSessionChange } from './session';

type Message = notices.UserChannelMessage;
type Listener = (m: Message) => void;

export interface UserChannelOptions {
  socket?: (url: string, protocols: string[]) => LiveSocket & { send(data: string): void };
  token?: () => string | null;
  location?: Pick<Location, 'protocol' | 'host'>;
  schedule?: (fn: () => void, ms: number) => unknown;
  cancel?: (handle: unknown) => void;
}

/**
 * The signed-in user's own live channel (/api/live/me, docs/decisions/026-notice-delivery.md): new
 * notices and the unread count, once per connection; it reconnects with back-off and tells the
 * server which lot page is open (SMS about that lot is then spared). One per tab, shared by the
 * bell and the pages; it is loaded lazily, after the first paint.
 */
export function createUserChannel(opts: UserChannelOptions = {}) {
  const open =
    opts.socket ??
    ((url: string, protocols: string[]) =>
      new WebSocket(url, protocols) as unknown as LiveSocket & { send(d: string): void });
  const token = opts.token ?? getToken;
  const loc = opts.location ?? window.location;
  const schedule = opts.schedule ?? ((fn: () => void, ms: number) => window.setTimeout(fn, ms));
  const cancel = opts.cancel ?? ((h: unknown) => window.clearTimeout(h as number));
  const listeners = new Set<Listener>();
  const seen = new Set<string>();
  let socket: (LiveSocket & { send(d: string): void }) | null = null;
  // A WebSocket throws on send until it opens; `onopen` says what is being viewed then.
  let opened = false;
  let timer: unknown = null;
  let attempt = 0;
  let viewing: string | null = null;
  let stopped = true;

  const say = () => {
    if (socket && opened)
      socket.send(JSON.stringify({ type: 'viewing', orderId: viewing } satisfies notices.UserChannelCommand));
  };

  const connect = () => {
    const bearer = token();
    if (stopped || !bearer) return;
    const scheme = loc.protocol === 'https:' ? 'wss:' : 'ws:';
    const s = open(`${scheme}//${loc.host}${notices.USER_CHANNEL_PATH}`, [
      LIVE_PROTOCOL,
      LIVE_BEARER_PREFIX + bearer,
    ]);
    socket = s;
    opened = false;
    s.onopen = () => {
      opened = true;
      attempt = 0;
      if (viewing) say();
    };
    s.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      let m: Message;
      try {
        m = JSON.parse(ev.data) as Message;
      } catch {
        return;
      }
      // A notice is shown once per tab, however often a reconnect brings it; an outbid notice
      // brought up to date by the next outbid (its `repeats` grown) is news again.
      if (m.type === 'notice') {
        const version = `${m.notice.id}:${m.notice.repeats}`;
        if (seen.has(version)) return;
        seen.add(version);
      }
      if (m.type === 'hello' || m.type === 'notice' || m.type === 'unread') for (const l of listeners) l(m);
    };
    s.onerror = () => s.close();
    s.onclose = () => {
      if (socket !== s) return;
      socket = null;
      if (stopped) return;
      timer = schedule(connect, backoffMs(attempt));
      attempt += 1;
    };
  };

  const stop = () => {
    stopped = true;
    if (timer !== null) cancel(timer);
    timer = null;
    const s = socket;
    socket = null;
    s?.close();
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      connect();
    },
    stop,
    /** A new session (login, logout, another account): a fresh connection, or none. */
    restart() {
      stop();
      seen.clear();
      stopped = false;
      connect();
    },
    subscribe(l: Listener) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    /** The lot page shown now (null when none). */
    view(orderId: string | null) {
      viewing = orderId;
      say();
    },
  };
}

export type UserChannel = ReturnType<typeof createUserChannel>;

let shared: UserChannel | null = null;
/** The tab's one channel; it follows the session (closes on logout, reconnects on login). */
export function userChannel(): UserChannel {
  if (!shared) {
    const c = createUserChannel();
    shared = c;
    onSessionChange(() => c.restart());
    c.start();
  }
  return shared;
}
