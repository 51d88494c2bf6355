import { describe, expect, it } from 'vitest';
import { placeBid } from './contracts/bidding';
import { parseLiveEvent } from './events';

describe('live events', () => {
  it('accepts each event type with seq and serverTime', () => {
    const base = { orderId: '1890000000000000001', seq: 3, serverTime: 1_700_000_000_000 };
    const placed = {
      type: 'bid.placed',
      ...base,
      bidderNo: 'A1**3',
      amount: '128000.00',
      auto: false,
      bidTime: 1,
      status: 3,
      endTime: 2,
      bidCount: 3,
      mine: true,
    };
    expect(parseLiveEvent(JSON.stringify(placed))).toEqual(placed);
    expect(
      parseLiveEvent(JSON.stringify({ type: 'lot.extended', ...base, endTime: 5, status: 4 }))?.type,
    ).toBe('lot.extended');
    expect(
      parseLiveEvent(
        JSON.stringify({ type: 'lot.closed', ...base, status: 5, finalPrice: '1.00', winnerNo: 'A1**3' }),
      )?.type,
    ).toBe('lot.closed');
  });

  it('rejects malformed messages', () => {
    expect(parseLiveEvent('not json')).toBeNull();
    expect(parseLiveEvent(JSON.stringify({ type: 'bid.placed', orderId: '1', seq: 1 }))).toBeNull();
    expect(
      parseLiveEvent(
        JSON.stringify({
          type: 'lot.closed',
          orderId: '1',
          seq: 1,
          serverTime: 1,
          status: 4,
          finalPrice: null,
          winnerNo: null,
        }),
      ),
    ).toBeNull();
  });
});

describe('bid input', () => {
  it('turns yuan strings into fen and explains bad amounts in Chinese', () => {
    expect(placeBid.input.parse({ orderId: '123', amount: '128000.5', maxAmount: '130000' })).toEqual({
      orderId: '123',
      amount: 12_800_050,
      maxAmount: 13_000_000,
    });
    const bad = placeBid.input.safeParse({ orderId: '123', amount: '1.005' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('出价金额格式不正确，最多两位小数');
    expect(placeBid.input.safeParse({ orderId: '123', amount: '0' }).error?.issues[0]?.message).toBe(
      '出价金额须在0.01元到1亿元之间',
    );
  });
});
