// Preloaded into a node process (`node --import ./bench/support/gc-trace.mjs`, or through
// NODE_OPTIONS) when BENCH_GC_TRACE names a directory: writes one JSON line per event to
// <dir>/<pid>.jsonl — every garbage collection of 3 ms or more (kind, duration, heap used after),
// every event-loop lag of 10 ms or more (a 5-ms timer that fired late), and the heap's spaces every
// 5 s — with wall-clock times, to be matched with a bench's slow windows
// (`npx tsx bench/support/gc-trace-summary.ts <dir> <bench log>`). Plain JavaScript: it loads before
// tsx does.
import fs from 'node:fs';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';

const dir = process.env.BENCH_GC_TRACE;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const out = fs.openSync(path.join(dir, `${process.pid}.jsonl`), 'a');
  const write = (event) => fs.writeSync(out, `${JSON.stringify({ t: Date.now(), ...event })}\n`);
  // `mono`: the monotonic clock in µs, a CPU profile's clock (profile-summary.ts --at).
  write({ e: 'start', argv: process.argv.slice(1).join(' '), mono: Number(process.hrtime.bigint() / 1000n) });
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak-callbacks',
  };
  const mb = (bytes) => Math.round(bytes / 1e5) / 10;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 3) continue;
      write({
        e: 'gc',
        kind: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
        ms: Math.round(entry.duration * 10) / 10,
        // The entry arrives after the pause: its start in wall-clock time.
        at: Math.round(performance.timeOrigin + entry.startTime),
        heapMB: mb(process.memoryUsage().heapUsed),
      });
    }
  }).observe({ entryTypes: ['gc'] });
  let expected = performance.now() + 5;
  const tick = () => {
    const now = performance.now();
    const lag = now - expected;
    if (lag >= 10)
      write({ e: 'lag', ms: Math.round(lag), at: Math.round(performance.timeOrigin + expected) });
    expected = now + 5;
    setTimeout(tick, 5).unref();
  };
  setTimeout(tick, 5).unref();
  setInterval(() => {
    const spaces = Object.fromEntries(
      v8.getHeapSpaceStatistics().map((s) => [s.space_name.replace(/_space$/, ''), mb(s.space_used_size)]),
    );
    write({ e: 'heap', ...spaces });
  }, 5_000).unref();
}
