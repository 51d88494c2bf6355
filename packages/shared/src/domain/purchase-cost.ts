import { annuity, percentToBasisPoints } from './loan';
import { fen, mulDivRound, sumFen, type Fen } from './money';
import {
  DEFAULT_REGISTRATION_FEE_YUAN,
  DOWN_PAYMENT_PERCENTS,
  LOAN_YEARS,
  OPTIONAL_INSURANCE_ITEMS,
  OWN_DAMAGE_DEFAULT_RATE_BP,
  THIRD_PARTY_LIMITS,
  type DownPaymentPercent,
  type LoanYears,
  type OptionalInsuranceKey,
  type ThirdPartyLimitKey,
} from './purchase-cost-tables';
import {
  compulsoryInsurance,
  parseIsoDate,
  purchaseTax,
  vesselTax,
  type PurchaseTaxDetail,
  type VesselTaxDetail,
} from './purchase-cost-taxes';

// The purchase-cost calculator (购车计算器): itemised costs for full payment and for a loan.
// All amounts are integer fen; every item is rounded half-up once, totals are exact sums, so the
// figures a user sees always add up.

export type CostItemKey =
  | 'vehiclePrice'
  | 'purchaseTax'
  | 'registrationFee'
  | 'vesselTax'
  | 'compulsoryInsurance'
  | 'thirdParty'
  | 'ownDamage'
  | OptionalInsuranceKey;

/** vehicle = 裸车价; required = 必要花费 (taxes, plates, 交强险); insurance = 商业保险. */
export type CostGroup = 'vehicle' | 'required' | 'insurance';

export interface CommercialInsuranceChoice {
  /** null when 第三者责任险 is not bought. */
  thirdPartyLimit: ThirdPartyLimitKey | null;
  ownDamage: boolean;
  /** 车辆损失险 rate in basis points of the vehicle price; default OWN_DAMAGE_DEFAULT_RATE_BP. */
  ownDamageRateBp?: number;
  optional: readonly OptionalInsuranceKey[];
}

export const DEFAULT_INSURANCE: CommercialInsuranceChoice = {
  thirdPartyLimit: '100',
  ownDamage: true,
  optional: ['seatLiability'],
};

export interface LoanTerms {
  downPaymentPercent: DownPaymentPercent;
  years: LoanYears;
  /** Annual rate in percent, e.g. 3.5 or '3.50' (two decimals kept, half-up). */
  annualRatePercent: number | string;
}

export interface PurchaseCostInput {
  guidePrice: Fen;
  /** 'YYYY-MM-DD'; decides the NEV purchase-tax relief and the vessel-tax pro-rating. */
  purchaseDate: string;
  /** Qualifies for the NEV purchase-tax relief and the vessel-tax exemption. */
  isNewEnergy: boolean;
  displacementL: number | null;
  seats: number;
  /** 上牌费; default DEFAULT_REGISTRATION_FEE_YUAN. */
  registrationFee?: Fen;
  insurance?: CommercialInsuranceChoice;
  /** Absent or null: full payment only. */
  loan?: LoanTerms | null;
  /**
   * User edits per item: an override replaces the computed amount of an item that is present.
   * Overriding vehiclePrice changes the base of the price-dependent items (tax, 车损险, loan).
   */
  overrides?: Partial<Record<CostItemKey, Fen>>;
}

export interface CostItem {
  key: CostItemKey;
  label: string;
  group: CostGroup;
  amount: Fen;
  /** What the calculator would have used without the override (for a 'reset' control). */
  computed: Fen;
  overridden: boolean;
}

export interface LoanResult {
  downPaymentPercent: DownPaymentPercent;
  years: LoanYears;
  months: number;
  annualRateBp: number;
  /** 首付款: the down-payment share of the vehicle price. */
  downPayment: Fen;
  loanPrincipal: Fen;
  monthlyPayment: Fen;
  lastPayment: Fen;
  totalRepayment: Fen;
  totalInterest: Fen;
  /** 首期付款合计: down payment + required costs + commercial insurance, paid at purchase. */
  upfrontPayment: Fen;
  /** Everything paid over the loan: the full-payment total plus interest. */
  totalCost: Fen;
}

export interface PurchaseCostResult {
  items: CostItem[];
  vehiclePrice: Fen;
  requiredTotal: Fen;
  insuranceTotal: Fen;
  /** 全款购车总价. */
  fullPaymentTotal: Fen;
  purchaseTax: PurchaseTaxDetail;
  vesselTax: VesselTaxDetail;
  loan: LoanResult | null;
}

function nonNegative(amount: number, what: string): Fen {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`${what}必须是非负整数（分）`);
  return fen(amount);
}

export function calculatePurchaseCost(input: PurchaseCostInput): PurchaseCostResult {
  if (!Number.isInteger(input.seats) || input.seats < 1) throw new RangeError('座位数必须是正整数');
  const overrides = input.overrides ?? {};
  for (const [key, value] of Object.entries(overrides)) nonNegative(value, `${key}`);
  const date = parseIsoDate(input.purchaseDate);
  const items: CostItem[] = [];
  const add = (key: CostItemKey, label: string, group: CostGroup, computed: Fen): Fen => {
    const override = overrides[key];
    const amount = override ?? computed;
    items.push({ key, label, group, amount, computed, overridden: override !== undefined });
    return amount;
  };

  const price = add('vehiclePrice', '裸车价', 'vehicle', nonNegative(input.guidePrice, '指导价'));
  const taxDetail = purchaseTax(price, date, input.isNewEnergy);
  add('purchaseTax', '车辆购置税', 'required', taxDetail.tax);
  add(
    'registrationFee',
    '上牌费',
    'required',
    input.registrationFee ?? fen(DEFAULT_REGISTRATION_FEE_YUAN * 100),
  );
  const vesselDetail = vesselTax(input.displacementL, date, input.isNewEnergy);
  add('vesselTax', '车船使用税', 'required', vesselDetail.tax);
  add('compulsoryInsurance', '交强险', 'required', compulsoryInsurance(input.seats));

  const insurance = input.insurance ?? DEFAULT_INSURANCE;
  const limit = THIRD_PARTY_LIMITS.find((l) => l.key === insurance.thirdPartyLimit);
  if (limit) add('thirdParty', `第三者责任险（${limit.label}）`, 'insurance', fen(limit.premiumYuan * 100));
  if (insurance.ownDamage) {
    const rate = insurance.ownDamageRateBp ?? OWN_DAMAGE_DEFAULT_RATE_BP;
    add('ownDamage', '车辆损失险', 'insurance', mulDivRound(price, rate, 10000));
  }
  for (const rider of OPTIONAL_INSURANCE_ITEMS) {
    if (!insurance.optional.includes(rider.key)) continue;
    add(
      rider.key,
      rider.label,
      'insurance',
      fen((rider.premiumYuan + rider.perSeatYuan * input.seats) * 100),
    );
  }

  const groupTotal = (group: CostGroup): Fen =>
    sumFen(items.filter((i) => i.group === group).map((i) => i.amount));
  const requiredTotal = groupTotal('required');
  const insuranceTotal = groupTotal('insurance');
  const fullPaymentTotal = sumFen([price, requiredTotal, insuranceTotal]);

  let loan: LoanResult | null = null;
  if (input.loan) {
    const { downPaymentPercent, years } = input.loan;
    // The types already restrict these; the runtime check guards plain-JS and form callers.
    if (!DOWN_PAYMENT_PERCENTS.includes(downPaymentPercent)) throw new RangeError('首付比例不在可选范围内');
    if (!LOAN_YEARS.includes(years)) throw new RangeError('贷款年限必须是1至5年');
    const annualRateBp = percentToBasisPoints(input.loan.annualRatePercent);
    const downPayment = mulDivRound(price, downPaymentPercent, 100);
    const loanPrincipal = fen(price - downPayment);
    const plan = annuity(loanPrincipal, annualRateBp, years * 12);
    loan = {
      downPaymentPercent,
      years,
      months: plan.months,
      annualRateBp,
      downPayment,
      loanPrincipal,
      monthlyPayment: plan.monthlyPayment,
      lastPayment: plan.lastPayment,
      totalRepayment: plan.totalRepayment,
      totalInterest: plan.totalInterest,
      upfrontPayment: sumFen([downPayment, requiredTotal, insuranceTotal]),
      totalCost: sumFen([fullPaymentTotal, plan.totalInterest]),
    };
  }

  return {
    items,
    vehiclePrice: price,
    requiredTotal,
    insuranceTotal,
    fullPaymentTotal,
    purchaseTax: taxDetail,
    vesselTax: vesselDetail,
    loan,
  };
}
