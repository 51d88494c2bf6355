import type { ColumnType, Generated } from 'kysely';

/** int8 columns arrive as strings (see client.ts). */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type GeneratedId = ColumnType<string, string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SupportArticleTable {
  id: GeneratedId;
  slug: string;
  type: number;
  title: string;
  content: string;
  publish_time: Timestamp;
  sort: Generated<number>;
  created_at: CreatedAt;
}

export interface AnnouncementTable {
  id: GeneratedId;
  slug: string;
  title: string;
  summary: string;
  source: string;
  pinned: Generated<boolean>;
  content: string;
  publish_time: Timestamp;
  created_at: CreatedAt;
}

export interface HotKeywordTable {
  id: GeneratedId;
  word_name: string;
  sort: Generated<number>;
  enabled: Generated<boolean>;
}

export interface AppSecretTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface PaymentTable {
  payment_no: string;
  purpose: 'deposit';
  lot_id: Int8;
  buyer_id: Int8;
  amount: Int8;
  subject: string;
  provider: string;
  status: 'pending' | 'paid' | 'closed';
  provider_trade_no: string | null;
  created_at: Timestamp;
  paid_at: Timestamp | null;
}

export interface PaymentNotificationTable {
  id: GeneratedId;
  provider: string;
  payment_no: string | null;
  provider_trade_no: string | null;
  body: string;
  signature: string;
  outcome: 'applied' | 'duplicate' | 'rejected';
  reason: string | null;
  received_at: Timestamp;
}

export type DepositLedgerState = 'frozen' | 'applied' | 'refunded' | 'forfeited';

export interface DepositLedgerTable {
  id: GeneratedId;
  lot_id: Int8;
  buyer_id: Int8;
  payment_no: string;
  bidder_no: string;
  state: DepositLedgerState;
  amount: Int8;
  frozen_at: Timestamp;
  settled_at: Timestamp | null;
}

export interface DepositMovementTable {
  id: GeneratedId;
  ledger_id: Int8;
  lot_id: Int8;
  buyer_id: Int8;
  from_state: DepositLedgerState | null;
  to_state: DepositLedgerState;
  amount: Int8;
  reason: string;
  at: Timestamp;
}

export interface SandboxTradeTable {
  trade_no: string;
  merchant_payment_no: string;
  subject: string;
  amount: Int8;
  notify_url: string;
  return_url: string;
  status: 'WAIT_BUYER_PAY' | 'TRADE_SUCCESS' | 'TRADE_CLOSED';
  created_at: Timestamp;
  paid_at: Timestamp | null;
  notify_attempts: Generated<number>;
  next_notify_at: Timestamp | null;
  notified_at: Timestamp | null;
  last_notify_error: string | null;
}

export interface Database {
  support_article: SupportArticleTable;
  announcement: AnnouncementTable;
  hot_keyword: HotKeywordTable;
  app_secret: AppSecretTable;
  payment: PaymentTable;
  payment_notification: PaymentNotificationTable;
  deposit_ledger: DepositLedgerTable;
  deposit_movement: DepositMovementTable;
  sandbox_trade: SandboxTradeTable;
}
