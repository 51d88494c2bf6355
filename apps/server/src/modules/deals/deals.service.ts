import { amountInWords, beijingDayNumber, deals, fenToYuanString, maskTel } from '@chepai/shared';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { DataCrypto } from '../../platform/crypto';
import type { Payments } from '../../platform/payments/payments';
import type { PaymentRow } from '../../platform/payments/payment.repo';
import { RESEND_SECONDS, type SmsCodes } from '../accounts/sms-codes';
import type { SessionUser } from '../accounts/sessions';
import { forfeitDeposit } from '../settlement/forfeit';
import { settleDeal } from '../settlement/postings';
import { dealNotices } from '../notices/deal-notices';
import { contractHash, renderContract, type ContractFacts } from './contract-pdf';
import { dealsRepo } from './deals.repo';

type Tx = Transaction<Database>;
type ViewRow = NonNullable<Awaited<ReturnType<ReturnType<typeof dealsRepo>['view']>>>;
const DAY = 86_400_000;
const NOT_FOUND = '未找到该成交订单';
const SIGN_FIRST = '请先签署成交确认书';
const PAST_DEADLINE = '已超过付款期限，保证金不予退还';
const AGENT_ID_CONTEXT = 'deal.pickup_agent_id';

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
    };
  }

  function deadlineOf(r: ViewRow): Date | null {
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

  function toView(r: ViewRow, viewer: Viewer): deals.DealView {
    const yuan = (fen: string | number) => fenToYuanString(Number(fen));
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
      deadline: ms(deadlineOf(r)),
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
    };
  }

  /** Both halves paid and the contract signed: the car may be collected. */
  async function advanceIfPaid(trx: Tx, lotId: string, now: Date) {
    const deal = await dealsRepo(trx).lock(lotId);
    if (!deal || deal.stage !== 'paying' || deal.state !== 'paid' || !deal.fee_paid_at) return;
    await dealsRepo(trx).update(lotId, {
      stage: 'pickup',
      pickup_deadline: new Date(now.getTime() + deals.PICKUP_DAYS * DAY),
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
  payments.service.onPaid('balance', onBalancePaid);
  payments.service.onPaid('service_fee', onFeePaid);

  /** The checks every payment of the buyer's shares: their deal, signed, in time. */
  async function payable(buyerId: string, orderId: string) {
    const deal = await find(orderId, { kind: 'buyer', userId: buyerId });
    if (deal.stage === 'defaulted' || deal.pay_deadline <= ctx.now()) throw conflict(PAST_DEADLINE);
    if (deal.stage === 'signing') throw conflict(SIGN_FIRST);
    return deal;
  }

  return {
    view: async (orderId: string, viewer: Viewer) => toView(await find(orderId, viewer), viewer),

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
      return toView({ ...r, pickup_plan: plan }, { kind: 'buyer', userId: buyerId }).pickupPlan!;
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
      await db.transaction().execute(async (trx) => {
        const locked = await dealsRepo(trx).lock(input.orderId);
        if (!locked || locked.stage !== 'pickup') throw conflict('交车已确认');
        await dealsRepo(trx).update(input.orderId, {
          stage: 'transfer',
          handover_at: handoverAt,
          handover_mileage_km: input.mileageKm,
          handover_by: sellerId,
          transfer_deadline: new Date(handoverAt.getTime() + deals.TRANSFER_DAYS * DAY),
        });
        // Settlement (docs/product.md#17-ledger-and-settlement): the unit's payout, in the handover's transaction.
        await settleDeal(trx, { ...locked, handover_at: handoverAt }, now);
        await dealNotices.handedOver(trx, input.orderId, now);
      });
      return { stage: 'transfer' as const };
    },

    /** Defaults one overdue deal per transaction until none is left; SKIP LOCKED keeps processes apart. */
    async defaultOverdueDeals(now: Date, limit = 50): Promise<number> {
      let done = 0;
      for (; done < limit; done++) {
        const moved = await db.transaction().execute(async (trx) => {
          const tx = dealsRepo(trx);
          const deal = await tx.claimOverdue(now);
          if (!deal) return false;
          const reason = deal.stage === 'signing' ? 'sign' : 'pay';
          await tx.update(deal.lot_id, { stage: 'defaulted', state: 'defaulted', defaulted_at: now });
          await forfeitDeposit(trx, deal.lot_id, deal.buyer_id, now);
          await dealNotices.defaulted(trx, deal.lot_id, reason, now);
          return true;
        });
        if (!moved) break;
      }
      return done;
    },
  };
}

const amountWords = (fen: string) => amountInWords(fenToYuanString(Number(fen)));

export type DealsService = ReturnType<typeof dealsService>;
