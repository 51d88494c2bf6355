import os from 'node:os';
/** The p-th percentile (nearest rank) of unsorted samples. */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? NaN;
};

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The machine's load averages over 1, 5 and 15 minutes, as a bench prints them beside its figures. */
export const loadAverage = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
