import { fen, mulDivRound, type Fen } from './money';
import {
  COMPULSORY_INSURANCE_YUAN,
  NEV_PURCHASE_TAX_PERIODS,
  VESSEL_TAX_BRACKETS,
  type NevTaxPeriod,
  type VesselTaxBracket,
} from './purchase-cost-tables';

// The statutory items of the calculator, each rounded half-up to the fen exactly once.

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
  iso: string;
}

/** Strict 'YYYY-MM-DD' with a real calendar day; the calculator never reads the clock itself. */
export function parseIsoDate(text: string): CalendarDate {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [, y = '', m = '', d = ''] = match ?? [];
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (!match || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`购车日期格式不正确：${text}`);
  }
  return { year, month, day, iso: text };
}

export interface PurchaseTaxDetail {
  /** 计税价格: price ÷ 1.13 to the fen, as the VAT invoice states it (the guide price includes 13 % VAT). */
  taxBase: Fen;
  /** taxBase × 10 %, to the fen: the tax without any relief. */
  taxBeforeRelief: Fen;
  /** taxBeforeRelief − tax: what the NEV relief takes off. */
  relief: Fen;
  /** What is paid. */
  tax: Fen;
  period: NevTaxPeriod | null;
}

/**
 * The tax authority's order (docs/decisions/014-purchase-tax-rounding.md): the tax base to the fen,
 * then the payable amount from the base at the rate actually levied (10 %, or 5 % while halved),
 * rounded once; the relief is the difference, capped per vehicle. Rounding the relief first and
 * subtracting it would round the payable amount twice.
 */
export function purchaseTax(price: Fen, date: CalendarDate, isNewEnergy: boolean): PurchaseTaxDetail {
  const taxBase = mulDivRound(price, 100, 113);
  const taxBeforeRelief = mulDivRound(taxBase, 10, 100);
  const period = isNewEnergy
    ? (NEV_PURCHASE_TAX_PERIODS.find((p) => p.from <= date.iso && date.iso <= p.to) ?? null)
    : null;
  let relief = 0;
  if (period) {
    const levied = period.kind === 'exempt' ? 0 : mulDivRound(taxBase, 5, 100);
    relief = taxBeforeRelief - levied;
    if (period.capYuan !== null) relief = Math.min(relief, period.capYuan * 100);
  }
  return { taxBase, taxBeforeRelief, relief: fen(relief), tax: fen(taxBeforeRelief - relief), period };
}

export interface VesselTaxDetail {
  bracket: VesselTaxBracket | null;
  annual: Fen;
  /** Months charged in the first year: from the purchase month to December, inclusive. */
  months: number;
  tax: Fen;
  exempt: boolean;
}

export function findVesselTaxBracket(displacementL: number): VesselTaxBracket {
  const ml = Math.round(displacementL * 1000);
  const found = VESSEL_TAX_BRACKETS.find((b) => b.maxMl === null || ml <= b.maxMl);
  if (!found) throw new RangeError('排量区间表不完整');
  return found;
}

/**
 * New-energy cars are exempt; a car without displacement (a battery car that does not qualify
 * as NEV) is outside the displacement schedule and pays nothing either.
 */
export function vesselTax(
  displacementL: number | null,
  date: CalendarDate,
  isNewEnergy: boolean,
): VesselTaxDetail {
  const months = 12 - date.month + 1;
  if (isNewEnergy || displacementL === null || displacementL <= 0) {
    return { bracket: null, annual: fen(0), months, tax: fen(0), exempt: isNewEnergy };
  }
  const bracket = findVesselTaxBracket(displacementL);
  const annual = fen(bracket.annualYuan * 100);
  return { bracket, annual, months, tax: mulDivRound(annual, months, 12), exempt: false };
}

export function compulsoryInsurance(seats: number): Fen {
  const yuan = seats < 6 ? COMPULSORY_INSURANCE_YUAN.underSixSeats : COMPULSORY_INSURANCE_YUAN.sixSeatsOrMore;
  return fen(yuan * 100);
}
