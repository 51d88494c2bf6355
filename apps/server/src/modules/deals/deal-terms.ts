import { deals, fenToYuanString } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { dealFlowRepo } from './deal-flow.repo';

const TERMS_KEY = 'deal_terms';
const BAR_DAYS_KEY = 'strike_bar_days';

/**
 * Deal terms (docs/decisions/024-deal-terms-and-deadlines.md): the platform's defaults (a setting an
 * administrator changes), overridden by a lot's own terms, fixed on the deal when it opens.
 */
export const dealTerms = {
  async defaults(db: Kysely<Database>): Promise<deals.DealTerms> {
    const row = await dealFlowRepo(db).setting(TERMS_KEY);
    return row
      ? { ...deals.DEFAULT_DEAL_TERMS, ...(row.value as Partial<deals.DealTerms>) }
      : deals.DEFAULT_DEAL_TERMS;
  },

  async barDays(db: Kysely<Database>): Promise<number> {
    const row = await dealFlowRepo(db).setting(BAR_DAYS_KEY);
    const n = Number(row?.value);
    return Number.isInteger(n) && n > 0 ? n : deals.DEFAULT_BAR_DAYS;
  },

  async saveDefaults(
    db: Kysely<Database>,
    input: deals.DealTermsInput,
    barDays: number | undefined,
    by: string,
    now: Date,
  ) {
    const terms = checkTerms(deals.applyTerms(await this.defaults(db), input));
    await dealFlowRepo(db).putSetting(TERMS_KEY, terms, by, now);
    if (barDays !== undefined) await dealFlowRepo(db).putSetting(BAR_DAYS_KEY, barDays, by, now);
    return terms;
  },

  /** The terms a lot's deal opens with: the defaults with the lot's own terms over them. */
  async forLot(db: Kysely<Database>, lotId: string): Promise<deals.DealTerms> {
    const lot = await dealFlowRepo(db).lotTerms(lotId);
    const base = await this.defaults(db);
    if (!lot) return base;
    // The forfeit split and the seller-fee mode are the lot's own columns (the ledger reads them too).
    const own: deals.DealTermsInput = {
      ...(lot.deal_terms ?? {}),
      forfeitSellerSharePercent: lot.forfeit_seller_pct,
      sellerFeeMode: lot.seller_fee_separate ? 'separate' : 'deduct',
    };
    return checkTerms(deals.applyTerms(base, own));
  },
};

/** Terms that contradict themselves (a minimum above the cap) after merging are refused. */
export function checkTerms(t: deals.DealTerms): deals.DealTerms {
  if (t.buyerFee.minFen > t.buyerFee.maxFen) throw badRequest('买方佣金下限不能高于上限');
  return t;
}

/** The terms of a deal (deals opened before terms existed ran on the defaults of the time). */
export const termsOf = (t: deals.DealTerms | null | undefined): deals.DealTerms =>
  t ?? deals.DEFAULT_DEAL_TERMS;

export function termsView(t: deals.DealTerms): deals.TermsView {
  return {
    signHours: t.signHours,
    payHours: t.payHours,
    pickupDays: t.pickupDays,
    transferDays: t.transferDays,
    buyerFeeRatePercent: t.buyerFee.rateBp / 100,
    buyerFeeMin: fenToYuanString(t.buyerFee.minFen),
    buyerFeeMax: fenToYuanString(t.buyerFee.maxFen),
    sellerFeeRatePercent: t.sellerFee.rateBp / 100,
    sellerFeeMode: t.sellerFee.mode,
    storageFeePerDay: fenToYuanString(t.storageFeePerDayFen),
    forfeitSellerSharePercent: t.forfeitSellerShareBp / 100,
    secondChanceHours: t.secondChanceHours,
  };
}
