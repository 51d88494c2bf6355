// Preloaded into a node process (`BENCH_NODE_ARGS="--import $PWD/bench/support/heap-sample.mjs"`:
// an absolute path, the server starts in apps/server; or through NODE_OPTIONS) when BENCH_HEAP_SAMPLE
// names a directory: V8's sampling heap profiler, with the objects the collector already took counted
// too, so the profile is what the process allocated,
// not what it kept. It samples from BENCH_HEAP_SAMPLE_DELAY_MS after the process starts (default
// 6000: inside storm-profile.ts's storm, after its warm-up) for BENCH_HEAP_SAMPLE_MS (default 5000)
// and writes <dir>/<pid>.heapprofile, with the window's wall-clock bounds. Sum it up with `npx tsx bench/support/heap-sample-summary.ts <file> [bids]`.
// With BENCH_HEAP_SAMPLE_KEPT=1 the collected objects are left out: what the window allocated and
// still held at its end (live, or promoted to the old space and not yet taken by a mark-compact), to
// find what a process promotes. With BENCH_HEAP_SAMPLE_KEPT=promoted only the objects a scavenge took
// are left out: what outlived the young generation, whether a mark-compact took it later or not (what
// the scavenges copied and promoted, plus what is still young at the window's end).
// Plain JavaScript: it loads before tsx does.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.BENCH_HEAP_SAMPLE;
if (dir) {
  fs.mkdirSync(dir, { recursive: true });
  const session = new inspector.Session();
  session.connect();
  const post = (method, params = {}) =>
    new Promise((resolve, reject) =>
      session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
    );
  const delay = Number(process.env.BENCH_HEAP_SAMPLE_DELAY_MS ?? 6000);
  const ms = Number(process.env.BENCH_HEAP_SAMPLE_MS ?? 5000);
  const mode = process.env.BENCH_HEAP_SAMPLE_KEPT ?? '';
  const kept = mode === '1' || mode === 'promoted';
  setTimeout(async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: !kept || mode === 'promoted',
      includeObjectsCollectedByMinorGC: !kept,
    });
    const started = Date.now();
    setTimeout(async () => {
      const { profile } = await post('HeapProfiler.stopSampling');
      const file = path.join(dir, `${process.pid}.heapprofile`);
      fs.writeFileSync(
        file,
        JSON.stringify({ ...profile, from: started, to: Date.now(), kept: mode || false }),
      );
    }, ms).unref();
  }, delay).unref();
}
