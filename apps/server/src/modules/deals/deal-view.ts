import { amountInWords, deals, fenToYuanString, maskTel } from '@chepai/shared';
import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { readSnapshot } from '../../db/snapshot';
import { notFound } from '../../http/errors';
import { latestInvoices } from '../invoices/invoices.service';
import { contractHash, type ContractFacts } from './contract-pdf';
import { dealDefaults } from './deal-defaults';
import { stageDeadline } from './deal-stage';
import { termsOf, termsView } from './deal-terms';
import { dealsConsoleRepo } from './deals-console.repo';
import { dealExtrasRepo, dealsRepo } from './deals.repo';
import { secondChance } from './second-chance';

type ViewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof dealsRepo>['view']>>>;
export const NOT_FOUND = '未找到该成交订单';

type Extras = {
  receipts: Awaited<ReturnType<ReturnType<typeof dealExtrasRepo>['receipts']>>;
  invoices: Map<string, deals.InvoiceState>;
  choices: Awaited<ReturnType<typeof dealDefaults.choices>> | null;
  /** The defaulted buyer's strikes and bar. */
  standing: NonNullable<deals.DefaultInfo['standing']> | null;
};

/** Storage accrued (fen) up to the handover, or `now` while the car is still there. */
export function storageOf(
  r: {
    pickup_deadline: Date | null;
    handover_at: Date | null;
    storage_paid: string;
    terms: deals.DealTerms | null;
  },
  now: number,
) {
  const until = r.handover_at ? r.handover_at.getTime() : now;
  const days = deals.storageDays(r.pickup_deadline?.getTime() ?? null, until);
  const accrued = days * termsOf(r.terms).storageFeePerDayFen;
  return { days, accrued, outstanding: Math.max(0, accrued - Number(r.storage_paid)) };
}

/** Balance, fee and storage accrued: the whole, what is paid, what is left (fen in, yuan out). */
function owedOf(
  r: Pick<ViewRow, 'balance_due' | 'service_fee' | 'state' | 'fee_paid_at' | 'storage_paid'>,
  storage: { accrued: number },
) {
  const total = Number(r.balance_due) + Number(r.service_fee) + storage.accrued;
  const paid =
    (r.state === 'paid' ? Number(r.balance_due) : 0) +
    (r.fee_paid_at ? Number(r.service_fee) : 0) +
    Math.min(Number(r.storage_paid), storage.accrued);
  return {
    total: fenToYuanString(total),
    paid: fenToYuanString(paid),
    outstanding: fenToYuanString(total - paid),
  };
}

export function paperOf(r: ViewRow): deals.DealView['paperContract'] {
  if (!r.paper_contract_file_id || !r.paper_contract_status || !r.paper_contract_uploaded_at) return null;
  return {
    fileId: r.paper_contract_file_id,
    status: r.paper_contract_status,
    statusText: deals.PAPER_CONTRACT_STATUS_TEXT[r.paper_contract_status],
    reason: r.paper_contract_reason,
    uploadedAt: r.paper_contract_uploaded_at.getTime(),
    reviewedAt: r.paper_contract_reviewed_at?.getTime() ?? null,
  };
}

/** Who is looking: the winner, or the unit that sold the car. */
export type Viewer = { kind: 'buyer'; userId: string } | { kind: 'seller'; unitId: string };

const maskName = (name: string) =>
  name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(1, name.length - 1))}` : '';

/**
 * What a deal shows (docs/product.md#16-the-deal-after-the-hammer): the page of the winner and of
 * the selling unit, and the facts printed on its contract. Reads only; deals.service.ts moves the
 * deal, and `summaryOf` below makes a row of a list of deals.
 */
export function dealViews(
  ctx: AppContext,
  /** Tests only: runs between the deal row's read and the rest of a page's (a payment lands there). */
  seam: { afterRow?: () => Promise<void> } = {},
) {
  const { db } = ctx.dbh;

  /** The deal as `viewer` may see it; `null`: any deal (the console). */
  async function find(lotId: string, viewer: Viewer | null, on: Kysely<Database> = db): Promise<ViewRow> {
    const row = await dealsRepo(on).view(lotId);
    const mine =
      row &&
      (viewer === null ||
        (viewer.kind === 'buyer' ? row.buyer_id === viewer.userId : row.seller_id === viewer.unitId));
    // Another's deal answers as if it did not exist (docs/product.md#14-disposal-and-review).
    if (!row || !mine) throw notFound(NOT_FOUND);
    return row;
  }

  function facts(r: ViewRow): ContractFacts {
    const buyerName = r.buyer_type === 'company' && r.buyer_company ? r.buyer_company : r.buyer_name;
    return {
      contractNo: r.contract_no ?? `CJ${r.lot_id}`,
      lotId: r.lot_id,
      seller: r.org_name ?? '处置单位',
      buyer: { name: buyerName, tel: r.buyer_tel ? maskTel(r.buyer_tel) : '' },
      vehicle: {
        title: r.title,
        model: [r.brand_name, r.series_name, r.model_name].filter(Boolean).join(' '),
        vin: r.vin,
        plateNo: r.plate_no,
        firstRegDate: r.first_reg_date,
        mileageKm: r.mileage_km,
        color: r.color,
      },
      finalPrice: Number(r.final_price),
      depositApplied: Number(r.deposit_applied),
      balanceDue: Number(r.balance_due),
      serviceFee: Number(r.service_fee),
      closedAt: r.created_at.getTime(),
      signDeadline: (r.sign_deadline ?? r.created_at).getTime(),
      payDeadline: r.pay_deadline.getTime(),
      pickupAddress: r.pickup_address,
      pickupDays: termsOf(r.terms).pickupDays,
      transferDays: termsOf(r.terms).transferDays,
      storageFeePerDay: termsOf(r.terms).storageFeePerDayFen,
    };
  }

  /** What the page shows besides the deal row: receipts and their invoices, the default and its offers. */
  async function extrasOf(r: ViewRow, on: Kysely<Database> = db): Promise<Extras> {
    const extras = dealExtrasRepo(on);
    const [receipts, choices] = await Promise.all([
      extras.receipts(r.lot_id, r.buyer_id),
      r.stage === 'defaulted' ? dealDefaults.choices(on, r.lot_id, ctx.now()) : Promise.resolve(null),
    ]);
    // A second-chance round shows only its own payments (the deposits stay: the bid's, the offer's),
    // and no payment that went back in full (a runner-up's bid deposit, refunded at the close).
    const since = r.round > 1 ? r.created_at.getTime() : 0;
    const kept = (p: { purpose: string; paid_at: Date | null; amount: string; refunded: string | null }) =>
      Number(p.refunded ?? 0) < Number(p.amount) &&
      (p.purpose === 'deposit' || p.purpose === 'offer_deposit' || (p.paid_at?.getTime() ?? 0) >= since);
    const shown = receipts.filter(kept);
    const now = ctx.now();
    const standing =
      r.stage === 'defaulted'
        ? {
            strikes: await dealsConsoleRepo(on).strikeCount(r.buyer_id),
            strikesToBar: deals.STRIKES_TO_BAR,
            barredUntil: (await dealDefaults.activeBar(on, r.buyer_id, now))?.until.getTime() ?? null,
          }
        : null;
    return {
      standing,
      receipts: shown,
      invoices: await latestInvoices(
        on,
        shown.map((p) => p.payment_no),
      ),
      choices,
    };
  }

  function toView(r: ViewRow, viewer: Viewer, extras: Extras): deals.DealView {
    const yuan = (fen: string | number) => fenToYuanString(Number(fen));
    const now = ctx.now().getTime();
    const terms = termsOf(r.terms);
    const storage = storageOf(r, now);
    const def = extras.choices?.def;
    const ms = (d: Date | null) => (d ? d.getTime() : null);
    const paidInFull = r.state === 'paid' && r.fee_paid_at !== null;
    const fullyPaidAt =
      paidInFull && r.paid_at && r.fee_paid_at
        ? Math.max(r.paid_at.getTime(), r.fee_paid_at.getTime())
        : null;
    const plan = r.pickup_plan;
    const buyerName = r.buyer_type === 'company' && r.buyer_company ? r.buyer_company : r.buyer_name;
    const showBuyer = viewer.kind === 'buyer' || paidInFull;
    return {
      ...headingOf(r, now),
      steps: [
        { stage: 'closed', label: '竞价成交', at: r.created_at.getTime(), deadline: null },
        { stage: 'signed', label: '签署确认书', at: ms(r.signed_at), deadline: ms(r.sign_deadline) },
        { stage: 'paid', label: '付清余款及服务费', at: fullyPaidAt, deadline: r.pay_deadline.getTime() },
        { stage: 'handedOver', label: '提车交接', at: ms(r.handover_at), deadline: ms(r.pickup_deadline) },
        {
          stage: 'transferred',
          label: '过户完成',
          at: ms(r.completed_at),
          deadline: ms(r.transfer_deadline),
        },
      ],
      finalPrice: yuan(r.final_price),
      finalPriceInWords: amountWords(r.final_price),
      depositApplied: yuan(r.deposit_applied),
      balanceDue: yuan(r.balance_due),
      balancePaid: r.state === 'paid',
      serviceFee: yuan(r.service_fee),
      feePaid: r.fee_paid_at !== null,
      totalDue: yuan(Number(r.balance_due) + Number(r.service_fee)),
      owed: owedOf(r, storage),
      contract: {
        no: r.contract_no ?? `CJ${r.lot_id}`,
        sha256: r.contract_sha256 ?? (r.stage === 'signing' ? contractHash(facts(r)) : null),
        signedAt: ms(r.signed_at),
      },
      pickupAddress: r.pickup_address,
      pickupPlan: plan
        ? {
            pickupDate: plan.pickupDate,
            slot: plan.slot,
            collector: plan.collector,
            agentName: plan.agentName ?? null,
            agentTel: plan.agentTel
              ? viewer.kind === 'buyer'
                ? plan.agentTel
                : maskTel(plan.agentTel)
              : null,
            agentIdMasked: plan.agentIdMasked ?? null,
            transfer: plan.transfer,
            updatedAt: plan.updatedAt,
          }
        : null,
      handover:
        r.handover_at && r.handover_mileage_km !== null
          ? { at: r.handover_at.getTime(), mileageKm: r.handover_mileage_km }
          : null,
      seller: { name: r.org_name ?? '处置单位' },
      buyer: {
        name: showBuyer ? buyerName : maskName(buyerName),
        tel: r.buyer_tel ? (showBuyer ? r.buyer_tel : maskTel(r.buyer_tel)) : '',
      },
      serverTime: now,
      terms: termsView(terms),
      storage: {
        perDay: yuan(terms.storageFeePerDayFen),
        startsAt: ms(r.pickup_deadline),
        days: storage.days,
        accrued: yuan(storage.accrued),
        paid: yuan(r.storage_paid),
        outstanding: yuan(storage.outstanding),
      },
      transfer:
        r.completed_at && r.new_plate_no && r.transfer_date && r.transfer_proof_file_id
          ? {
              newPlateNo: r.new_plate_no,
              transferDate: r.transfer_date,
              proofFileId: r.transfer_proof_file_id,
              recordedAt: r.completed_at.getTime(),
              recordedBy: r.transfer_recorded_role ?? 'seller',
            }
          : null,
      paperContract: paperOf(r),
      receipts: extras.receipts.map((p) => ({
        paymentNo: p.payment_no,
        purpose: p.purpose,
        purposeText: deals.PAYMENT_PURPOSE_TEXT[p.purpose],
        amount: yuan(p.amount),
        paidAt: (p.paid_at ?? r.created_at).getTime(),
        invoice: extras.invoices.get(p.payment_no) ?? null,
        noInvoice: deals.invoiceRefusal(r.stage, p.purpose),
      })),
      defaultInfo:
        def && extras.choices
          ? {
              at: def.at.getTime(),
              reason: def.reason,
              reasonText: deals.DEFAULT_REASON_TEXT[def.reason],
              forfeited: yuan(def.forfeited),
              sellerShare: yuan(def.seller_share),
              platformShare: yuan(def.platform_share),
              resolution: def.resolution,
              offers: extras.choices.offers.map((o) => secondChance.offerView(o)),
              canOfferSecondChance: extras.choices.canOfferSecondChance,
              canRelist: extras.choices.canRelist,
              relistedOrderId: def.relisted_order_id,
              // The seller sees the default, not the buyer's record across other lots.
              standing: viewer.kind === 'buyer' ? extras.standing : null,
            }
          : null,
    };
  }

  /**
   * A deal's page: its row and what shows beside it (receipts, invoices, the default), read in one
   * snapshot. Read one after another, a payment committing between them showed as a receipt beside
   * the deal row from before it, and the buyer's page, which waits for a payment until its receipt
   * is there, went on showing it unpaid (seen in CI: 支付服务费 stayed after paying). `viewer` null:
   * the console's, any deal, the buyer unmasked.
   */
  async function page(orderId: string, viewer: Viewer | null) {
    return readSnapshot(db, async (trx) => {
      const r = await find(orderId, viewer, trx);
      await seam.afterRow?.();
      const extras = await extrasOf(r, trx);
      return { row: r, view: toView(r, viewer ?? { kind: 'buyer', userId: r.buyer_id }, extras) };
    });
  }

  return { find, facts, toView, page };
}

type HeadingRow = {
  lot_id: string;
  title: string;
  cover: string | null;
  stage: deals.DealStage;
  sign_deadline: Date | null;
  pay_deadline: Date;
  pickup_deadline: Date | null;
  transfer_deadline: Date | null;
  created_at: Date;
};

/** What a deal's page and its row in a list both open with: the lot, the stage and its deadline. */
function headingOf(r: HeadingRow, now: number) {
  const deadline = stageDeadline(r);
  return {
    orderId: r.lot_id,
    title: r.title,
    coverUrl: r.cover,
    stage: r.stage,
    stageText: deals.DEAL_STAGES[r.stage],
    deadline: deadline?.getTime() ?? null,
    overdue: deadline !== null && deadline.getTime() <= now,
    closedAt: r.created_at.getTime(),
  };
}

/** One row of a list of deals: stage, deadline and what is owed. */
export function summaryOf(
  r: HeadingRow & { final_price: string; balance_due: string; service_fee: string },
  now: Date,
): deals.BuyerDealSummary {
  return {
    ...headingOf(r, now.getTime()),
    finalPrice: fenToYuanString(Number(r.final_price)),
    totalDue: fenToYuanString(Number(r.balance_due) + Number(r.service_fee)),
  };
}

const amountWords = (fen: string) => amountInWords(fenToYuanString(Number(fen)));
