import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection kept before it starts
 * the next one, in percent (docs/decisions/063-heap-growth.md): 200 lets it grow to three times that,
 * 0 leaves the choice to V8, which for this server (most garbage dies young, full collections look
 * cheap to it) starts one after a few megabytes and stops every request for each one's last pause.
 * Set at start by `main.ts`; V8 reads the setting whenever it computes the next limit, so setting
 * it after the isolate started takes effect from the next full collection on (heap-growth.test.ts).
 * Returns the flag set, or null when V8 keeps its own.
 */
export function setHeapGrowth(
  percent: number,
  setFlags: (flags: string) => void = v8.setFlagsFromString,
): string | null {
  if (percent <= 0) return null;
  const flag = `--heap-growing-percent=${percent}`;
  setFlags(flag);
  return flag;
}
