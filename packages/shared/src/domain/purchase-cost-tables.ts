// Reference tables of the purchase-cost calculator, exported so the UI can render its selects from
// the same figures the calculator uses. Amounts are in yuan here (readable); the calculator turns
// them into fen. Every figure is a default: the calculator lets the user override each item.

/** 车船税 brackets of 《车船税法》税目税额表 (乘用车, by displacement, upper bound inclusive). */
export interface VesselTaxBracket {
  key: string;
  label: string;
  /** Upper bound in millilitres, inclusive; null for the open top bracket. */
  maxMl: number | null;
  /** The national range (yuan per year) inside which each province fixes its amount. */
  nationalRangeYuan: readonly [number, number];
  /** Representative annual amount (yuan): the Beijing schedule, which most calculators quote. */
  annualYuan: number;
}

export const VESSEL_TAX_BRACKETS: readonly VesselTaxBracket[] = [
  { key: 'upTo1.0', label: '1.0L(含)以下', maxMl: 1000, nationalRangeYuan: [60, 360], annualYuan: 300 },
  {
    key: '1.0-1.6',
    label: '1.0L以上至1.6L(含)',
    maxMl: 1600,
    nationalRangeYuan: [300, 540],
    annualYuan: 420,
  },
  {
    key: '1.6-2.0',
    label: '1.6L以上至2.0L(含)',
    maxMl: 2000,
    nationalRangeYuan: [360, 660],
    annualYuan: 480,
  },
  {
    key: '2.0-2.5',
    label: '2.0L以上至2.5L(含)',
    maxMl: 2500,
    nationalRangeYuan: [660, 1200],
    annualYuan: 900,
  },
  {
    key: '2.5-3.0',
    label: '2.5L以上至3.0L(含)',
    maxMl: 3000,
    nationalRangeYuan: [1200, 2400],
    annualYuan: 1920,
  },
  {
    key: '3.0-4.0',
    label: '3.0L以上至4.0L(含)',
    maxMl: 4000,
    nationalRangeYuan: [2400, 3600],
    annualYuan: 3480,
  },
  { key: 'over4.0', label: '4.0L以上', maxMl: null, nationalRangeYuan: [3600, 5400], annualYuan: 5280 },
];

/**
 * 新能源汽车车辆购置税 relief by purchase date (ISO dates, inclusive). Before 2024 the earlier
 * announcements exempted the whole tax without a cap; from 2028-01-01 the full tax applies.
 * 2024–2025: 财政部 税务总局 工信部公告2023年第10号 (免征, 每辆免税额不超过3万元);
 * 2026–2027: the same announcement (减半征收, 每辆减税额不超过1.5万元).
 */
export interface NevTaxPeriod {
  from: string;
  to: string;
  kind: 'exempt' | 'halved';
  /** Largest relief per vehicle (yuan), null when uncapped. */
  capYuan: number | null;
  label: string;
}

export const NEV_PURCHASE_TAX_PERIODS: readonly NevTaxPeriod[] = [
  { from: '2014-09-01', to: '2023-12-31', kind: 'exempt', capYuan: null, label: '免征车辆购置税' },
  {
    from: '2024-01-01',
    to: '2025-12-31',
    kind: 'exempt',
    capYuan: 30000,
    label: '免征（每辆免税额不超过3万元）',
  },
  {
    from: '2026-01-01',
    to: '2027-12-31',
    kind: 'halved',
    capYuan: 15000,
    label: '减半征收（每辆减税额不超过1.5万元）',
  },
];

/** 交强险 base premium for family cars: below 6 seats 950 yuan, from 6 seats 1,100 yuan. */
export const COMPULSORY_INSURANCE_YUAN = { underSixSeats: 950, sixSeatsOrMore: 1100 } as const;

export const DEFAULT_REGISTRATION_FEE_YUAN = 500;

/**
 * 第三者责任险 limits with representative first-year premiums (yuan) for a family car without
 * claim history, after the 2020 商车险综合改革. Real quotes vary by insurer, city and driver.
 */
export const THIRD_PARTY_LIMITS = [
  { key: '50', label: '50万', coverageYuan: 500000, premiumYuan: 860 },
  { key: '100', label: '100万', coverageYuan: 1000000, premiumYuan: 1060 },
  { key: '150', label: '150万', coverageYuan: 1500000, premiumYuan: 1180 },
  { key: '200', label: '200万', coverageYuan: 2000000, premiumYuan: 1280 },
  { key: '300', label: '300万', coverageYuan: 3000000, premiumYuan: 1440 },
  { key: '500', label: '500万', coverageYuan: 5000000, premiumYuan: 1660 },
] as const;
export type ThirdPartyLimitKey = (typeof THIRD_PARTY_LIMITS)[number]['key'];

/** 车辆损失险 = rate × vehicle price; the default rate is in basis points (120 = 1.20 %). */
export const OWN_DAMAGE_DEFAULT_RATE_BP = 120;

/** Optional riders: a fixed premium, or a premium per seat (车上人员责任险, 1万元 per seat). */
export const OPTIONAL_INSURANCE_ITEMS = [
  { key: 'seatLiability', label: '车上人员责任险（每座1万元）', premiumYuan: 0, perSeatYuan: 50 },
  { key: 'scratch', label: '车身划痕损失险（2000元）', premiumYuan: 400, perSeatYuan: 0 },
  { key: 'medicalBeyondInsurance', label: '医保外医疗费用责任险', premiumYuan: 120, perSeatYuan: 0 },
  { key: 'holidayDouble', label: '法定节假日限额翻倍险', premiumYuan: 30, perSeatYuan: 0 },
] as const;
export type OptionalInsuranceKey = (typeof OPTIONAL_INSURANCE_ITEMS)[number]['key'];

export const DOWN_PAYMENT_PERCENTS = [15, 20, 30, 40, 50, 60] as const;
export type DownPaymentPercent = (typeof DOWN_PAYMENT_PERCENTS)[number];

export const LOAN_YEARS = [1, 2, 3, 4, 5] as const;
export type LoanYears = (typeof LOAN_YEARS)[number];

/** A starting value for the rate input; banks and captive lenders quote their own. */
export const DEFAULT_ANNUAL_RATE_PERCENT = '3.50';
