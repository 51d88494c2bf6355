import { describe, expect, it } from 'vitest';
import { amountProblem } from './bid-panel';

const grid = { startPrice: 2_350_000, increment: 50_000, currentPrice: null as number | null };

describe('amountProblem (custom bid amounts against the grid)', () => {
  it('accepts the start price first, then current + k × increment', () => {
    expect(amountProblem(grid, 2_350_000)).toBeNull();
    expect(amountProblem({ ...grid, currentPrice: 2_400_000 }, 2_450_000)).toBeNull();
    expect(amountProblem({ ...grid, currentPrice: 2_400_000 }, 2_600_000)).toBeNull();
  });
  it('refuses less than the minimum next bid, with the minimum in the message', () => {
    expect(amountProblem(grid, 2_300_000)).toBe('出价不能低于 ¥23,500.00');
    expect(amountProblem({ ...grid, currentPrice: 2_400_000 }, 2_400_000)).toBe('出价不能低于 ¥24,500.00');
  });
  it('refuses amounts off the grid and empty input', () => {
    expect(amountProblem({ ...grid, currentPrice: 2_400_000 }, 2_460_000)).toBe(
      '出价须为起拍价加整数倍加价幅度（¥500.00）',
    );
    expect(amountProblem(grid, null)).toBe('请输入出价金额');
  });
});
