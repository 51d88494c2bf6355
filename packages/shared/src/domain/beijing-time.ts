/** Beijing time is UTC+8 all year (no daylight saving); every date and day a user reads is in it. */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Days since the epoch, counted in Beijing time. */
export const beijingDayNumber = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

/** Midnight Beijing time of a Beijing day number, as epoch milliseconds. */
export const beijingMidnight = (day: number): number => day * DAY_MS - BEIJING_OFFSET_MS;

/**
 * Epoch ms → Beijing wall-clock text, whatever the reader's zone: 'YYYY-MM-DD HH:mm:ss' (`full`),
 * 'YYYY-MM-DD HH:mm' (`minute`), 'MM-DD HH:mm' (`short`) or 'YYYY-MM-DD' (`date`). Zero-padded,
 * so the text sorts and reads the same on every page, the console's included.
 */
export function beijingText(ms: number, pattern: 'full' | 'minute' | 'short' | 'date' = 'minute'): string {
  const iso = new Date(ms + BEIJING_OFFSET_MS).toISOString();
  const date = iso.slice(0, 10);
  const time = iso.slice(11, 16);
  if (pattern === 'full') return `${date} ${iso.slice(11, 19)}`;
  if (pattern === 'short') return `${date.slice(5)} ${time}`;
  if (pattern === 'date') return date;
  return `${date} ${time}`;
}
