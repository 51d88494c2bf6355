/**
 * Sums up a directory written by `gc-trace.mjs` and, given a bench's log, puts beside each slow
 * window the bench named (`tail: … (at 1.25 s, 04:01:02.250 UTC)`) the collections and event-loop
 * lags of every traced process around it.
 *
 *   npx tsx bench/support/gc-trace-summary.ts <trace dir> [<bench log>]
 */
import fs from 'node:fs';
import path from 'node:path';
import { readTrace, wallClock } from './gc-trace-file';

const [dir, log] = process.argv.slice(2);
if (!dir) throw new Error('usage: gc-trace-summary.ts <trace dir> [<bench log>]');

const processes = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => {
    const events = readTrace(path.join(dir, f));
    const argv = events.find((e) => e.e === 'start')?.argv ?? '';
    const name = argv.includes('apps/server')
      ? `server ${path.basename(f, '.jsonl')}`
      : `${argv.split(' ').find((a) => a.endsWith('.ts')) ?? argv.slice(0, 40)} ${path.basename(f, '.jsonl')}`;
    return { name, events };
  })
  .filter((p) => p.events.length > 1);

const time = (ms: number) => new Date(ms).toISOString().slice(11, 23);
const range = (xs: number[]) =>
  xs.length ? `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)}` : '—';

for (const { name, events } of processes) {
  const gcs = events.filter((e) => e.e === 'gc');
  const of = (kind: string) => gcs.filter((e) => e.kind === kind).map((e) => e.ms ?? 0);
  const major = gcs.filter((e) => e.kind === 'mark-compact');
  const heaps = events.filter((e) => e.e === 'heap');
  const old = heaps.map((h) => Number(h.old ?? 0));
  const lags = events.filter((e) => e.e === 'lag').map((e) => e.ms ?? 0);
  const seconds = ((events.at(-1)?.t ?? 0) - (events[0]?.t ?? 0)) / 1000;
  console.log(
    `${name} (${seconds.toFixed(0)} s): ${major.length} mark-compacts of ${range(of('mark-compact'))} ms ` +
      `(heap used after ${range(major.map((e) => e.heapMB ?? 0))} MB); ${of('scavenge').length} scavenges ≥ 3 ms ` +
      `(${range(of('scavenge'))} ms); ${lags.length} event-loop lags ≥ 10 ms (${range(lags)} ms); ` +
      `old space ${range(old)} MB`,
  );
}

if (log) {
  // A window's slow accepts were sent in its 250 ms; what held them may have come up to ~150 ms later.
  const windows = [...fs.readFileSync(log, 'utf8').matchAll(/at ([\d.]+) s, (\d\d:\d\d:\d\d\.\d{3}) UTC/g)];
  const day = processes[0]?.events[0]?.t ?? Date.now();
  for (const [, offset, clock = ''] of windows) {
    const from = wallClock(day, clock);
    const near = processes.flatMap(({ name, events }) =>
      events
        .filter(
          (e) => (e.e === 'gc' || e.e === 'lag') && (e.at ?? 0) >= from - 50 && (e.at ?? 0) <= from + 400,
        )
        .map((e) => `${time(e.at ?? 0)} ${name.split(' ')[0]} ${e.e === 'gc' ? e.kind : 'lag'} ${e.ms} ms`),
    );
    console.log(
      `window at ${offset} s (${clock}): ${near.length ? near.join('; ') : 'no collection or lag traced'}`,
    );
  }
}
