import { beijingDayNumber, deals, fenDisplay, maskTel } from '@chepai/shared';
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
import { settleDeal } from '../settlement/postings';
import { dealNotices } from '../notices/deal-notices';
import { contractHash, renderContract } from './contract-pdf';
import { dealDefaults } from './deal-defaults';
import { EXPIRED, secondChance } from './second-chance';
import { dealFlowRepo } from './deal-flow.repo';
import { termsOf } from './deal-terms';
import { dealExtrasRepo, dealsRepo } from './deals.repo';
import { dealViews, NOT_FOUND, paperOf, storageOf, summaryOf, type Viewer } from './deal-view';
import { renderReceipt } from './receipt-pdf';
import { pageOf, pageOffset } from '../../lib/paging';
import { beijingDateStart } from '../../lib/time';

type Tx = Transaction<Database>;
const DAY = 86_400_000;
const SIGN_FIRST = '请先签署成交确认书';
const PAST_DEADLINE = '已超过付款期限，保证金不予退还';
const AGENT_ID_CONTEXT = 'deal.pickup_agent_id';

/** A scan of a signed contract or a registration proof: a PDF or an image. */
const PROOF_TYPES = /^(application\/pdf|image\/(jpeg|png|webp))$/;

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
  const { find, facts, toView, page } = dealViews(ctx);

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
    view: async (orderId: string, viewer: Viewer) => (await page(orderId, viewer)).view,

    /** The console's view: any deal, the buyer unmasked. */
    consoleView: (orderId: string) => page(orderId, null),

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
      return (await page(orderId, { kind: 'seller', unitId: actor.unitId })).view.defaultInfo!;
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
export type DealsService = ReturnType<typeof dealsService>;
