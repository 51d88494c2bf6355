import { describe, expect, it } from 'vitest';
import { clockOfMinutes, minutesOfClock, quietUntil } from './quiet-hours';

const night = { enabled: true, start: minutesOfClock('22:00'), end: minutesOfClock('08:00') };
const at = (iso: string) => new Date(iso).getTime();

describe('quiet hours (Beijing time)', () => {
  it('holds from 22:00 to 08:00 the next morning', () => {
    // 23:30 Beijing = 15:30 UTC; quiet until 08:00 Beijing next day = 00:00 UTC.
    expect(quietUntil(at('2026-11-25T15:30:00Z'), night)).toBe(at('2026-11-26T00:00:00Z'));
    // 03:00 Beijing = 19:00 UTC the day before; quiet until 08:00 the same Beijing morning.
    expect(quietUntil(at('2026-11-25T19:00:00Z'), night)).toBe(at('2026-11-26T00:00:00Z'));
    expect(quietUntil(at('2026-11-25T14:00:00Z'), night)).toBe(at('2026-11-26T00:00:00Z'));
  });

  it('lets the day through, and the edges belong to the day', () => {
    expect(quietUntil(at('2026-11-25T04:00:00Z'), night)).toBeNull(); // 12:00
    expect(quietUntil(at('2026-11-26T00:00:00Z'), night)).toBeNull(); // 08:00 sharp
    expect(quietUntil(at('2026-11-25T13:59:00Z'), night)).toBeNull(); // 21:59
  });

  it('reads a window within one day, and an off or empty window never holds', () => {
    const lunch = { enabled: true, start: minutesOfClock('12:00'), end: minutesOfClock('13:30') };
    expect(quietUntil(at('2026-11-25T04:10:00Z'), lunch)).toBe(at('2026-11-25T05:30:00Z'));
    expect(quietUntil(at('2026-11-25T06:00:00Z'), lunch)).toBeNull();
    expect(quietUntil(at('2026-11-25T15:30:00Z'), { ...night, enabled: false })).toBeNull();
    expect(quietUntil(at('2026-11-25T15:30:00Z'), { enabled: true, start: 600, end: 600 })).toBeNull();
  });

  it('turns clock text into minutes and back', () => {
    expect(minutesOfClock('22:00')).toBe(1320);
    expect(clockOfMinutes(480)).toBe('08:00');
    expect(clockOfMinutes(minutesOfClock('07:05'))).toBe('07:05');
  });
});
