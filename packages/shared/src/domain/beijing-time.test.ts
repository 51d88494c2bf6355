import { describe, expect, it } from 'vitest';
import { beijingDayNumber, beijingMidnight, beijingText } from './beijing-time';

describe('Beijing wall-clock text', () => {
  // 2026-11-30 16:25:03 UTC is 00:25:03 on 1 December in Beijing: the day and the month turn over.
  const justAfterMidnight = Date.UTC(2026, 10, 30, 16, 25, 3);

  it('pads every part and counts the day in Beijing, whatever the reader’s zone', () => {
    expect(beijingText(justAfterMidnight, 'full')).toBe('2026-12-01 00:25:03');
    expect(beijingText(justAfterMidnight)).toBe('2026-12-01 00:25');
    expect(beijingText(justAfterMidnight, 'short')).toBe('12-01 00:25');
    expect(beijingText(justAfterMidnight, 'date')).toBe('2026-12-01');
  });

  it('reads back as the same instant with its offset (what the e2e tests parse)', () => {
    const text = beijingText(justAfterMidnight, 'full');
    expect(Date.parse(`${text.replace(' ', 'T')}+08:00`)).toBe(justAfterMidnight);
  });

  it('agrees with the day numbers', () => {
    const day = beijingDayNumber(justAfterMidnight);
    expect(beijingText(beijingMidnight(day), 'full')).toBe('2026-12-01 00:00:00');
  });
});
