import { describe, expect, it } from 'vitest';
import { keyedBatcher } from './keyed-batcher';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('keyedBatcher', () => {
  it('runs a lone request at once, and batches what queues behind a running batch, in order', async () => {
    const batches: number[][] = [];
    const b = keyedBatcher<number, number>(async (_key, reqs) => {
      batches.push(reqs);
      await tick();
      return reqs.map((r) => r * 10);
    });
    const all = [1, 2, 3, 4, 5].map((n) => b.submit('lot', n));
    expect(await Promise.all(all)).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(b.busy).toBe(0);
  });

  it('keeps keys independent and caps the batch size', async () => {
    const batches: Array<[string, number[]]> = [];
    const b = keyedBatcher<number, number>(async (key, reqs) => {
      batches.push([key, reqs]);
      await tick();
      return reqs;
    }, 2);
    await Promise.all([
      b.submit('a', 1),
      b.submit('b', 1),
      b.submit('a', 2),
      b.submit('a', 3),
      b.submit('a', 4),
    ]);
    expect(batches.filter(([k]) => k === 'a').map(([, r]) => r)).toEqual([[1], [2, 3], [4]]);
    expect(batches.filter(([k]) => k === 'b').map(([, r]) => r)).toEqual([[1]]);
  });

  it('fails only the batch that threw; the next batch still runs', async () => {
    const b = keyedBatcher<number, number>(async (_key, reqs) => {
      await tick();
      if (reqs.includes(2)) throw new Error('boom');
      return reqs;
    });
    const first = b.submit('k', 1);
    const second = b.submit('k', 2);
    const third = b.submit('k', 3);
    await expect(first).resolves.toBe(1);
    await expect(second).rejects.toThrow('boom');
    // 3 queued together with 2, so it shares that batch's failure.
    await expect(third).rejects.toThrow('boom');
    await expect(b.submit('k', 4)).resolves.toBe(4);
  });

  it('refuses a run that answers the wrong number of results', async () => {
    const b = keyedBatcher<number, number>(async () => []);
    await expect(b.submit('k', 1)).rejects.toThrow('answered 0 results');
  });
});
