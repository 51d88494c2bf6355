import { z } from 'zod';
import { BID_REJECTIONS, LOT_STATUS } from '../domain/bidding-rules';
import { yuanStringToFen } from '../domain/money';
import { endpoint } from './define';
import { idSchema, pageOf, pageQuery } from './common';

/** A yuan amount typed by a buyer ("128000.00", "128000"); becomes integer fen. */
export const yuanInput = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label}必须是金额` }).transform((v, ctx) => {
    const text = String(v).trim();
    try {
      const fen = yuanStringToFen(text);
      if (fen > 0 && fen <= 100_000_000_00) return Number(fen);
      ctx.addIssue({ code: 'custom', message: `${label}须在0.01元到1亿元之间` });
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确，最多两位小数` });
    }
    return z.NEVER;
  });

/** Money in answers: yuan decimal strings. */
export const yuan = z.string().regex(/^-?\d+\.\d{2}$/);

/**
 * Where a lot stands, as the live channel moves it. The lot answers (contracts/lots.ts) and the
 * live events (events.ts) take these fields from here, so a field added here reaches both.
 */
export const lotLiveFields = z.object({
  status: z.number().int(),
  currentPrice: yuan,
  /** Epoch milliseconds. */
  endTime: z.number().int(),
  bidCount: z.number().int(),
});

/** Lot status codes 0–7 (docs/product.md#5-lot-statuses). */
const lotStatus = z.number().int().min(LOT_STATUS.preview).max(LOT_STATUS.withdrawn);

/** The public live state of a lot, carried by every bid answer (accepted or refused). */
export const lotLiveState = lotLiveFields.extend({
  orderId: z.string(),
  status: lotStatus,
  startPrice: yuan,
  increment: yuan,
  /** null until the first bid. */
  currentPrice: yuan.nullable(),
  minNextBid: yuan,
  lastSeq: z.number().int(),
  serverTime: z.number().int(),
  /** For the calling buyer. */
  leading: z.boolean(),
  myMaxAmount: yuan.nullable(),
});
export type LotLiveState = z.infer<typeof lotLiveState>;

/** One recorded bid as its bidder sees it in the bid answer. */
export const acceptedBid = z.object({
  seq: z.number().int(),
  /** 竞买号 (the caller's own, unmasked). */
  bidderNo: z.string(),
  amount: yuan,
  /** The engine placed this bid for a proxy maximum (代理出价). */
  auto: z.boolean(),
  bidTime: z.number().int(),
  mine: z.boolean(),
});
export type AcceptedBid = z.infer<typeof acceptedBid>;

export const BID_REJECTION_CODES = Object.keys(BID_REJECTIONS) as [
  keyof typeof BID_REJECTIONS,
  ...(keyof typeof BID_REJECTIONS)[],
];

/** `data` of a 409 answer to a bid: why (code) and the state now. */
export const bidRejectionData = lotLiveState.extend({ reason: z.enum(BID_REJECTION_CODES) });
export type BidRejectionData = z.infer<typeof bidRejectionData>;

/**
 * Whether this server takes payments through the sandbox (no real money moves); every payment page
 * says so (docs/deploy.md).
 */
export const paymentConfig = endpoint({
  method: 'GET',
  path: '/mall-auction/pay/config',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({ sandbox: z.boolean() }),
});

export const deposit = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/deposit',
  auth: 'buyer',
  input: z.object({ orderId: idSchema }),
  output: z.object({ paymentNo: z.string(), payUrl: z.string() }),
});

/** A winner pays the balance within this many hours of the close, or forfeits the deposit. */
export const WINNER_PAY_HOURS = 72;

export const DEPOSIT_STATES = ['pending', 'frozen', 'applied', 'refunded', 'forfeited'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];

export const depositInfo = endpoint({
  method: 'GET',
  path: '/mall-auction/buyer/auc_order/deposit/:orderId',
  auth: 'buyer',
  input: z.object({ orderId: idSchema }),
  output: z.object({
    registered: z.boolean(),
    state: z.enum(DEPOSIT_STATES).nullable(),
    bidderNo: z.string().nullable(),
    amount: yuan,
    paymentNo: z.string().nullable(),
  }),
});

export const DEAL_STATES = ['awaiting_payment', 'paid', 'defaulted'] as const;
export type DealState = (typeof DEAL_STATES)[number];

export const placeBid = endpoint({
  method: 'POST',
  path: '/mall-auction/buyer/auc_order/bid',
  auth: 'buyer',
  input: z.object({
    orderId: idSchema,
    amount: yuanInput('出价金额'),
    maxAmount: yuanInput('最高代理价').optional(),
  }),
  output: z.object({
    result: z.enum(['accepted', 'maxRaised']),
    /** The bid as recorded; null when only the proxy maximum was raised. */
    bid: acceptedBid.nullable(),
    state: lotLiveState,
  }),
});

export const myBidRecord = endpoint({
  method: 'GET',
  path: '/mall-auction/user/buyer/auction/record',
  auth: 'buyer',
  input: pageQuery(10),
  output: pageOf(
    z.object({
      orderId: z.string(),
      title: z.string(),
      status: lotStatus,
      myTopAmount: yuan,
      currentPrice: yuan.nullable(),
      leading: z.boolean(),
      lastBidTime: z.number().int(),
      endTime: z.number().int(),
    }),
  ),
});

/** Lots the buyer won (dealCar): the price, the deposit already applied and what remains to pay. */
export const myDeals = endpoint({
  method: 'GET',
  path: '/mall-auction/user/buyer/deal/list',
  auth: 'buyer',
  input: pageQuery(10),
  output: pageOf(
    z.object({
      orderId: z.string(),
      title: z.string(),
      coverUrl: z.string().nullable(),
      finalPrice: yuan,
      deposit: yuan,
      depositState: z.enum(DEPOSIT_STATES),
      balanceDue: yuan,
      closedAt: z.number().int(),
      /** Pay the balance before this, or the deposit is forfeited (悔拍). */
      payDeadline: z.number().int(),
      /** awaiting_payment → paid, or defaulted at the deadline (deposit forfeited). */
      dealState: z.enum(DEAL_STATES),
      paidAt: z.number().int().nullable(),
      /** Where the deal stands after the hammer (docs/product.md#16-the-deal-after-the-hammer). */
      stage: z.enum(['signing', 'paying', 'pickup', 'transfer', 'done', 'defaulted']),
      stageText: z.string(),
      /** The current stage's deadline; null when nothing is due. */
      stageDeadline: z.number().int().nullable(),
    }),
  ),
});

/** The buyer's deposits, newest first: frozen while bidding, then applied, refunded or forfeited. */
export const myDeposits = endpoint({
  method: 'GET',
  path: '/mall-auction/user/buyer/deposit/list',
  auth: 'buyer',
  input: pageQuery(10),
  output: pageOf(
    z.object({
      orderId: z.string(),
      title: z.string(),
      status: lotStatus,
      amount: yuan,
      state: z.enum(DEPOSIT_STATES),
      bidderNo: z.string(),
      paymentNo: z.string(),
      frozenAt: z.number().int(),
      settledAt: z.number().int().nullable(),
    }),
  ),
});
