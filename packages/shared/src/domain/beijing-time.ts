/** Beijing time is UTC+8 all year (no daylight saving); every date and day a user reads is in it. */
export const BEIJING_OFFSET_MS = 8 * 3_600_000;
const DAY_MS = 86_400_000;

/** Days since the epoch, counted in Beijing time. */
export const beijingDayNumber = (ms: number): number => Math.floor((ms + BEIJING_OFFSET_MS) / DAY_MS);

/** Midnight Beijing time of a Beijing day number, as epoch milliseconds. */
export const beijingMidnight = (day: number): number => day * DAY_MS - BEIJING_OFFSET_MS;
