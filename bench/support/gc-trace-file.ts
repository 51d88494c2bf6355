import fs from 'node:fs';

/** One line of a file written by `gc-trace.mjs`. */
export interface TraceEvent {
  t: number;
  e: 'start' | 'gc' | 'lag' | 'heap';
  at?: number;
  ms?: number;
  kind?: string;
  heapMB?: number;
  argv?: string;
  /** On the start line: the monotonic clock in µs, a CPU profile's clock. */
  mono?: number;
  [space: string]: unknown;
}

export const readTrace = (file: string): TraceEvent[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as TraceEvent);

/** A bench log's `HH:MM:SS.mmm` (UTC) as wall-clock ms, on the day of `dayOf` (ms). */
export const wallClock = (dayOf: number, clock: string) =>
  Date.parse(`${new Date(dayOf).toISOString().slice(0, 10)}T${clock}Z`);
