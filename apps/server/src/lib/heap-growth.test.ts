import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { setHeapGrowth } from './heap-growth';

/**
 * A process that keeps 300,000 objects and churns 3 million short-lived ones through a ring that
 * keeps each for a while (so they are promoted), with the flag set at run time as `main.ts` sets it,
 * and prints V8's collections. The workload is the same every time: what differs is only when V8
 * starts a full collection, so the count is fixed by the setting, not by the machine's speed.
 */
function fullCollections(flag: string | null): number {
  const script = `
    const v8 = require('node:v8');
    const flag = ${JSON.stringify(flag)};
    if (flag) v8.setFlagsFromString(flag);
    const keep = [];
    for (let i = 0; i < 300000; i++) keep.push({ a: i, b: 'x' + i });
    const ring = new Array(100000);
    for (let i = 0; i < 3e6; i++) ring[i % ring.length] = { v: i, s: 'y' + i };
    if (keep.length + ring.length === 0) console.log('never');`;
  const run = spawnSync(process.execPath, ['--trace-gc', '-e', script], { encoding: 'utf8' });
  expect(run.status).toBe(0);
  return run.stdout.split('\n').filter((line) => line.includes('Mark-Compact')).length;
}

describe('the heap growth setting (decision 063)', () => {
  it('is set as a V8 flag, and not at all at 0', () => {
    const set: string[] = [];
    expect(setHeapGrowth(200, (f) => set.push(f))).toBe('--heap-growing-percent=200');
    expect(setHeapGrowth(0, (f) => set.push(f))).toBeNull();
    expect(set).toEqual(['--heap-growing-percent=200']);
  });

  it('takes effect when set after the process started: more room, fewer full collections', () => {
    const tight = fullCollections(setHeapGrowth(50, () => {}));
    const roomy = fullCollections(setHeapGrowth(300, () => {}));
    expect(tight).toBeGreaterThanOrEqual(3);
    expect(roomy).toBeGreaterThanOrEqual(1);
    expect(tight).toBeGreaterThanOrEqual(roomy * 2);
  });
});
