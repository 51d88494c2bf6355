import { amountInWords, beijingDayNumber, deals, fenDisplay, fenToYuanString, maskTel } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { DataCrypto } from '../../platform/crypto';
import type { Payments } from '../../platform/payments/payments';
import { paymentRepo, type PaymentRow } from '../../platform/payments/payment.repo';
import { RESEND_SECONDS, type SmsCodes } from '../accounts/sms-codes';
import type { SessionUser } from '../accounts/sessions';
import { filesRepo } from '../files/files.repo';
import { latestInvoices } from '../invoices/invoices.service';
import { settleDeal } from '../settlement/postings';
import { dealNotices } from '../notices/deal-notices';
import { contractHash, renderContract, type ContractFacts } from './contract-pdf';
import { dealDefaults } from './deal-defaults';
import { dealsConsoleRepo } from './deals-console.repo';
import { EXPIRED, secondChance } from './second-chance';
import { dealFlowRepo } from './deal-flow.repo';
import { termsOf, termsView } from './deal-terms';
import { dealExtrasRepo, dealsRepo } from './deals.repo';
import { renderReceipt } from './receipt-pdf';
import { pageOf, pageOffset } from '../../lib/paging';
import { beijingDateStart } from '../../lib/time';

type Tx = Transaction<Database>;
type ViewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof dealsRepo>['view']>>>;
const DAY = 86_400_000;
const NOT_FOUND = '未找到该成交订单';
const SIGN_FIRST = '请先签署成交确认书';
const PAST_DEADLINE = '已超过付款期限，保证金不予退还';
const AGENT_ID_CONTEXT = 'deal.pickup_agent_id';

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

function paperOf(r: ViewRow): deals.DealView['paperContract'] {
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

/** A scan of a signed contract or a registration proof: a PDF or an image. */
const PROOF_TYPES = /^(application\/pdf|image\/(jpeg|png|webp))$/;

/** Who is looking: the winner, or the unit that sold the car. */
export type Viewer = { kind: 'buyer'; userId: string } | { kind: 'seller'; unitId: string };

const maskName = (name: string) =>
  name ? `${name.slice(0, 1)}${'*'.repeat(Math.max(1, name.length - 1))}` : '';

/**
 * The deal after the hammer (docs/product.md#16-the-deal-after-the-hammer): 待签约 → 待付款 →
 * 待提车 → 待过户 → 已完成, or 已违约 at a missed deadline (the deposit forfeited, exactly once).
 * Every transition locks the deal row; payments arrive through the provider's verified notices.
 */
export function dealsService(
  ctx: AppContext,
  deps: { payments: Payments; codes: SmsCodes; crypto: DataCrypto },
) {
  const { db } = ctx.dbh;
  const { payments, codes, crypto } = deps;

  async function find(lotId: string, viewer: Viewer): Promise<ViewRow> {
    const row = await dealsRepo(db).view(lotId);
    const mine =
      row && (viewer.kind === 'buyer' ? row.buyer_id === viewer.userId : row.seller_id === viewer.unitId);
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

  const deadlineOf = (r: ViewRow) => stageDeadline(r);

  /** What the page shows besides the deal row: receipts and their invoices, the default and its offers. */
  async function extrasOf(r: ViewRow): Promise<Extras> {
    const extras = dealExtrasRepo(db);
    const [receipts, choices] = await Promise.all([
      extras.receipts(r.lot_id, r.buyer_id),
      r.stage === 'defaulted' ? dealDefaults.choices(db, r.lot_id, ctx.now()) : Promise.resolve(null),
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
            strikes: await dealsConsoleRepo(db).strikeCount(r.buyer_id),
            strikesToBar: deals.STRIKES_TO_BAR,
            barredUntil: (await dealDefaults.activeBar(db, r.buyer_id, now))?.until.getTime() ?? null,
          }
        : null;
    return {
      standing,
      receipts: shown,
      invoices: await latestInvoices(
        db,
        shown.map((p) => p.payment_no),
      ),
      choices,
    };
  }

  function toView(r: ViewRow, viewer: Viewer, extras: Extras): deals.DealView {
    const yuan = (fen: string | number) => fenToYuanString(Number(fen));
    const now = ctx.now().getTime();
    const terms = termsOf(r.terms);
    const deadline = deadlineOf(r);
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
      orderId: r.lot_id,
      title: r.title,
      coverUrl: r.cover,
      stage: r.stage,
      stageText: deals.DEAL_STAGES[r.stage],
      deadline: ms(deadline),
      closedAt: r.created_at.getTime(),
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
      overdue: deadline !== null && deadline.getTime() <= now,
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

  /** Both halves paid and the contract signed: the car may be collected. */
  async function advanceIfPaid(trx: Tx, lotId: string, now: Date) {
    const deal = await dealsRepo(trx).lock(lotId);
    if (!deal || deal.stage !== 'paying' || deal.state !== 'paid' || !deal.fee_paid_at) return;
    await dealsRepo(trx).update(lotId, {
      stage: 'pickup',
      pickup_deadline: new Date(now.getTime() + termsOf(deal.terms).pickupDays * DAY),
    });
    await dealNotices.paidInFull(trx, lotId, now);
  }

  async function onBalancePaid(trx: Tx, payment: PaymentRow, now: Date) {
    const repo = dealsRepo(trx);
    const deal = await repo.lock(payment.lot_id);
    if (
      deal &&
      deal.buyer_id === payment.buyer_id &&
      deal.stage === 'paying' &&
      deal.state === 'awaiting_payment'
    ) {
      await repo.update(payment.lot_id, {
        state: 'paid',
        payment_no: payment.payment_no,
        paid_at: payment.paid_at ?? now,
      });
      await advanceIfPaid(trx, payment.lot_id, now);
    } else if (deal) {
      await repo.update(payment.lot_id, { late_payment_no: payment.payment_no });
      ctx.log.warn(
        { lotId: payment.lot_id, paymentNo: payment.payment_no },
        'balance paid out of turn: to be returned',
      );
    }
  }

  async function onFeePaid(trx: Tx, payment: PaymentRow, now: Date) {
    const repo = dealsRepo(trx);
    const deal = await repo.lock(payment.lot_id);
    if (deal && deal.buyer_id === payment.buyer_id && deal.stage === 'paying' && !deal.fee_paid_at) {
      await repo.update(payment.lot_id, {
        fee_payment_no: payment.payment_no,
        fee_paid_at: payment.paid_at ?? now,
      });
      await advanceIfPaid(trx, payment.lot_id, now);
    } else if (deal) {
      await repo.update(payment.lot_id, { late_fee_payment_no: payment.payment_no });
      ctx.log.warn(
        { lotId: payment.lot_id, paymentNo: payment.payment_no },
        'service fee paid out of turn: to be returned',
      );
    }
  }
  /** A storage payment adds to what is paid, whatever the stage (a late one is still owed). */
  async function onStoragePaid(trx: Tx, payment: PaymentRow) {
    const deal = await dealsRepo(trx).lock(payment.lot_id);
    if (!deal || deal.buyer_id !== payment.buyer_id) {
      ctx.log.warn({ lotId: payment.lot_id, paymentNo: payment.payment_no }, 'storage paid by another buyer');
      return;
    }
    await dealsRepo(trx).update(payment.lot_id, {
      storage_paid: Number(deal.storage_paid) + Number(payment.amount),
    });
  }
  payments.service.onPaid('balance', onBalancePaid);
  payments.service.onPaid('service_fee', onFeePaid);
  payments.service.onPaid('storage_fee', onStoragePaid);
  payments.service.onPaid('offer_deposit', (trx, payment, now) =>
    secondChance.depositPaid(trx, payment, now),
  );

  /** A live file the caller may use (`mine`), of a type a proof may be. */
  async function proofFile(
    fileId: string,
    mine: (f: { owner_id: string; owner_unit_id: string | null; is_private: boolean }) => boolean,
    what: string,
  ) {
    const f = await filesRepo(db).live(fileId);
    if (!f || !mine(f)) throw notFound('文件不存在或已删除');
    if (!PROOF_TYPES.test(f.content_type)) throw badRequest(`${what}须为PDF或图片（JPG、PNG、WebP）`);
    return f;
  }

  /** The checks every payment of the buyer's shares: their deal, signed, in time. */
  async function payable(buyerId: string, orderId: string) {
    const deal = await find(orderId, { kind: 'buyer', userId: buyerId });
    if (deal.stage === 'defaulted' || deal.pay_deadline <= ctx.now()) throw conflict(PAST_DEADLINE);
    if (deal.stage === 'signing') throw conflict(SIGN_FIRST);
    return deal;
  }

  return {
    view: async (orderId: string, viewer: Viewer) => {
      const r = await find(orderId, viewer);
      return toView(r, viewer, await extrasOf(r));
    },

    /** The console's view: any deal, the buyer unmasked. */
    async consoleView(orderId: string) {
      const r = await dealsRepo(db).view(orderId);
      if (!r) throw notFound(NOT_FOUND);
      return { row: r, view: toView(r, { kind: 'buyer', userId: r.buyer_id }, await extrasOf(r)) };
    },

    async contract(buyerId: string, orderId: string) {
      const r = await find(orderId, { kind: 'buyer', userId: buyerId });
      const signature =
        r.signed_at && r.contract_sha256
          ? { signer: facts(r).buyer.name, signedAt: r.signed_at.getTime(), ip: r.signed_ip ?? '' }
          : null;
      const pdf = await renderContract(facts(r), signature);
      return { pdf, filename: `成交确认书-${facts(r).contractNo}${signature ? '-已签署' : ''}.pdf` };
    },

    async sendSignCode(user: SessionUser, orderId: string, ip: string) {
      const r = await find(orderId, { kind: 'buyer', userId: user.id });
      if (r.stage !== 'signing') throw conflict(r.signed_at ? '成交确认书已签署' : '该成交订单已不能签署');
      if (!r.buyer_tel) throw conflict('请先绑定手机号');
      await codes.issue(r.buyer_tel, 'signContract', ip);
      return { resendSeconds: RESEND_SECONDS, tel: maskTel(r.buyer_tel) };
    },

    async sign(
      user: SessionUser,
      input: { orderId: string; code: string; sha256: string },
      ip: string,
      ua: string,
    ) {
      const r = await find(input.orderId, { kind: 'buyer', userId: user.id });
      const now = ctx.now();
      if (r.signed_at) throw conflict('成交确认书已签署');
      if (r.stage !== 'signing' || (r.sign_deadline && r.sign_deadline <= now))
        throw conflict('已超过签约期限，不能再签署');
      const sha = contractHash(facts(r));
      if (input.sha256 !== sha) throw conflict('成交确认书内容已更新，请重新阅读后签署');
      if (!r.buyer_tel) throw conflict('请先绑定手机号');
      await codes.verify(r.buyer_tel, 'signContract', input.code, true);
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(input.orderId);
        if (!locked || locked.stage !== 'signing') throw conflict('成交确认书已签署');
        await dealsRepo(trx).update(input.orderId, {
          stage: 'paying',
          signed_at: now,
          signed_ip: ip,
          signed_ua: ua.slice(0, 400),
          contract_sha256: sha,
        });
        await dealNotices.signed(trx, input.orderId, now);
      });
      return { signedAt: now.getTime() };
    },

    async payBalance(buyerId: string, orderId: string) {
      const deal = await payable(buyerId, orderId);
      if (deal.state === 'paid') throw conflict('该车辆余款已付清');
      return payments.service
        .create({
          purpose: 'balance',
          lotId: orderId,
          buyerId,
          amount: Number(deal.balance_due),
          subject: `成交余款：${deal.title}`,
          returnUrl: `/buyerDetailInfo/${orderId}`,
        })
        .then(({ paymentNo, payUrl }) => ({ paymentNo, payUrl }));
    },

    async payServiceFee(buyerId: string, orderId: string) {
      const deal = await payable(buyerId, orderId);
      if (deal.fee_paid_at) throw conflict('买方服务费已支付');
      return payments.service
        .create({
          purpose: 'service_fee',
          lotId: orderId,
          buyerId,
          amount: Number(deal.service_fee),
          subject: `买方服务费：${deal.title}`,
          returnUrl: `/buyerDetailInfo/${orderId}`,
        })
        .then(({ paymentNo, payUrl }) => ({ paymentNo, payUrl }));
    },

    async arrangePickup(buyerId: string, input: deals.PickupPlanInput) {
      const r = await find(input.orderId, { kind: 'buyer', userId: buyerId });
      if (r.stage === 'signing') throw conflict(SIGN_FIRST);
      if (r.stage === 'defaulted') throw conflict('该成交订单已违约，不能安排提车');
      if (r.stage === 'transfer' || r.stage === 'done') throw conflict('车辆已交接，提车安排不能再修改');
      const now = ctx.now();
      const [y, m, d] = input.pickupDate.split('-').map(Number) as [number, number, number];
      const day = Math.floor(Date.UTC(y, m - 1, d) / DAY);
      if (Number.isNaN(day) || new Date(Date.UTC(y, m - 1, d)).getUTCDate() !== d)
        throw badRequest('提车日期不正确');
      if (day < beijingDayNumber(now.getTime())) throw badRequest('提车日期不能早于今天');
      const last = r.pickup_deadline ?? new Date(r.pay_deadline.getTime() + deals.PICKUP_DAYS * DAY);
      if (day > beijingDayNumber(last.getTime())) throw badRequest('提车日期须在提车期限内');
      const plan: deals.StoredPickupPlan = {
        pickupDate: input.pickupDate,
        slot: input.slot,
        collector: input.collector,
        transfer: input.transfer,
        updatedAt: now.getTime(),
        ...(input.collector === 'agent' && input.agentName && input.agentIdNo && input.agentTel
          ? {
              agentName: input.agentName,
              agentTel: input.agentTel,
              agentIdSealed: crypto.seal(input.agentIdNo, AGENT_ID_CONTEXT),
              agentIdMasked: `${input.agentIdNo.slice(0, 3)}***********${input.agentIdNo.slice(-4)}`,
            }
          : {}),
      };
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(input.orderId);
        if (!locked || (locked.stage !== 'paying' && locked.stage !== 'pickup'))
          throw conflict('车辆已交接，提车安排不能再修改');
        await dealsRepo(trx).update(input.orderId, { pickup_plan: JSON.stringify(plan) });
      });
      return toView(
        { ...r, pickup_plan: plan },
        { kind: 'buyer', userId: buyerId },
        { receipts: [], invoices: new Map(), choices: null, standing: null },
      ).pickupPlan!;
    },

    async confirmReceipt(
      sellerId: string,
      unitId: string,
      input: { orderId: string; handoverTime: number; mileageKm: number },
    ) {
      const r = await find(input.orderId, { kind: 'seller', unitId });
      const now = ctx.now();
      if (r.stage === 'signing' || r.stage === 'paying')
        throw conflict('买受人尚未付清全部款项，不能确认交车');
      if (r.stage !== 'pickup') throw conflict(r.stage === 'defaulted' ? '该成交订单已违约' : '交车已确认');
      if (input.handoverTime > now.getTime() + 5 * 60_000) throw badRequest('交车时间不能晚于现在');
      if (input.handoverTime < r.created_at.getTime()) throw badRequest('交车时间不能早于成交时间');
      const handoverAt = new Date(input.handoverTime);
      // Storage up to the handover must be paid before the car leaves.
      const owed = storageOf({ ...r, handover_at: handoverAt }, now.getTime()).outstanding;
      if (owed > 0) throw conflict(`买受人尚有场地存放费 ${fenDisplay(owed)} 未付，付清后才能确认交车`);
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(input.orderId);
        if (!locked || locked.stage !== 'pickup') throw conflict('交车已确认');
        await dealsRepo(trx).update(input.orderId, {
          stage: 'transfer',
          handover_at: handoverAt,
          handover_mileage_km: input.mileageKm,
          handover_by: sellerId,
          transfer_deadline: new Date(handoverAt.getTime() + termsOf(r.terms).transferDays * DAY),
        });
        // Settlement (docs/product.md#17-ledger-and-settlement): the unit's payout, in the handover's transaction.
        await settleDeal(trx, { ...locked, handover_at: handoverAt }, now);
        await dealNotices.handedOver(trx, input.orderId, now);
      });
      return { stage: 'transfer' as const };
    },

    async payStorageFee(buyerId: string, orderId: string) {
      const r = await find(orderId, { kind: 'buyer', userId: buyerId });
      if (r.stage !== 'pickup')
        throw conflict(r.stage === 'defaulted' ? '该成交订单已违约' : '当前阶段无需支付场地存放费');
      const owed = storageOf(r, ctx.now().getTime()).outstanding;
      if (owed <= 0) throw conflict('当前没有应付的场地存放费');
      // A pending order of an older amount (fewer days) is dropped for one of today's amount.
      const open = await payments.service.findOpen('storage_fee', orderId, buyerId, { pendingOnly: true });
      if (open && Number(open.amount) !== owed) await paymentRepo(db).closePending(open.payment_no);
      const { paymentNo, payUrl } = await payments.service.create({
        purpose: 'storage_fee',
        lotId: orderId,
        buyerId,
        amount: owed,
        subject: `场地存放费：${r.title}`,
        returnUrl: `/buyerDetailInfo/${orderId}`,
        repeatable: true,
      });
      return { paymentNo, payUrl };
    },

    async uploadPaperContract(buyerId: string, orderId: string, fileId: string) {
      const r = await find(orderId, { kind: 'buyer', userId: buyerId });
      const now = ctx.now();
      if (r.stage !== 'signing' || (r.sign_deadline && r.sign_deadline <= now))
        throw conflict(r.signed_at ? '成交确认书已签署' : '已超过签约期限，不能再上传');
      if (r.paper_contract_status === 'pending') throw conflict('已上传的纸质合同正在审核，请等待审核结果');
      await proofFile(fileId, (f) => String(f.owner_id) === buyerId && f.is_private, '签署后的纸质合同');
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(orderId);
        if (!locked || locked.stage !== 'signing' || locked.paper_contract_status === 'pending')
          throw conflict('成交确认书已签署或正在审核');
        await dealsRepo(trx).update(orderId, {
          paper_contract_file_id: fileId,
          paper_contract_status: 'pending',
          paper_contract_reason: null,
          paper_contract_uploaded_at: now,
          paper_contract_reviewed_at: null,
          paper_contract_reviewed_by: null,
        });
        await dealNotices.contractUploaded(trx, orderId, now);
      });
      return paperOf({
        ...r,
        paper_contract_file_id: fileId,
        paper_contract_status: 'pending',
        paper_contract_reason: null,
        paper_contract_uploaded_at: now,
        paper_contract_reviewed_at: null,
      })!;
    },

    /** An operator accepts (the deal is signed, → 待付款) or rejects (the buyer may upload again). */
    async reviewPaperContract(
      operatorId: string,
      input: { orderId: string; accept: boolean; reason?: string | undefined },
      audit: (trx: Tx, before: unknown, after: unknown) => Promise<void>,
    ) {
      const now = ctx.now();
      await db.transaction().execute(async (trx) => {
        const d = await dealsRepo(trx).lock(input.orderId);
        if (!d || !d.paper_contract_status) throw notFound('未找到待审核的纸质合同');
        if (d.paper_contract_status !== 'pending') throw conflict('该合同已审核');
        if (input.accept && d.stage !== 'signing') throw conflict('该成交订单已不在签约阶段');
        const after = {
          paper_contract_status: input.accept ? ('accepted' as const) : ('rejected' as const),
          paper_contract_reason: input.accept ? null : (input.reason ?? ''),
          paper_contract_reviewed_at: now,
          paper_contract_reviewed_by: operatorId,
        };
        await dealsRepo(trx).update(input.orderId, {
          ...after,
          ...(input.accept
            ? { stage: 'paying' as const, signed_at: now, signed_ip: 'paper', contract_sha256: null }
            : {}),
        });
        await audit(
          trx,
          { status: d.paper_contract_status },
          { status: after.paper_contract_status, reason: after.paper_contract_reason },
        );
        await dealNotices.contractReviewed(
          trx,
          input.orderId,
          input.accept,
          after.paper_contract_reason,
          now,
        );
        if (input.accept) await dealNotices.signed(trx, input.orderId, now);
      });
      const r = await dealsRepo(db).view(input.orderId);
      return paperOf(r!)!;
    },

    /** The receipt PDF of one of the buyer's paid payments on the deal. */
    async receipt(buyerId: string, orderId: string, paymentNo: string) {
      const r = await find(orderId, { kind: 'buyer', userId: buyerId });
      const pay = (await dealExtrasRepo(db).receipts(orderId, buyerId)).find(
        (p) => p.payment_no === paymentNo,
      );
      if (!pay || !pay.paid_at) throw notFound('未找到该付款记录');
      const pdf = await renderReceipt({
        receiptNo: `SJ${pay.payment_no}`,
        paymentNo: pay.payment_no,
        payer: facts(r).buyer.name,
        payee: '车拍商城平台（代收）',
        purpose: deals.PAYMENT_PURPOSE_TEXT[pay.purpose],
        vehicle: r.title,
        contractNo: facts(r).contractNo,
        amount: Number(pay.amount),
        paidAt: pay.paid_at.getTime(),
      });
      return { pdf, filename: `收款凭证-${pay.payment_no}.pdf` };
    },

    /** The seller (their unit's file) or an operator records the new registration: 已完成. */
    async recordTransfer(
      by: { kind: 'seller'; userId: string; unitId: string } | { kind: 'operator'; userId: string },
      input: { orderId: string; newPlateNo: string; transferDate: string; proofFileId: string },
      audit?: (trx: Tx, after: unknown) => Promise<void>,
    ) {
      const r =
        by.kind === 'seller'
          ? await find(input.orderId, { kind: 'seller', unitId: by.unitId })
          : await dealsRepo(db).view(input.orderId);
      if (!r) throw notFound(NOT_FOUND);
      if (r.stage !== 'transfer')
        throw conflict(r.stage === 'done' ? '过户已登记' : '车辆尚未交接，不能登记过户');
      const day = beijingDateStart(input.transferDate);
      const now = ctx.now();
      if (Number.isNaN(day)) throw badRequest('过户日期不正确');
      if (day > now.getTime()) throw badRequest('过户日期不能晚于今天');
      if (r.handover_at && day + DAY <= r.handover_at.getTime()) throw badRequest('过户日期不能早于交车日期');
      await proofFile(
        input.proofFileId,
        (f) =>
          String(f.owner_id) === by.userId ||
          (f.owner_unit_id !== null && String(f.owner_unit_id) === String(r.seller_id)),
        '过户证明',
      );
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(input.orderId);
        if (!locked || locked.stage !== 'transfer') throw conflict('过户已登记');
        await dealsRepo(trx).update(input.orderId, {
          stage: 'done',
          new_plate_no: input.newPlateNo,
          transfer_date: input.transferDate,
          transfer_proof_file_id: input.proofFileId,
          transfer_recorded_at: now,
          transfer_recorded_by: by.userId,
          transfer_recorded_role: by.kind,
          completed_at: now,
        });
        await audit?.(trx, { newPlateNo: input.newPlateNo, transferDate: input.transferDate });
        await dealNotices.transferred(trx, input.orderId, now);
      });
      return { stage: 'done' as const };
    },

    /** The second-chance offers made to the buyer, newest first. */
    async offers(buyerId: string) {
      const rows = await dealFlowRepo(db).offersOfBuyer(buyerId);
      return { list: rows.map((o) => secondChance.offerView(o)), serverTime: ctx.now().getTime() };
    },

    /** Declines, or accepts: by paying the lot's deposit at the returned page (decision 025). */
    async answerOffer(buyerId: string, offerId: string, accept: boolean) {
      const now = ctx.now();
      const viewOf = async (payUrl: string | null) => {
        const offer = (await dealFlowRepo(db).offersOfBuyer(buyerId)).find((o) => o.id === offerId)!;
        return { ...secondChance.offerView(offer), payUrl };
      };
      const toPay = accept ? await secondChance.toAccept(db, buyerId, offerId, now) : null;
      if (toPay && toPay.deposit > 0) {
        const { paymentNo, payUrl } = await payments.service.create({
          purpose: 'offer_deposit',
          lotId: toPay.lotId,
          buyerId,
          amount: toPay.deposit,
          subject: `次高价成交保证金：${toPay.title}`,
          // Back on the deal's page, which waits for the deposit's notice to open the round.
          returnUrl: `/buyerDetailInfo/${toPay.lotId}`,
        });
        await dealFlowRepo(db).setOfferPayment(offerId, paymentNo);
        return viewOf(payUrl);
      }
      const outcome = await secondChance.answer(db, buyerId, offerId, accept, now);
      if (outcome.expired) throw conflict(EXPIRED);
      return viewOf(null);
    },

    /** The seller's choice after a default: a second-chance offer, or relisting. */
    async chooseAfterDefault(
      actor: { kind: 'seller'; userId: string; unitId: string },
      orderId: string,
      action: 'secondChance' | 'relist',
    ) {
      const r = await find(orderId, { kind: 'seller', unitId: actor.unitId });
      if (r.stage !== 'defaulted') throw conflict('该成交订单未违约，不能另行处置');
      await dealDefaults.choose(db, actor, orderId, action, ctx.now());
      const after = await find(orderId, { kind: 'seller', unitId: actor.unitId });
      return toView(after, { kind: 'seller', unitId: actor.unitId }, await extrasOf(after)).defaultInfo!;
    },

    /** The buyer's own deals (user/order/list as a buyer calls it). */
    async buyerList(
      buyerId: string,
      q: { pageNum: number; pageSize: number; stage?: deals.DealStage | undefined },
    ) {
      const now = ctx.now();
      const { total, rows } = await dealsRepo(db).ofBuyer(buyerId, q.stage, pageOffset(q), q.pageSize);
      return {
        ...pageOf(
          q,
          total,
          rows.map((r) => summaryOf(r, now)),
        ),
        serverTime: now.getTime(),
      };
    },

    /** Defaults one overdue deal per transaction until none is left; SKIP LOCKED keeps processes apart. */
    async defaultOverdueDeals(now: Date, limit = 50): Promise<number> {
      let done = 0;
      for (; done < limit; done++) {
        const moved = await db.transaction().execute(async (trx) => {
          const tx = dealsRepo(trx);
          const deal = await tx.claimOverdue(now);
          if (!deal) return false;
          const { reason, barredUntil } = await dealDefaults.record(trx, deal, now);
          await dealNotices.defaulted(trx, deal.lot_id, reason, now, barredUntil);
          return true;
        });
        if (!moved) break;
      }
      return done;
    },
  };
}

/** One row of a list of deals: stage, deadline and what is owed. */
export function summaryOf(
  r: {
    lot_id: string;
    title: string;
    cover: string | null;
    stage: deals.DealStage;
    sign_deadline: Date | null;
    pay_deadline: Date;
    pickup_deadline: Date | null;
    transfer_deadline: Date | null;
    final_price: string;
    balance_due: string;
    service_fee: string;
    created_at: Date;
  },
  now: Date,
): deals.BuyerDealSummary {
  const deadline = stageDeadline(r);
  return {
    orderId: r.lot_id,
    title: r.title,
    coverUrl: r.cover,
    stage: r.stage,
    stageText: deals.DEAL_STAGES[r.stage],
    deadline: deadline?.getTime() ?? null,
    overdue: deadline !== null && deadline <= now,
    finalPrice: fenToYuanString(Number(r.final_price)),
    totalDue: fenToYuanString(Number(r.balance_due) + Number(r.service_fee)),
    closedAt: r.created_at.getTime(),
  };
}

/** The deadline of the deal's current stage (null when none runs). */
export function stageDeadline(r: {
  stage: deals.DealStage;
  sign_deadline: Date | null;
  pay_deadline: Date;
  pickup_deadline: Date | null;
  transfer_deadline: Date | null;
}): Date | null {
  switch (r.stage) {
    case 'signing':
      return r.sign_deadline;
    case 'paying':
      return r.pay_deadline;
    case 'pickup':
      return r.pickup_deadline;
    case 'transfer':
      return r.transfer_deadline;
    default:
      return null;
  }
}

const amountWords = (fen: string) => amountInWords(fenToYuanString(Number(fen)));

export type DealsService = ReturnType<typeof dealsService>;
