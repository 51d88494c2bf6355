import { BEIJING_OFFSET_MS, beijingDayNumber, beijingMidnight } from '@chepai/shared/domain/beijing-time';

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, the format every Chinese user reads. */
export function formatBeijing(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Midnight Beijing time of the day `now` falls in: daily caps follow the user's calendar. */
export const beijingDayStart = (now: Date) => new Date(beijingMidnight(beijingDayNumber(now.getTime())));

/** A 'YYYY-MM-DD' date as its Beijing midnight (epoch ms), or NaN when it names no real day (2026-02-30). */
export function beijingDateStart(date: string): number {
  const day = Date.parse(`${date}T00:00:00+08:00`);
  return Number.isNaN(day) || new Date(day + BEIJING_OFFSET_MS).toISOString().slice(0, 10) !== date
    ? NaN
    : day;
}
