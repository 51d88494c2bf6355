/**
 * Sums up a sampling heap profile written by heap-sample.mjs: the bytes allocated in its window, by
 * the function that allocated them (self), and by the nearest frame of our own code above the
 * allocation (the server's bundle or sources): where a bid's garbage comes from. With `rate` (the
 * storm's accepted bids a second), the window's bids are the rate times the window's length, and
 * every figure is also given per bid.
 *
 *   npx tsx bench/support/heap-sample-summary.ts <file.heapprofile> [rate] [--top N]
 */
import fs from 'node:fs';

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface Node {
  callFrame: Frame;
  selfSize: number;
  children: Node[];
}

const args = process.argv.slice(2);
const file = args[0];
if (!file) throw new Error('usage: heap-sample-summary.ts <file.heapprofile> [rate] [--top N]');
const rate = Number(args[1]) || 0;
const topAt = args.indexOf('--top');
const TOP = topAt >= 0 ? Number(args[topAt + 1]) : 25;
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as {
  head: Node;
  from: number;
  to: number;
  /** BENCH_HEAP_SAMPLE_KEPT as the profile was taken (`heap-sample.mjs`); `true` in older files: '1'. */
  kept?: boolean | string;
};
const bids = (rate * (profile.to - profile.from)) / 1000;

const ours = (f: Frame) =>
  /\/(apps\/server\/(src|dist)|packages\/shared\/src)\//.test(f.url) && !f.url.includes('node_modules');
const where = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(apps|packages|node_modules)\//, '$1/')}:${f.lineNumber + 1}`;

const self = new Map<string, number>();
const nearestOurs = new Map<string, number>();
let total = 0;
function walk(node: Node, ourFrame: string | null) {
  const frame = ours(node.callFrame) ? where(node.callFrame) : ourFrame;
  if (node.selfSize) {
    total += node.selfSize;
    const key = where(node.callFrame);
    self.set(key, (self.get(key) ?? 0) + node.selfSize);
    const k2 = frame ?? '(no frame of ours)';
    nearestOurs.set(k2, (nearestOurs.get(k2) ?? 0) + node.selfSize);
  }
  for (const child of node.children) walk(child, frame);
}
walk(profile.head, null);

const kib = (bytes: number) => (bytes / 1024).toFixed(1);
const per = (bytes: number) => (bids ? `  ${kib(bytes / bids)} KiB a bid` : '');
const seconds = ` over ${((profile.to - profile.from) / 1000).toFixed(2)} s`;
const counted =
  profile.kept === 'promoted'
    ? 'allocated and outliving the young generation:'
    : profile.kept
      ? 'allocated and still held at the end:'
      : 'allocated';
console.log(
  `${counted} ${kib(total)} KiB${seconds}${bids ? ` for ~${Math.round(bids)} bids (${rate}/s): ${kib(total / bids)} KiB a bid` : ''}`,
);
for (const [title, map] of [
  ['by the allocating function', self],
  ['by the nearest frame of our code', nearestOurs],
] as const) {
  console.log(`\n${title}:`);
  for (const [key, bytes] of [...map].sort((a, b) => b[1] - a[1]).slice(0, TOP))
    console.log(
      `  ${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${kib(bytes).padStart(9)} KiB${per(bytes)}  ${key}`,
    );
}
