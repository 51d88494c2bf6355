const BEIJING_OFFSET_MS = 8 * 3600_000;

/** 'YYYY-MM-DD HH:mm:ss' in Beijing time, the format every Chinese user reads. */
export function formatBeijing(date: Date): string {
  return new Date(date.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}
