import { BEIJING_OFFSET_MS, beijingDayNumber, beijingMidnight } from '@chepai/shared/domain/beijing-time';

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, the format every Chinese user reads. */
export function formatBeijing(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** Midnight Beijing time of the day `now` falls in: daily caps follow the user's calendar. */
export const beijingDayStart = (now: Date) => new Date(beijingMidnight(beijingDayNumber(now.getTime())));
