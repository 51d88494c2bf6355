import { BEIJING_OFFSET_MS } from './beijing-time';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

export interface QuietHours {
  enabled: boolean;
  /** Minutes after midnight, Beijing time; start > end means the window passes midnight. */
  start: number;
  end: number;
}

export const minutesOfClock = (hhmm: string): number => {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
};
export const clockOfMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * When `at` falls inside the quiet window, the moment it ends (epoch ms); otherwise null. The
 * window is read in Beijing time: 22:00–08:00 holds from 22:00 to 08:00 the next morning.
 */
export function quietUntil(at: number, q: QuietHours): number | null {
  if (!q.enabled || q.start === q.end) return null;
  const local = at + BEIJING_OFFSET_MS;
  const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
  const minute = Math.floor((local - dayStart) / MINUTE_MS);
  const inside = q.start < q.end ? minute >= q.start && minute < q.end : minute >= q.start || minute < q.end;
  if (!inside) return null;
  const endToday = dayStart + q.end * MINUTE_MS;
  const end = minute < q.end ? endToday : endToday + DAY_MS;
  return end - BEIJING_OFFSET_MS;
}
