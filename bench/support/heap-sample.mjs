// Preloaded into a node process (`BENCH_NODE_ARGS="--import $PWD/bench/support/heap-sample.mjs"`:
// an absolute path, since the server starts in apps/server; or through NODE_OPTIONS) when
// BENCH_HEAP_SAMPLE names a directory: V8's sampling heap profiler. It samples from
// BENCH_HEAP_SAMPLE_DELAY_MS after the process starts (default 6000: inside storm-profile.ts's storm,
// after its warm-up) for BENCH_HEAP_SAMPLE_MS (default 5000) and writes <dir>/<pid>.heapprofile, with
// the window's wall-clock bounds. Sum it up with
// `npx tsx bench/support/heap-sample-summary.ts <file> [rate]`. BENCH_HEAP_SAMPLE_KEPT picks what the
// profile counts (`MODES`).
// Plain JavaScript: it loads before tsx does.
import fs from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

/** Per BENCH_HEAP_SAMPLE_KEPT: whether the objects that mark-compacts and scavenges took are counted. */
const MODES = {
  // Unset: what the window allocated, the collected objects counted too.
  '': { major: true, minor: true },
  // What the window allocated and still held at its end (live, or promoted and not yet taken by a
  // mark-compact).
  1: { major: false, minor: false },
  // What outlived the young generation, whether a mark-compact took it later or not: what the
  // scavenges copied and promoted, plus what is still young at the window's end.
  promoted: { major: true, minor: false },
};

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
  const counted = MODES[mode];
  if (!counted) throw new Error(`BENCH_HEAP_SAMPLE_KEPT: 1, promoted or unset, not ${mode}`);
  setTimeout(async () => {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 4096,
      includeObjectsCollectedByMajorGC: counted.major,
      includeObjectsCollectedByMinorGC: counted.minor,
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
