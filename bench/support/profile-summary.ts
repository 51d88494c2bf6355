/**
 * Sums a V8 CPU profile (`node --cpu-prof`) by self time: the top functions, and the share of time
 * per package (node_modules/<name>), our own code, Node's internals, GC and idle.
 *
 *   npx tsx bench/support/profile-summary.ts <file.cpuprofile> [top=30]
 *   … --at 03:55:57.451 --ms 250 --trace <dir>: only that stretch of wall-clock time, UTC (a bench's
 *   slow window), with the clocks from the process's gc-trace.mjs file in <dir>
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { readTrace, wallClock } from './gc-trace-file';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  /** µs, the monotonic clock. */
  startTime: number;
}

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: { at: { type: 'string' }, ms: { type: 'string', default: '250' }, trace: { type: 'string' } },
});
const [file, topArg] = positionals;
if (!file)
  throw new Error(
    'usage: profile-summary.ts <file.cpuprofile> [top] [--at HH:MM:SS.mmm --ms 250 --trace <dir>]',
  );
const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

// With --at: only the samples of that stretch of wall-clock time (UTC, the day of the profile), taken
// through the process's gc-trace.mjs start line, which has both clocks (the profile's is monotonic).
let keep = (_us: number) => true;
if (opts.at) {
  if (!opts.trace) throw new Error('--at needs --trace <gc-trace dir> (the clocks of the process)');
  const pid = /\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file)?.[1];
  const start = readTrace(path.join(opts.trace, `${pid}.jsonl`)).find((e) => e.e === 'start');
  if (start?.mono === undefined) throw new Error(`no start line for process ${pid} in ${opts.trace}`);
  const from = start.mono + (wallClock(start.t, opts.at) - start.t) * 1000;
  const to = from + Number(opts.ms) * 1000;
  keep = (us) => us >= from && us < to;
}
const self = new Map<number, number>();
let clock = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  clock += delta;
  if (keep(clock)) self.set(id, (self.get(id) ?? 0) + delta);
});
const total = [...self.values()].reduce((a, b) => a + b, 0);

const place = (url: string, name: string) => {
  if (name === '(idle)' || name === '(garbage collector)' || name === '(program)') return name;
  const pkg = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] as string;
  if (url.includes('/apps/') || url.includes('/packages/')) return '(our code)';
  if (url.startsWith('node:') || url === '') return '(node internals)';
  return url;
};
const fn = new Map<string, number>();
const pkg = new Map<string, number>();
for (const [id, us] of self) {
  const n = byId.get(id);
  if (!n) continue;
  const { functionName, url, lineNumber } = n.callFrame;
  const where = place(url, functionName);
  const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
  fn.set(key, (fn.get(key) ?? 0) + us);
  pkg.set(where, (pkg.get(where) ?? 0) + us);
}
const pc = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
console.log(`${(total / 1e6).toFixed(1)} s sampled\n\nby place:`);
for (const [k, us] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`  ${pc(us)}  ${k}`);
console.log('\nby function (self):');
for (const [k, us] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30)))
  console.log(`  ${pc(us)}  ${k}`);

// Inclusive time: a function's own samples and those of everything it called (counted once per sample).
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const inclusive = new Map<string, number>();
for (const [id, us] of self) {
  const seen = new Set<string>();
  for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
    const n = byId.get(at);
    if (!n) break;
    const { functionName, url, lineNumber } = n.callFrame;
    const key = `${functionName || '(anonymous)'}  ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    if (seen.has(key)) continue;
    seen.add(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + us);
  }
}
console.log('\nby function (inclusive):');
for (const [k, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg ?? 30)))
  console.log(`  ${pc(us)}  ${k}`);
