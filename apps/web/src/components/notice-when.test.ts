import { describe, expect, it } from 'vitest';
import { noticeWhen } from './notice-when';

describe('noticeWhen', () => {
  // 2026-11-28 02:00 UTC is 10:00 in Beijing.
  const first = Date.UTC(2026, 10, 28, 2, 0);
  it('gives a notice of one event its time', () => {
    expect(noticeWhen({ createdAt: first, updatedAt: first, repeats: 1 })).toBe('2026-11-28 10:00');
  });
  it('gives a notice kept current the time of its last event and how many it holds', () => {
    expect(noticeWhen({ createdAt: first, updatedAt: first + 7 * 60_000, repeats: 3 })).toBe(
      '2026-11-28 10:07 · 共 3 次',
    );
  });
});
