import { describe, expect, it } from 'vitest';
import { groupCommitter, type GroupCommitOptions, type GroupRun } from './group-commit';

const tick = () => new Promise((r) => setTimeout(r, 5));
const OPTIONS: GroupCommitOptions = { maxPerKey: 64, maxPerBatch: 256, maxInFlight: 1, isolate: () => true };

/** A run that records each batch as [key, requests][] and answers request × 10. */
function recorder(fail?: (groups: Map<string, number[]>) => Error | null) {
  const batches: Array<Array<[string, number[]]>> = [];
  const run: GroupRun<number, number> = async (groups) => {
    batches.push([...groups]);
    await tick();
    const err = fail?.(groups);
    if (err) throw err;
    return new Map([...groups].map(([k, reqs]) => [k, reqs.map((r) => r * 10)]));
  };
  return { batches, run };
}

describe('groupCommitter', () => {
  it('puts the requests of one turn of the event loop into one batch, over every key, in arrival order', async () => {
    const { batches, run } = recorder();
    const c = groupCommitter(run, OPTIONS);
    const answers = await Promise.all([
      c.submit('a', 1),
      c.submit('b', 2),
      c.submit('a', 3),
      c.submit('c', 4),
    ]);
    expect(answers).toEqual([10, 20, 30, 40]);
    expect(batches).toEqual([
      [
        ['a', [1, 3]],
        ['b', [2]],
        ['c', [4]],
      ],
    ]);
    expect(c.stats()).toMatchObject({ batches: 1, multiKeyBatches: 1 });
    expect(c.busy).toBe(0);
  });

  it('never runs one key in two batches at once, and caps the batch per key and in all', async () => {
    const { batches, run } = recorder();
    const c = groupCommitter(run, { ...OPTIONS, maxPerKey: 2, maxPerBatch: 3, maxInFlight: 2 });
    await Promise.all(
      [1, 2, 3, 4, 5].map((n) => c.submit('a', n)).concat([c.submit('b', 6), c.submit('c', 7)]),
    );
    // a's five requests go 2 + 2 + 1 in order; b and c fill the first batch; a never overlaps itself.
    expect(batches.map((b) => b.map(([k, r]) => `${k}:${r.join(',')}`))).toEqual([
      ['a:1,2', 'b:6'],
      ['c:7'],
      ['a:3,4'],
      ['a:5'],
    ]);
  });

  it('starts the next batch of a key once the running one holds its lock, and answers both in order', async () => {
    const started: number[][] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Like the row lock: a batch holds it until it finishes; the first finishes when released.
    let lockFree = Promise.resolve();
    const c = groupCommitter<number, number>(
      async (groups, locked) => {
        const reqs = groups.get('hot') ?? [];
        const n = started.push(reqs);
        const wait = lockFree;
        let unlock!: () => void;
        lockFree = new Promise<void>((r) => (unlock = r));
        await wait;
        locked();
        if (n === 1) await gate;
        unlock();
        return new Map([['hot', reqs.map((r) => r * 10)]]);
      },
      { ...OPTIONS, maxInFlight: 2 },
    );
    const first = c.submit('hot', 1);
    await new Promise((r) => setImmediate(r));
    const rest = [c.submit('hot', 2), c.submit('hot', 3)];
    // The second batch started while the first still runs (it would wait on the row lock)…
    await expect.poll(() => started.length).toBe(2);
    expect(started).toEqual([[1], [2, 3]]);
    // …but a third would not: the second batch has not been answered, and only two may hold a key.
    const third = c.submit('hot', 4);
    await new Promise((r) => setTimeout(r, 20));
    expect(started).toHaveLength(2);
    release();
    expect(await Promise.all([first, ...rest, third])).toEqual([10, 20, 30, 40]);
  });

  it('after a failure that certainly rolled back, runs each key alone: only the failing key fails', async () => {
    const { batches, run } = recorder((groups) => (groups.has('bad') ? new Error('boom') : null));
    const c = groupCommitter(run, OPTIONS);
    const [a, bad, b] = [c.submit('a', 1), c.submit('bad', 2), c.submit('b', 3)].map((p) =>
      p.then(
        (v) => ({ ok: v }),
        (e: Error) => ({ err: e.message }),
      ),
    );
    expect(await a).toEqual({ ok: 10 });
    expect(await bad).toEqual({ err: 'boom' });
    expect(await b).toEqual({ ok: 30 });
    expect(batches.map((x) => x.map(([k]) => k))).toEqual([['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
    expect(c.stats()).toMatchObject({ batches: 1, multiKeyBatches: 1, isolated: 1 });
  });

  it('fails the whole batch when the outcome is unknown (no retry could apply a bid twice)', async () => {
    const { batches, run } = recorder((groups) => (groups.has('bad') ? new Error('connection lost') : null));
    const c = groupCommitter(run, { ...OPTIONS, isolate: () => false });
    const results = await Promise.allSettled([c.submit('a', 1), c.submit('bad', 2)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(batches).toHaveLength(1);
    // The next batch runs normally.
    await expect(c.submit('a', 4)).resolves.toBe(40);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const c = groupCommitter<number, number>(async () => new Map([['k', []]]), OPTIONS);
    await expect(c.submit('k', 1)).rejects.toThrow('answered 0 results');
  });
});
