import type { notices } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import { createUserChannel } from './user-channel';

class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  sent: string[] = [];
  closed = false;
  /** Like a browser's WebSocket: sending before the connection opens throws (InvalidStateError). */
  opened = false;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {}
  send(data: string) {
    if (!this.opened) throw new Error("Failed to execute 'send' on 'WebSocket': Still in CONNECTING state.");
    this.sent.push(data);
  }
  accept() {
    this.opened = true;
    this.onopen?.();
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  receive(m: object) {
    this.onmessage?.({ data: JSON.stringify(m) });
  }
}

const notice = (id: string, repeats = 1): notices.Notice => ({
  id,
  kind: 'lot.outbid',
  kindText: '出价被超越',
  title: '您的出价已被超越',
  body: '…',
  link: '/carAuction/carAuctionDetail/1',
  createdAt: 1,
  updatedAt: repeats,
  repeats,
  read: false,
});

function harness(token: string | null = 'tok') {
  const sockets: FakeSocket[] = [];
  const timers: Array<{ fn: () => void; ms: number }> = [];
  const got: notices.UserChannelMessage[] = [];
  const channel = createUserChannel({
    token: () => token,
    location: { protocol: 'https:', host: 'mall.example' },
    socket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    schedule: (fn, ms) => timers.push({ fn, ms }),
    cancel: () => undefined,
  });
  channel.subscribe((m) => got.push(m));
  return { channel, sockets, timers, got };
}

describe('the user channel', () => {
  it('connects with the session as a subprotocol and passes notices, the count and hello on', () => {
    const { channel, sockets, got } = harness();
    channel.start();
    expect(sockets[0]?.url).toBe('wss://mall.example/api/live/me');
    expect(sockets[0]?.protocols).toEqual(['chepai.live', 'bearer.tok']);
    sockets[0]!.accept();
    sockets[0]!.receive({ type: 'hello', unread: 2 });
    sockets[0]!.receive({ type: 'notice', notice: notice('7'), unread: 3, popup: true });
    sockets[0]!.receive({ type: 'unread', unread: 0 });
    sockets[0]!.receive({ type: 'error', message: '请先登录' });
    expect(got.map((m) => m.type)).toEqual(['hello', 'notice', 'unread']);
  });

  it('reconnects with back-off and shows a notice once however often it comes', () => {
    const { channel, sockets, timers, got } = harness();
    channel.start();
    sockets[0]!.receive({ type: 'notice', notice: notice('7'), unread: 1, popup: true });
    sockets[0]!.close();
    expect(timers.map((t) => t.ms)).toEqual([1000]);
    timers[0]!.fn();
    sockets[1]!.accept();
    sockets[1]!.receive({ type: 'notice', notice: notice('7'), unread: 1, popup: true });
    sockets[1]!.receive({ type: 'notice', notice: notice('8'), unread: 2, popup: true });
    expect(
      got.filter((m) => m.type === 'notice').map((m) => (m.type === 'notice' ? m.notice.id : '')),
    ).toEqual(['7', '8']);
  });

  it('shows an outbid notice again when the next outbid has brought it up to date', () => {
    const { channel, sockets, got } = harness();
    channel.start();
    sockets[0]!.accept();
    sockets[0]!.receive({ type: 'notice', notice: notice('7'), unread: 1, popup: true });
    sockets[0]!.receive({ type: 'notice', notice: notice('7', 2), unread: 1, popup: true });
    sockets[0]!.receive({ type: 'notice', notice: notice('7', 2), unread: 1, popup: true });
    expect(got.flatMap((m) => (m.type === 'notice' ? [`${m.notice.id}×${m.notice.repeats}`] : []))).toEqual([
      '7×1',
      '7×2',
    ]);
  });

  it('tells the server which lot page is open, again after a reconnect', () => {
    const { channel, sockets, timers } = harness();
    channel.start();
    sockets[0]!.accept();
    channel.view('42');
    expect(sockets[0]!.sent).toEqual(['{"type":"viewing","orderId":"42"}']);
    sockets[0]!.close();
    timers[0]!.fn();
    sockets[1]!.accept();
    expect(sockets[1]!.sent).toEqual(['{"type":"viewing","orderId":"42"}']);
    channel.view(null);
    expect(sockets[1]!.sent.at(-1)).toBe('{"type":"viewing","orderId":null}');
  });

  it('a lot page opened while the connection is still being made is announced once it opens', () => {
    const { channel, sockets } = harness();
    channel.start();
    expect(() => channel.view('42')).not.toThrow();
    expect(sockets[0]!.sent).toEqual([]);
    sockets[0]!.accept();
    expect(sockets[0]!.sent).toEqual(['{"type":"viewing","orderId":"42"}']);
  });

  it('opens nothing without a session, and stops for good', () => {
    const anon = harness(null);
    anon.channel.start();
    expect(anon.sockets).toHaveLength(0);
    const { channel, sockets, timers } = harness();
    channel.start();
    channel.stop();
    expect(sockets[0]!.closed).toBe(true);
    expect(timers).toHaveLength(0);
  });
});
