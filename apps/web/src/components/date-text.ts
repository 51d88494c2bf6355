/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD' (spec §3: publishTime is shown as a date). */
export const dateOnly = (t: string) => t.slice(0, 10);
