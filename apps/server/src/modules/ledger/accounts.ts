/**
 * The chart of accounts (decision 022, docs/product.md#17-ledger-and-settlement). An account is a
 * string; debit +, credit −, in fen. Asset accounts (clearing) normally carry a debit balance,
 * what we owe (a buyer's deposit, a lot's escrow, a unit's payable, refunds and payouts under way)
 * and revenue carry a credit balance.
 */
export const accounts = {
  /** Money held for us at the payment company: in with every paid payment, out with refunds and payouts. */
  provider: 'clearing:provider',
  /** Refunds decided but not yet confirmed by the payment company. */
  refunds: 'clearing:refunds',
  /** Payouts created but not yet confirmed by the payment company. */
  payouts: 'clearing:payouts',
  /** A buyer's deposit while it is frozen for a lot. */
  buyerDeposit: (buyerId: string) => `buyer:${buyerId}:deposit`,
  /** The buyer's money for a sold lot (applied deposit + balance) until settlement or refund. */
  escrow: (lotId: string) => `escrow:lot:${lotId}`,
  /** What the platform owes a selling unit (proceeds, its share of a forfeit) until paid out. */
  sellerPayable: (unitId: string) => `seller:${unitId}:payable`,
  buyerFee: 'platform:revenue:buyer-fee',
  sellerFee: 'platform:revenue:seller-fee',
  forfeit: 'platform:revenue:forfeit',
  /** Any other paid payment type (storage fee, …) is revenue of its own kind. */
  revenue: (purpose: string) => `platform:revenue:${purpose.replace(/_/g, '-')}`,
} as const;

/** Journal kinds: what a movement is. */
export const JOURNAL_KINDS = {
  payment: '收款',
  deposit_applied: '保证金抵作价款',
  deposit_refund: '保证金退还',
  forfeit: '保证金罚没',
  settlement: '成交结算',
  payout: '结算打款',
  refund: '退款',
  refund_sent: '退款到账',
} as const;
export type JournalKind = keyof typeof JOURNAL_KINDS;
