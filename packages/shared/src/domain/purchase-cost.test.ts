import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fen, yuanStringToFen as y, type Fen } from './money';
import { annuity, percentToBasisPoints } from './loan';
import {
  calculatePurchaseCost,
  type CostItemKey,
  type PurchaseCostInput,
  type PurchaseCostResult,
} from './purchase-cost';
import {
  DOWN_PAYMENT_PERCENTS,
  LOAN_YEARS,
  THIRD_PARTY_LIMITS,
  VESSEL_TAX_BRACKETS,
  type DownPaymentPercent,
} from './purchase-cost-tables';
import { findVesselTaxBracket, parseIsoDate, purchaseTax, vesselTax } from './purchase-cost-taxes';

// Figures are worked by hand in the comments; amounts are written in yuan strings for readability.

const petrol: PurchaseCostInput = {
  guidePrice: y('129800'),
  purchaseDate: '2025-03-15',
  isNewEnergy: false,
  displacementL: 1.5,
  seats: 5,
};

function item(result: PurchaseCostResult, key: CostItemKey): Fen | undefined {
  return result.items.find((i) => i.key === key)?.amount;
}

describe('reference case: 129,800 yuan petrol 1.5L, 5 seats, bought 2025-03-15, default insurance', () => {
  const r = calculatePurchaseCost(petrol);

  it('itemises every cost in order with Chinese labels', () => {
    expect(r.items.map((i) => [i.key, i.label, i.amount])).toEqual([
      ['vehiclePrice', '裸车价', y('129800')],
      // 129800 ÷ 1.13 × 10 % = 11486.7256… -> 11486.73
      ['purchaseTax', '车辆购置税', y('11486.73')],
      ['registrationFee', '上牌费', y('500')],
      // 1.0–1.6 L bracket 420/yr; March..December = 10 months -> 420 × 10 / 12 = 350
      ['vesselTax', '车船使用税', y('350')],
      ['compulsoryInsurance', '交强险', y('950')],
      ['thirdParty', '第三者责任险（100万）', y('1060')],
      // 1.20 % × 129800 = 1557.60
      ['ownDamage', '车辆损失险', y('1557.60')],
      // 50 per seat × 5 seats
      ['seatLiability', '车上人员责任险（每座1万元）', y('250')],
    ]);
  });

  it('adds up: required 13286.73, insurance 2867.60, full payment 145954.33', () => {
    expect(r.requiredTotal).toBe(y('13286.73'));
    expect(r.insuranceTotal).toBe(y('2867.60'));
    expect(r.fullPaymentTotal).toBe(y('145954.33'));
    expect(r.loan).toBeNull();
  });
});

describe('purchase tax (price ÷ 1.13 × 10 %) and the NEV relief periods', () => {
  const at = (price: string, date: string, nev: boolean) => purchaseTax(y(price), parseIsoDate(date), nev);

  it('petrol: 200,000 -> 17699.12', () => {
    expect(at('200000', '2025-06-01', false).tax).toBe(y('17699.12'));
  });

  it.each<[string, string, string, string]>([
    // uncapped exemption before 2024
    ['2023-12-31', '500000', '0', '44247.79'],
    // 2024-01-01: exempt, 17699.12 is under the 30,000 cap
    ['2024-01-01', '200000', '0', '17699.12'],
    // 2025-12-31: 500000 -> 44247.79, relief capped at 30000 -> 14247.79 due
    ['2025-12-31', '500000', '14247.79', '30000'],
    // 2026-01-01: halved, 17699.12 / 2 = 8849.56
    ['2026-01-01', '200000', '8849.56', '8849.56'],
    // 2027-12-31: half of 44247.79 = 22123.895 -> 22123.90, capped at 15000 -> 29247.79 due
    ['2027-12-31', '500000', '29247.79', '15000'],
    // 2028-01-01: full tax again
    ['2028-01-01', '200000', '17699.12', '0'],
  ])('NEV bought %s at %s pays %s (relief %s)', (date, price, tax, relief) => {
    const d = at(price, date, true);
    expect(d.tax).toBe(y(tax));
    expect(d.relief).toBe(y(relief));
  });

  it('cap boundaries: 339,000 yuan is exactly 30,000 of tax', () => {
    expect(at('339000', '2025-01-01', true).tax).toBe(0);
    // 339100 ÷ 1.13 × 10 % = 30008.85 -> 8.85 above the cap
    expect(at('339100', '2025-01-01', true).tax).toBe(y('8.85'));
    // halved: 30000 / 2 = 15000 = cap
    expect(at('339000', '2026-06-30', true).tax).toBe(y('15000'));
    expect(at('339100', '2026-06-30', true).tax).toBe(y('15008.85'));
  });

  it('¥69,800 NEV in 2026: 69,800 ÷ 1.13 = 61,769.91; × 5 % = 3,088.4955 → 3,088.50 paid (rounded once)', () => {
    const d = at('69800', '2026-03-01', true);
    expect(d.taxBase).toBe(y('61769.91'));
    expect(d.taxBeforeRelief).toBe(y('6176.99'));
    expect(d.tax).toBe(y('3088.50'));
    expect(d.relief).toBe(y('3088.49'));
  });

  // The order of docs/decisions/014-purchase-tax-rounding.md, checked against integer arithmetic
  // written out here: base to the fen, payable from the base at the levied rate rounded once,
  // relief = the difference, capped.
  const halfUp = (num: bigint, den: bigint) => (2n * num + den) / (2n * den);
  it('property: every price in every period follows base → levied tax → relief', () => {
    const dates = ['2023-06-01', '2024-06-01', '2026-06-01', '2028-06-01'];
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 300_000_000 }),
        fc.constantFrom(...dates),
        fc.boolean(),
        (priceFen, date, nev) => {
          const d = purchaseTax(fen(priceFen), parseIsoDate(date), nev);
          const base = halfUp(BigInt(priceFen) * 100n, 113n);
          const full = halfUp(base * 10n, 100n);
          expect(BigInt(d.taxBase)).toBe(base);
          expect(BigInt(d.taxBeforeRelief)).toBe(full);
          expect(d.tax + d.relief).toBe(d.taxBeforeRelief);
          expect(d.tax).toBeGreaterThanOrEqual(0);
          const cap = d.period?.capYuan === null || !d.period ? Infinity : d.period.capYuan * 100;
          expect(d.relief).toBeLessThanOrEqual(cap);
          if (!nev || date === '2028-06-01') expect(d.relief).toBe(0);
          const levied = date === '2026-06-01' ? halfUp(base * 5n, 100n) : 0n;
          if (nev && date !== '2028-06-01' && Number(BigInt(d.taxBeforeRelief) - levied) <= cap) {
            // Under the cap the payable amount is the base at the levied rate, rounded once.
            expect(BigInt(d.tax)).toBe(levied);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('a petrol car gets no relief in any period', () => {
    expect(at('200000', '2024-05-05', false).relief).toBe(0);
  });
});

describe('vehicle and vessel tax brackets (bought in January: full year)', () => {
  it.each<[number, string, string]>([
    [0.998, 'upTo1.0', '300'],
    [1.0, 'upTo1.0', '300'],
    [1.197, '1.0-1.6', '420'],
    [1.6, '1.0-1.6', '420'],
    [1.601, '1.6-2.0', '480'],
    [1.984, '1.6-2.0', '480'],
    [2.0, '1.6-2.0', '480'],
    [2.488, '2.0-2.5', '900'],
    [2.5, '2.0-2.5', '900'],
    [2.999, '2.5-3.0', '1920'],
    [3.5, '3.0-4.0', '3480'],
    [4.0, '3.0-4.0', '3480'],
    [4.395, 'over4.0', '5280'],
  ])('%s L -> %s, %s yuan', (litres, key, annual) => {
    expect(findVesselTaxBracket(litres).key).toBe(key);
    expect(vesselTax(litres, parseIsoDate('2025-01-20'), false).tax).toBe(y(annual));
  });

  it('has seven brackets with amounts inside the national ranges', () => {
    expect(VESSEL_TAX_BRACKETS).toHaveLength(7);
    for (const b of VESSEL_TAX_BRACKETS) {
      expect(b.annualYuan).toBeGreaterThanOrEqual(b.nationalRangeYuan[0]);
      expect(b.annualYuan).toBeLessThanOrEqual(b.nationalRangeYuan[1]);
    }
  });
});

describe('first-year vessel tax pro-rated by month (months left including the purchase month / 12)', () => {
  it.each<[number, string, number, string]>([
    [2.0, '2025-07-01', 6, '240'], // 480 × 6 / 12
    [2.0, '2025-12-31', 1, '40'], // 480 × 1 / 12
    [1.5, '2025-11-15', 2, '70'], // 420 × 2 / 12
    [1.0, '2025-08-08', 5, '125'], // 300 × 5 / 12
    [3.5, '2025-08-01', 5, '1450'], // 3480 × 5 / 12
    [4.4, '2024-02-29', 11, '4840'], // 5280 × 11 / 12, leap day
  ])('%s L bought %s: %i months, %s yuan', (litres, date, months, tax) => {
    const d = vesselTax(litres, parseIsoDate(date), false);
    expect(d.months).toBe(months);
    expect(d.tax).toBe(y(tax));
  });

  it('is exempt for new-energy cars, and nothing for a car without displacement', () => {
    expect(vesselTax(1.5, parseIsoDate('2025-01-01'), true)).toMatchObject({ tax: 0, exempt: true });
    expect(vesselTax(null, parseIsoDate('2025-01-01'), false)).toMatchObject({ tax: 0, exempt: false });
  });
});

describe('compulsory insurance and commercial insurance', () => {
  it.each<[number, string]>([
    [2, '950'],
    [5, '950'],
    [6, '1100'],
    [7, '1100'],
  ])('%i seats -> %s', (seats, amount) => {
    expect(item(calculatePurchaseCost({ ...petrol, seats }), 'compulsoryInsurance')).toBe(y(amount));
  });

  it.each(THIRD_PARTY_LIMITS.map((l) => [l.key, l.premiumYuan] as const))(
    'third-party limit %s万 costs %i',
    (key, premium) => {
      const r = calculatePurchaseCost({
        ...petrol,
        insurance: { thirdPartyLimit: key, ownDamage: false, optional: [] },
      });
      expect(item(r, 'thirdParty')).toBe(premium * 100);
      expect(r.insuranceTotal).toBe(premium * 100);
    },
  );

  it('own damage at a custom rate: 1.35 % × 99,999.99 = 1349.999865 -> 1350.00', () => {
    const r = calculatePurchaseCost({
      ...petrol,
      guidePrice: y('99999.99'),
      insurance: { thirdPartyLimit: null, ownDamage: true, ownDamageRateBp: 135, optional: [] },
    });
    expect(item(r, 'thirdParty')).toBeUndefined();
    expect(item(r, 'ownDamage')).toBe(y('1350.00'));
  });

  it('optional riders: seat liability per seat (7 × 50), scratch 400, medical 120, holiday 30', () => {
    const r = calculatePurchaseCost({
      ...petrol,
      seats: 7,
      insurance: {
        thirdPartyLimit: null,
        ownDamage: false,
        optional: ['seatLiability', 'scratch', 'medicalBeyondInsurance', 'holidayDouble'],
      },
    });
    expect(item(r, 'seatLiability')).toBe(y('350'));
    expect(r.insuranceTotal).toBe(y('900'));
  });
});

describe('registration fee and overrides', () => {
  it('defaults the registration fee to 500 and accepts another', () => {
    expect(item(calculatePurchaseCost({ ...petrol, registrationFee: y('0') }), 'registrationFee')).toBe(0);
  });

  it('an override replaces an item and keeps the computed figure', () => {
    const r = calculatePurchaseCost({ ...petrol, overrides: { purchaseTax: y('10000') } });
    const tax = r.items.find((i) => i.key === 'purchaseTax');
    expect(tax).toMatchObject({ amount: y('10000'), computed: y('11486.73'), overridden: true });
    expect(r.fullPaymentTotal).toBe(y('145954.33') - y('1486.73'));
  });

  it('overriding the vehicle price re-bases the tax, own damage and loan', () => {
    const r = calculatePurchaseCost({ ...petrol, overrides: { vehiclePrice: y('113000') } });
    // 113000 ÷ 1.13 × 10 % = 10000 exactly; 1.2 % × 113000 = 1356
    expect(item(r, 'purchaseTax')).toBe(y('10000'));
    expect(item(r, 'ownDamage')).toBe(y('1356'));
  });

  it('rejects negative or fractional overrides, bad seats and bad dates', () => {
    expect(() => calculatePurchaseCost({ ...petrol, overrides: { vesselTax: fen(-1) } })).toThrow(RangeError);
    expect(() => calculatePurchaseCost({ ...petrol, overrides: { vesselTax: 1.5 as Fen } })).toThrow(
      RangeError,
    );
    expect(() => calculatePurchaseCost({ ...petrol, seats: 0 })).toThrow('座位数');
    expect(() => calculatePurchaseCost({ ...petrol, purchaseDate: '2025-02-30' })).toThrow('购车日期');
    expect(() => calculatePurchaseCost({ ...petrol, purchaseDate: '2025/01/01' })).toThrow(RangeError);
  });
});

describe('annuity (等额本息), worked by hand', () => {
  it('100,000 yuan at 3.5 % over 3 years', () => {
    // r = 0.035 / 12 = 0.00291666…, (1 + r)^36 = 1.1105408757…
    // M = 100000 × 0.00291666… × 1.1105408757 / 0.1105408757 = 2930.2079… -> 2930.21
    // total = 36 × 2930.2079… = 105487.487… -> 105487.49; interest 5487.49
    // last = 105487.49 − 35 × 2930.21 = 2930.14
    expect(annuity(y('100000'), 350, 36)).toEqual({
      months: 36,
      monthlyPayment: y('2930.21'),
      totalRepayment: y('105487.49'),
      lastPayment: y('2930.14'),
      totalInterest: y('5487.49'),
    });
  });

  it('0 % over 3 years: 100000 / 36 = 2777.78, the last instalment 2777.70, no interest', () => {
    expect(annuity(y('100000'), 0, 36)).toMatchObject({
      monthlyPayment: y('2777.78'),
      lastPayment: y('2777.70'),
      totalRepayment: y('100000'),
      totalInterest: 0,
    });
  });

  it('120,000 at 3.99 % over 1 year: 10217.44 a month, 2609.28 interest', () => {
    expect(annuity(y('120000'), 399, 12)).toMatchObject({
      monthlyPayment: y('10217.44'),
      totalInterest: y('2609.28'),
    });
  });

  it('80,000 at 4.5 % over 5 years: 1491.44 a month, 9486.49 interest', () => {
    expect(annuity(y('80000'), 450, 60)).toMatchObject({
      monthlyPayment: y('1491.44'),
      totalInterest: y('9486.49'),
    });
  });

  it('parses the rate in percent to basis points', () => {
    expect(percentToBasisPoints('3.5')).toBe(350);
    expect(percentToBasisPoints(3.45)).toBe(345);
    expect(percentToBasisPoints('4')).toBe(400);
    expect(percentToBasisPoints('3.455')).toBe(346);
    expect(() => percentToBasisPoints(-1)).toThrow(RangeError);
    expect(() => percentToBasisPoints('abc')).toThrow(RangeError);
    expect(() => percentToBasisPoints('100')).toThrow(RangeError);
  });
});

describe('loan purchase', () => {
  it('200,000 petrol 2.0L, 30 % down, 3 years at 3.5 %', () => {
    const r = calculatePurchaseCost({
      ...petrol,
      guidePrice: y('200000'),
      displacementL: 2.0,
      purchaseDate: '2025-01-10',
      loan: { downPaymentPercent: 30, years: 3, annualRatePercent: '3.5' },
    });
    // down 60000, principal 140000; M = 1.4 × 2930.2079… = 4102.2911… -> 4102.29
    // total 36 × 4102.2911… = 147682.48, interest 7682.48
    // required: tax 17699.12 + 500 + vessel 480 + 950 = 19629.12; insurance 1060 + 2400 + 250 = 3710
    expect(r.loan).toMatchObject({
      months: 36,
      annualRateBp: 350,
      downPayment: y('60000'),
      loanPrincipal: y('140000'),
      monthlyPayment: y('4102.29'),
      lastPayment: y('4102.33'),
      totalRepayment: y('147682.48'),
      totalInterest: y('7682.48'),
      upfrontPayment: y('83339.12'),
      totalCost: y('223339.12') + y('7682.48'),
    });
    expect(r.fullPaymentTotal).toBe(y('223339.12'));
  });

  it('rejects a down payment or a term outside the choices', () => {
    const bad = {
      ...petrol,
      loan: { downPaymentPercent: 25 as DownPaymentPercent, years: 3 as const, annualRatePercent: 3 },
    };
    expect(() => calculatePurchaseCost(bad)).toThrow('首付比例');
    expect(() =>
      calculatePurchaseCost({
        ...petrol,
        loan: { downPaymentPercent: 30, years: 6 as 5, annualRatePercent: 3 },
      }),
    ).toThrow('贷款年限');
  });
});

describe('calculator properties', () => {
  const inputArb = fc.record({
    guidePrice: fc.integer({ min: 0, max: 500_000_000 }).map(fen),
    purchaseDate: fc
      .date({
        min: new Date('2014-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10)),
    isNewEnergy: fc.boolean(),
    displacementL: fc.option(fc.integer({ min: 600, max: 6800 }).map((ml) => ml / 1000)),
    seats: fc.integer({ min: 2, max: 9 }),
    loan: fc.record({
      downPaymentPercent: fc.constantFrom(...DOWN_PAYMENT_PERCENTS),
      years: fc.constantFrom(...LOAN_YEARS),
      annualRatePercent: fc.integer({ min: 0, max: 1500 }).map((bp) => (bp / 100).toFixed(2)),
    }),
  });

  it('loan totals = down payment + principal + interest (+ the same fees as full payment)', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculatePurchaseCost(input);
        const loan = r.loan!;
        expect(loan.downPayment + loan.loanPrincipal).toBe(r.vehiclePrice);
        expect(loan.totalCost).toBe(
          loan.downPayment + loan.loanPrincipal + loan.totalInterest + r.requiredTotal + r.insuranceTotal,
        );
        expect(loan.totalRepayment).toBe(loan.monthlyPayment * (loan.months - 1) + loan.lastPayment);
        expect(Math.abs(loan.lastPayment - loan.monthlyPayment)).toBeLessThanOrEqual(loan.months);
        expect(loan.totalInterest).toBeGreaterThanOrEqual(0);
        if (loan.annualRateBp === 0) expect(loan.totalInterest).toBe(0);
      }),
    );
  });

  it('the full-payment total is the sum of the items, each an integer number of fen', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = calculatePurchaseCost(input);
        for (const i of r.items) expect(Number.isSafeInteger(i.amount)).toBe(true);
        expect(r.fullPaymentTotal).toBe(r.items.reduce((acc, i) => acc + i.amount, 0));
      }),
    );
  });

  it('NEV relief never exceeds the tax or the period cap', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const d = calculatePurchaseCost({ ...input, isNewEnergy: true }).purchaseTax;
        const petrolTax = calculatePurchaseCost({ ...input, isNewEnergy: false }).purchaseTax.tax;
        expect(d.tax).toBeGreaterThanOrEqual(0);
        expect(d.tax).toBeLessThanOrEqual(petrolTax);
        if (d.period?.capYuan) expect(d.relief).toBeLessThanOrEqual(d.period.capYuan * 100);
      }),
    );
  });

  it('a higher rate never lowers the monthly payment', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e9 }),
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 1, max: 60 }),
        (p, bp, n) => {
          expect(annuity(fen(p), bp + 1, n).monthlyPayment).toBeGreaterThanOrEqual(
            annuity(fen(p), bp, n).monthlyPayment,
          );
        },
      ),
    );
  });
});
