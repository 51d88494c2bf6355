import { deals, fenToYuanString } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { badRequest } from '../../http/errors';

const TERMS_KEY = 'deal_terms';
const BAR_DAYS_KEY = 'strike_bar_days';

/**
 * Deal terms (docs/decisions/024-deal-terms-and-deadlines.md): the platform's defaults (a setting an
 * administrator changes), overridden by a lot's own terms, fixed on the deal when it opens.
 */
export const dealTerms = {
  async defaults(db: Kysely<Database>): Promise<deals.DealTerms> {
    const row = await db
      .selectFrom('platform_setting')
      .select('value')
      .where('key', '=', TERMS_KEY)
      .executeTakeFirst();
    return row
      ? { ...deals.DEFAULT_DEAL_TERMS, ...(row.value as Partial<deals.DealTerms>) }
      : deals.DEFAULT_DEAL_TERMS;
  },

  async barDays(db: Kysely<Database>): Promise<number> {
    const row = await db
      .selectFrom('platform_setting')
      .select('value')
      .where('key', '=', BAR_DAYS_KEY)
      .executeTakeFirst();
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
    const put = (key: string, value: unknown) =>
      db
        .insertInto('platform_setting')
        .values({ key, value: JSON.stringify(value), updated_at: now, updated_by: by })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({ value: JSON.stringify(value), updated_at: now, updated_by: by }),
        )
        .execute();
    await put(TERMS_KEY, terms);
    if (barDays !== undefined) await put(BAR_DAYS_KEY, barDays);
    return terms;
  },

  /** The terms a lot's deal opens with: the defaults with the lot's own terms over them. */
  async forLot(db: Kysely<Database>, lotId: string): Promise<deals.DealTerms> {
    const lot = await db.selectFrom('lot').select('deal_terms').where('id', '=', lotId).executeTakeFirst();
    const base = await this.defaults(db);
    return lot?.deal_terms ? checkTerms(deals.applyTerms(base, lot.deal_terms)) : base;
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
