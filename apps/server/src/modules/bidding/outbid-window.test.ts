import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { NoticeInput } from '../notices/notify';
import { outbidWindow } from './outbid-window';

const notice = (userId: string, lot: string, price: number): NoticeInput => ({
  userId,
  kind: 'lot.outbid',
  title: '您的出价已被超越',
  body: `当前价 ${price}`,
  eventKey: `outbid:${lot}`,
});

/** A window on a clock the test moves, writing into `written` (or failing while `fail` is set). */
function setup(windowMs = 1_000) {
  let now = 0;
  const written: NoticeInput[][] = [];
  const state = { fail: false };
  const w = outbidWindow({
    windowMs,
    clock: () => now,
    log: pino({ level: 'silent' }),
    write: async (items) => {
      if (state.fail) throw new Error('database away');
      written.push(items);
    },
  });
  return { w, written, state, move: (ms: number) => (now += ms) };
}

describe('outbidWindow', () => {
  it('with no window, every outbid is written by its batch', () => {
    const { w } = setup(0);
    const items = [notice('1', 'L', 100), notice('1', 'L', 200)];
    expect(w.take(items)).toEqual({ now: items, later: [] });
    expect(w.size()).toBe(0);
  });

  it('lets the first outbid of a pair through and holds the later ones, per user and lot', () => {
    const { w } = setup();
    expect(w.take([notice('1', 'L', 100), notice('2', 'L', 100)]).now).toHaveLength(2);
    const second = w.take([notice('1', 'L', 200), notice('1', 'M', 200)]);
    expect(second.now.map((n) => n.eventKey)).toEqual(['outbid:M']);
    expect(second.later.map((n) => n.body)).toEqual(['当前价 200']);
  });

  it('writes what it holds when the window ends: the latest text, every outbid counted; then closes the pair', async () => {
    const { w, written, move } = setup();
    w.take([notice('1', 'L', 100)]);
    w.hold([{ item: notice('1', 'L', 300), bidCount: 3 }]);
    // A batch answered after a later one (another connection): the later bid count wins.
    w.hold([{ item: notice('1', 'L', 200), bidCount: 2 }]);
    await w.drain();
    expect(written).toEqual([[{ ...notice('1', 'L', 300), times: 2 }]]);
    // The write opened a new window: an outbid now is still held.
    expect(w.take([notice('1', 'L', 400)]).later).toHaveLength(1);
    // A window with nothing held ends the pair: the next outbid goes with its batch.
    move(1_001);
    await w.drain();
    expect(w.size()).toBe(0);
    expect(w.take([notice('1', 'L', 500)]).now).toHaveLength(1);
  });

  it('keeps what it could not write and writes it next time, counted once', async () => {
    const { w, written, state } = setup();
    w.take([notice('1', 'L', 100)]);
    w.hold([{ item: notice('1', 'L', 200), bidCount: 2 }]);
    state.fail = true;
    await w.drain();
    expect(written).toEqual([]);
    w.hold([{ item: notice('1', 'L', 300), bidCount: 3 }]);
    state.fail = false;
    await w.drain();
    expect(written).toEqual([[{ ...notice('1', 'L', 300), times: 2 }]]);
  });
});
