import { describe, expect, it } from 'vitest';
import { applyTerms, DEFAULT_DEAL_TERMS, dealTermsInput, forfeitSplit, storageDays } from './deals';

const DAY = 86_400_000;

describe('deal terms arithmetic', () => {
  it('charges storage for every started day after the pickup deadline', () => {
    const deadline = 1_000 * DAY;
    expect(storageDays(null, deadline + 5 * DAY)).toBe(0);
    expect(storageDays(deadline, deadline)).toBe(0);
    expect(storageDays(deadline, deadline + 1)).toBe(1);
    expect(storageDays(deadline, deadline + DAY)).toBe(1);
    expect(storageDays(deadline, deadline + DAY + 1)).toBe(2);
    expect(storageDays(deadline, deadline + 36 * 3600_000)).toBe(2);
  });

  it('splits a forfeited deposit per the terms, the seller rounded down and no fen lost', () => {
    expect(forfeitSplit(1_000_00, 7_000)).toEqual({ seller: 700_00, platform: 300_00 });
    expect(forfeitSplit(333, 5_000)).toEqual({ seller: 166, platform: 167 });
    expect(forfeitSplit(0, 7_000)).toEqual({ seller: 0, platform: 0 });
  });

  it('applies a partial terms input over the defaults, money from yuan to fen', () => {
    const input = dealTermsInput.parse({ payHours: '48', storageFeePerDay: '80.5', buyerFeeRatePercent: 3 });
    expect(applyTerms(DEFAULT_DEAL_TERMS, input)).toEqual({
      ...DEFAULT_DEAL_TERMS,
      payHours: 48,
      storageFeePerDayFen: 80_50,
      buyerFee: { ...DEFAULT_DEAL_TERMS.buyerFee, rateBp: 300 },
    });
    const bad = dealTermsInput.safeParse({ buyerFeeMin: '900', buyerFeeMax: '100', signHours: 0 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message).sort()).toEqual([
      '买方佣金下限不能高于上限',
      '签约期限（小时）不能小于1',
    ]);
  });
});
