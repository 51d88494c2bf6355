import type { LiveEvent } from '@chepai/shared';
import { describe, expect, it } from 'vitest';
import { backoffMs, connectLot, liveUrl, type LiveSocket, type LiveStatus } from './live';

class FakeSocket implements LiveSocket {
  onopen: (() => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(
    readonly url: string,
    readonly protocols: string[] = [],
  ) {}
  close() {
    if (this.closed) return;
    this.closed = true;
    this.onclose?.();
  }
  send(msg: unknown) {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }
}

const ORDER = '1234567890123456789';
const snapshot = (seq: number) => ({
  type: 'lot.snapshot',
  orderId: ORDER,
  seq,
  serverTime: 1,
  status: 3,
  currentPrice: seq ? '10000.00' : null,
  endTime: 9,
  bidCount: seq,
});
const bid = (seq: number, amount = `${10000 + seq * 100}.00`) => ({
  type: 'bid.placed',
  orderId: ORDER,
  seq,
  serverTime: 1,
  bidderNo: '12**56',
  amount,
  auto: false,
  bidTime: 1,
  status: 3,
  endTime: 9,
  bidCount: seq,
  mine: false,
});

function harness(token: string | null = null) {
  const sockets: FakeSocket[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const events: LiveEvent[] = [];
  const statuses: LiveStatus[] = [];
  const conn = connectLot(ORDER, {
    onEvent: (e) => events.push(e),
    onStatus: (s) => statuses.push(s),
    token: () => token,
    socket: (url, protocols) => {
      const s = new FakeSocket(url, protocols);
      sockets.push(s);
      return s;
    },
    location: { protocol: 'https:', host: 'chepai.example' },
    schedule: (fn, ms) => timers.push({ fn, ms }),
    cancel: () => undefined,
  });
  const last = () => sockets.at(-1) as FakeSocket;
  return { sockets, timers, events, statuses, conn, last };
}

describe('live client', () => {
  it('builds ws/wss URLs from the page location', () => {
    expect(liveUrl('7', null, { protocol: 'http:', host: 'a:1' })).toBe('ws://a:1/api/live/lots/7');
    expect(liveUrl('7', 12, { protocol: 'https:', host: 'b' })).toBe('wss://b/api/live/lots/7?since=12');
  });

  it('asks for the live subprotocol, with the session token as bearer.<token> when logged in', () => {
    expect(harness().last().protocols).toEqual(['chepai.live']);
    expect(harness('tok_abc-123').last().protocols).toEqual(['chepai.live', 'bearer.tok_abc-123']);
  });

  it('delivers valid events, drops invalid ones and those of other lots', () => {
    const h = harness();
    h.last().onopen?.();
    h.last().send(snapshot(2));
    h.last().send('not json');
    h.last().send({ ...bid(3), amount: 12 });
    h.last().send({ ...bid(3), orderId: '999' });
    h.last().send(bid(3));
    expect(h.events.map((e) => [e.type, e.seq])).toEqual([
      ['lot.snapshot', 2],
      ['bid.placed', 3],
    ]);
    expect(h.conn.lastSeq()).toBe(3);
    expect(h.statuses).toEqual(['connecting', 'open']);
  });

  it('reconnects with growing backoff and resumes with ?since=<last seq>, without repeating bids', () => {
    const h = harness();
    h.last().onopen?.();
    h.last().send(snapshot(1));
    h.last().send(bid(2));
    h.last().close();
    expect(h.timers.map((t) => t.ms)).toEqual([1000]);
    h.timers[0]?.fn();
    expect(h.last().url).toBe(`wss://chepai.example/api/live/lots/${ORDER}?since=2`);
    h.last().close(); // fails before opening
    expect(h.timers.map((t) => t.ms)).toEqual([1000, 2000]);
    h.timers[1]?.fn();
    h.last().onopen?.();
    // The server sends the current snapshot, then replays everything after `since`.
    h.last().send(snapshot(4));
    h.last().send(bid(2));
    h.last().send(bid(3));
    h.last().send(bid(4));
    h.last().send({ type: 'lot.extended', orderId: ORDER, seq: 4, serverTime: 1, endTime: 99, status: 4 });
    expect(h.events.filter((e) => e.type === 'bid.placed').map((e) => e.seq)).toEqual([2, 3, 4]);
    expect(h.events.at(-1)).toMatchObject({ type: 'lot.extended', endTime: 99 });
    h.last().close();
    expect(h.timers.at(-1)?.ms).toBe(1000); // backoff reset after a successful open
  });

  it('delivers lot.closed once across reconnects', () => {
    const h = harness();
    const closed = {
      type: 'lot.closed',
      orderId: ORDER,
      seq: 0,
      serverTime: 1,
      status: 6,
      finalPrice: null,
      winnerNo: null,
    };
    h.last().send(snapshot(0));
    h.last().send(closed);
    h.last().close();
    h.timers[0]?.fn();
    h.last().send(snapshot(0));
    h.last().send(closed);
    expect(h.events.filter((e) => e.type === 'lot.closed')).toHaveLength(1);
  });

  it('stops for good on close()', () => {
    const h = harness();
    h.conn.close();
    expect(h.last().closed).toBe(true);
    expect(h.timers).toHaveLength(0);
    expect(h.statuses.at(-1)).toBe('closed');
  });

  it('caps the backoff at 30 s', () => {
    expect([0, 1, 4, 5, 10].map(backoffMs)).toEqual([1000, 2000, 16000, 30000, 30000]);
  });
});
