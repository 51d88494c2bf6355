import type { bidding, deals, OperatorRole, Role } from '@chepai/shared';
import type { ColumnType, Generated } from 'kysely';

/** int8 columns arrive as strings (see client.ts). */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type GeneratedId = ColumnType<string, string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

/** draft, published (public from publish_time) or withdrawn (migration 041). */
export type PublicationStatus = 'draft' | 'published' | 'withdrawn';

/** What announcements and support articles share: their publication (migration 041). */
export interface PublishedContent {
  id: GeneratedId;
  /** The demo seed's key for its own rows; null for what the console writes. */
  slug: string | null;
  title: string;
  content: string;
  status: Generated<PublicationStatus>;
  /** Null for a draft never published. */
  publish_time: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  updated_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface SupportArticleTable extends PublishedContent {
  type: number;
  sort: Generated<number>;
}

export interface AnnouncementTable extends PublishedContent {
  summary: string;
  source: string;
  pinned: Generated<boolean>;
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

export interface CarBrandTable {
  id: GeneratedId;
  code: string;
  name: string;
  first_letter: string;
  country: string;
  logo_text: string | null;
  logo_color: string | null;
  updated_at: UpdatedAt;
}

export interface CarSeriesTable {
  id: GeneratedId;
  code: string;
  brand_id: Int8;
  series_name: string;
  fct_name: string;
  level: string;
  energy_type: string;
  body_type: string;
  /** Fen. */
  min_price: Int8;
  max_price: Int8;
  series_img: string | null;
  updated_at: UpdatedAt;
}

/** category → parameter → value. */
export type ConfigInfoJson = Record<string, Record<string, string>>;

export interface CarModelTable {
  id: GeneratedId;
  code: string;
  series_id: Int8;
  name: string;
  year: number;
  /** Guide price in fen. */
  series_price: Int8;
  on_sale: boolean;
  energy_type: string;
  /** numeric(5,3): arrives as a string. */
  displacement_l: ColumnType<string | null, string | number | null, string | number | null>;
  seats: number | null;
  config_info: ColumnType<ConfigInfoJson, string, string>;
  updated_at: UpdatedAt;
}

export interface CarParamTable {
  category: string;
  name: string;
  category_sort: number;
  sort: number;
}

export interface CatalogMetaTable {
  key: string;
  value: string;
  updated_at: UpdatedAt;
}

export interface PaymentTable {
  payment_no: string;
  purpose: 'deposit' | 'balance' | 'service_fee' | 'seller_fee' | 'storage_fee' | 'offer_deposit';
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

export type DealState = bidding.DealState;

export interface DealTable {
  lot_id: Int8;
  buyer_id: Int8;
  final_price: Int8;
  deposit_applied: Int8;
  balance_due: Int8;
  pay_deadline: Timestamp;
  state: DealState;
  payment_no: string | null;
  paid_at: Timestamp | null;
  defaulted_at: Timestamp | null;
  late_payment_no: string | null;
  created_at: Timestamp;
  /** The stage machine after the hammer (migration 019). */
  stage: Generated<deals.DealStage>;
  sign_deadline: Timestamp | null;
  contract_no: string | null;
  contract_sha256: string | null;
  signed_at: Timestamp | null;
  signed_ip: string | null;
  signed_ua: string | null;
  service_fee: ColumnType<string, string | number | undefined, string | number>;
  fee_payment_no: string | null;
  fee_paid_at: Timestamp | null;
  late_fee_payment_no: string | null;
  pickup_deadline: Timestamp | null;
  pickup_plan: Json<deals.StoredPickupPlan> | null;
  handover_at: Timestamp | null;
  handover_mileage_km: number | null;
  handover_by: Int8 | null;
  transfer_deadline: Timestamp | null;
  completed_at: Timestamp | null;
  /** The seller's commission, deducted from the payout (migration 020). */
  seller_fee: ColumnType<string, string | number | undefined, string | number>;
  new_plate_no: string | null;
  /** The flow after the hammer (migration 025): the terms the deal opened with, the round (2+ after a second chance). */
  terms: Json<deals.DealTerms> | null;
  round: Generated<number>;
  storage_paid: ColumnType<string, string | number | undefined, string | number>;
  transfer_date: DateOnly | null;
  transfer_proof_file_id: Int8 | null;
  transfer_recorded_at: Timestamp | null;
  transfer_recorded_by: Int8 | null;
  transfer_recorded_role: 'seller' | 'operator' | null;
  paper_contract_file_id: Int8 | null;
  paper_contract_status: 'pending' | 'accepted' | 'rejected' | null;
  paper_contract_reason: string | null;
  paper_contract_uploaded_at: Timestamp | null;
  paper_contract_reviewed_at: Timestamp | null;
  paper_contract_reviewed_by: Int8 | null;
  /** The seller's fee when the lot's terms say the seller pays it separately (migration 022). */
  seller_fee_payment_no: string | null;
  seller_fee_paid_at: Timestamp | null;
}

export interface PlatformSettingTable {
  key: string;
  value: Json<unknown>;
  updated_at: Timestamp;
  updated_by: Int8 | null;
}

export interface DealDefaultTable {
  id: GeneratedId;
  lot_id: Int8;
  buyer_id: Int8;
  round: number;
  reason: 'sign' | 'pay';
  final_price: Int8;
  forfeited: Int8;
  seller_share: Int8;
  platform_share: Int8;
  late_payment_no: string | null;
  late_fee_payment_no: string | null;
  at: Timestamp;
  resolution: Generated<'none' | 'secondChance' | 'relisted'>;
  relisted_order_id: Int8 | null;
  resolved_at: Timestamp | null;
  resolved_by: Int8 | null;
}

export interface SecondChanceOfferTable {
  id: GeneratedId;
  lot_id: Int8;
  default_id: Int8;
  buyer_id: Int8;
  bidder_no: string;
  price: Int8;
  status: deals.OfferStatus;
  offered_at: Timestamp;
  expires_at: Timestamp;
  decided_at: Timestamp | null;
  offered_by: Int8 | null;
  /** Migration 033: the deposit payment that accepts the offer once paid. */
  payment_no: string | null;
}

export interface BuyerBarTable {
  id: GeneratedId;
  buyer_id: Int8;
  since: Timestamp;
  until: Timestamp;
  lifted_at: Timestamp | null;
  lifted_by: Int8 | null;
  lift_reason: string | null;
}

export interface BuyerStrikeTable {
  id: GeneratedId;
  buyer_id: Int8;
  lot_id: Int8;
  default_id: Int8;
  reason: string;
  at: Timestamp;
  bar_id: Int8 | null;
}

export interface DealReminderTable {
  lot_id: Int8;
  round: number;
  deadline_kind: 'sign' | 'pay' | 'pickup' | 'transfer';
  lead: '24h' | '2h';
  deadline: Timestamp;
  sent_at: Timestamp;
}

/** An invoice request (migrations 025, 036): a payment may be asked for again after a rejection. */
export interface InvoiceRequestTable {
  id: GeneratedId;
  payment_no: string;
  user_id: Int8;
  lot_id: Int8;
  status: 'requested' | 'issued' | 'rejected';
  title: string;
  info: Json<Record<string, string>>;
  requested_at: Timestamp;
  issued_at: Timestamp | null;
  invoice_no: string | null;
  invoice_date: DateOnly | null;
  invoice_file_id: Int8 | null;
  rejected_at: Timestamp | null;
  reject_reason: string | null;
  decided_by: Int8 | null;
}

/** One line of a balanced journal (migration 020): debit +, credit −, fen. */
export interface JournalLineTable {
  id: GeneratedId;
  journal_id: string;
  kind: string;
  account: string;
  amount: Int8;
  lot_id: Int8 | null;
  ref: string | null;
  memo: string;
  at: Timestamp;
}

/** A journal's header (migration 021): its id is the movement's idempotency key. */
export interface JournalTable {
  journal_id: string;
  kind: string;
  lot_id: Int8 | null;
  ref: string | null;
  memo: string;
  at: Timestamp;
  created_at: Generated<Date>;
}

export interface PayoutTable {
  payout_no: string;
  lot_id: Int8;
  seller_org_id: Int8;
  gross: Int8;
  seller_fee: Int8;
  amount: Int8;
  account_name: string;
  bank_name: string;
  account_no_last4: string;
  status: 'pending' | 'sending' | 'sent' | 'paid' | 'failed';
  provider_ref: string | null;
  failure: string | null;
  /** The provider request number in use (`payout_no#attempts`); a new one only after a known failure. */
  attempts: Generated<number>;
  /** Migration 032: sends so far (the back-off counts these), and whether the current number may have reached the provider. */
  tries: Generated<number>;
  attempt_open: Generated<boolean>;
  created_at: Timestamp;
  paid_at: Timestamp | null;
  /** Migration 022: a sale's proceeds or a share of a forfeit; the journal that credited the unit. */
  kind: Generated<'sale' | 'forfeit'>;
  source_journal: string;
  next_attempt_at: Timestamp | null;
  updated_at: Timestamp | null;
}

/** A refund to a buyer (migration 022): a deposit at the close, money of a defaulted deal, or an operator's. */
export interface RefundTable {
  refund_no: string;
  kind: 'deposit' | 'excess' | 'manual';
  lot_id: Int8;
  payment_no: string;
  buyer_id: Int8;
  amount: Int8;
  reason: string;
  status: 'requested' | 'rejected' | 'pending' | 'sending' | 'sent' | 'done' | 'failed';
  requested_by: Int8 | null;
  requested_at: Timestamp;
  decided_by: Int8 | null;
  decided_at: Timestamp | null;
  decision_note: string | null;
  provider_ref: string | null;
  failure: string | null;
  /** As on a payout (migration 032): request number, sends, whether the number may have reached the provider. */
  attempts: Generated<number>;
  tries: Generated<number>;
  attempt_open: Generated<boolean>;
  next_attempt_at: Timestamp | null;
  done_at: Timestamp | null;
}

/** Every payout or refund notice received (migration 022). */
export interface TransferNoticeTable {
  id: GeneratedId;
  notice_id: string | null;
  kind: string | null;
  ref: string | null;
  body: string;
  signature: string;
  outcome: 'applied' | 'duplicate' | 'rejected';
  reason: string | null;
  received_at: Timestamp;
}

/** The sandbox payment company's bank transfers out (migration 022). */
export interface SandboxTransferTable {
  transfer_no: string;
  kind: 'payout' | 'refund';
  merchant_no: string;
  amount: Int8;
  payee: string;
  status: 'PROCESSING' | 'SUCCESS' | 'FAILED';
  failure: string | null;
  notify_url: string;
  next_notify_at: Timestamp | null;
  notify_attempts: Generated<number>;
  notified_at: Timestamp | null;
  last_notify_error: string | null;
  created_at: Timestamp;
  done_at: Timestamp | null;
}

/** What the reconciliation found (migration 022), open until an operator resolves it. */
export interface ReconciliationMismatchTable {
  id: GeneratedId;
  kind: string;
  ref: string;
  lot_id: Int8 | null;
  detail: string;
  found_at: Timestamp;
  last_seen_at: Timestamp;
  resolved_at: Timestamp | null;
  resolved_by: Int8 | null;
  resolved_note: string | null;
}

export interface JobClockTable {
  name: string;
  last_at: Timestamp;
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

/** A deposit in the ledger: every state the API shows except 'pending' (that is a payment not yet made). */
export type DepositLedgerState = Exclude<bidding.DepositState, 'pending'>;

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

export type DateOnly = ColumnType<string, string, string>;
export type Json<T> = ColumnType<T, string, string>;

export interface SellerOrgTable {
  id: GeneratedId;
  code: string;
  name: string;
  org_type: '企业' | '融资租赁' | '机关单位';
  /** Private: never leaves the server. */
  contact_name: Generated<string>;
  contact_phone: Generated<string>;
  credit_code: Generated<string>;
  address: Generated<string>;
  created_at: CreatedAt;
}

/**
 * A lot's row but for the columns a bid moves (migration 043): written by everyone but the bid
 * engine. Read lots through `lot`, the view of both rows.
 */
export interface LotBaseTable {
  id: GeneratedId;
  seller_id: string;
  demo_key: string | null;
  status: number;
  title: string;
  brand_name: string;
  series_name: string;
  model_name: string;
  brand_id: string | null;
  series_id: string | null;
  model_id: string | null;
  body_type: string;
  /** Secret in full: only masked forms leave the server. */
  vin: string;
  plate_no: string;
  plate_city: string;
  first_reg_date: DateOnly;
  mileage_km: number;
  color: string;
  fuel_type: string;
  transmission: string;
  displacement: string;
  emission_standard: string;
  usage_type: string;
  transfer_count: number;
  inspection_expiry: DateOnly | null;
  insurance_expiry: DateOnly | null;
  province: string;
  city: string;
  pickup_address: string;
  condition_report: Json<unknown>;
  documents: Json<unknown>;
  description: string;
  start_price: Int8;
  increment: Int8;
  deposit: Int8;
  /** Secret: never leaves the server. */
  reserve_price: Int8 | null;
  appraisal_price: Int8 | null;
  watchers: number;
  views: Int8;
  preview_time: Timestamp;
  reg_start_time: Timestamp;
  start_time: Timestamp;
  extend_window_sec: number;
  extend_step_sec: number;
  listed_at: Timestamp;
  search_text: string;
  search_grams: string[];
  created_at: CreatedAt;
  updated_at: Timestamp;
  closed_at: Generated<Date | null>;
  /** Set while an operator has paused bidding (migration 016). */
  paused_at: Generated<Date | null>;
  pause_reason: Generated<string | null>;
  /** The lot's own deal terms over the platform's defaults (migration 025). */
  deal_terms: ColumnType<deals.DealTermsInput | null, string | null | undefined, string | null>;
  /**
   * Listing copies of current_price, bid_count and end_time (008): what the halls sort and filter
   * by. Bids leave them behind so that a bid is a HOT update; the listing-keys job catches them up.
   */
  list_price: Int8;
  list_bid_count: number;
  list_end_time: Timestamp;
  /** The lot's terms (migration 022): the seller's share of a forfeited deposit (%), and whether the seller pays its fee separately. */
  forfeit_seller_pct: Generated<number>;
  seller_fee_separate: Generated<boolean>;
}

/**
 * The columns a bid moves, and the engine's token (migration 043): the narrow row a bid batch locks
 * and writes. None of them is indexed (decision 006); the halls sort by `lot_base`'s listing copies.
 */
export interface LotLiveTable {
  lot_id: Int8;
  current_price: Int8;
  bid_count: ColumnType<number, number | undefined, number>;
  end_time: Timestamp;
  /** Bidding engine (005): the leader's secret proxy maximum, never leaves the server. */
  leader_id: Generated<string | null>;
  leader_max: Generated<string | null>;
  /** Fresh whenever a column the engine reads changes, in either row (migrations 034, 043). */
  engine_token: Generated<string>;
  /** When a bid batch last wrote the row. */
  written_at: Generated<Date>;
}

/** A view's columns: read and updated as the table's, never inserted. */
type ViewOf<T> = { [K in keyof T]: ColumnType<SelectOf<T[K]>, never, UpdateOf<T[K]>> };
type SelectOf<C> = C extends ColumnType<infer S, unknown, unknown> ? S : C;
type UpdateOf<C> = C extends ColumnType<unknown, unknown, infer U> ? U : C;

/** The columns of a lot as its writer gives them: both rows at once (lot-writer.ts). */
export type LotColumns = LotBaseTable & Omit<LotLiveTable, 'lot_id' | 'written_at'>;

/**
 * `lot`: a lot's two rows as one (a view, migration 043). The server writes `lot_base` or
 * `lot_live`; an update of the view (tests, scripts) reaches both through its trigger, more slowly.
 */
export type LotTable = ViewOf<LotColumns>;

export interface LotPhotoTable {
  lot_id: string;
  seq: number;
  url: string;
  label: string;
  is_cover: boolean;
}

export interface BidTable {
  lot_id: string;
  seq: number;
  bidder_id: string | null;
  bidder_no: string;
  amount: Int8;
  created_at: Timestamp;
  auto: Generated<boolean>;
  extended: Generated<boolean>;
  end_time_after: Generated<Date | null>;
  status_after: Generated<number | null>;
}

export interface AppUserTable {
  id: GeneratedId;
  role: Role | 'operator';
  tel: string | null;
  password_hash: string | null;
  real_name: string;
  /** AES-256-GCM (platform/crypto), never plain; `id_card_index` is its keyed hash for uniqueness. */
  id_card_sealed: string | null;
  id_card_index: string | null;
  bidder_type: 'personal' | 'company' | null;
  company_name: string | null;
  credit_code: string | null;
  business_unit_name: string | null;
  agreed_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
}

export interface UserSessionTable {
  id: GeneratedId;
  user_id: Int8;
  token_hash: string;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  client_ip: Generated<string>;
  /** The User-Agent the session was created with, at most 200 characters. */
  user_agent: string | null;
}

export interface SmsCodeTable {
  id: GeneratedId;
  tel: string;
  purpose: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  consumed_at: Timestamp | null;
  client_ip: string;
}

export interface SmsOutboxTable {
  id: GeneratedId;
  tel: string;
  purpose: string;
  code: string;
  sent_at: Timestamp;
  text: Generated<string>;
  ref: string | null;
}

export interface InvoiceInfoTable {
  user_id: Int8;
  invoice_type: 'ordinary' | 'special';
  title_type: 'personal' | 'company';
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  updated_at: Timestamp;
}

export interface LimitCounterTable {
  key: string;
  count: number;
  reset_at: Date;
}

export interface LimitLeaseTable {
  key: string;
  member: string;
  expires_at: Date;
}

export interface UserIdentityTable {
  user_id: Int8;
  role: 'seller' | 'operator';
  /** 'embedded' for the built-in provider, otherwise the issuer URL. */
  provider: string;
  subject: string;
  phone: Generated<string>;
  last_login_at: Timestamp | null;
}

export interface SellerMemberTable {
  user_id: Int8;
  seller_org_id: Int8;
  created_at: CreatedAt;
}

export interface SellerSessionTable {
  session_id: Int8;
  seller_org_id: Int8 | null;
  id_token: Generated<string>;
}

export interface SsoLoginFlowTable {
  state: string;
  code_verifier: string;
  nonce: string;
  browser_hash: string;
  redirect: string;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface IdpAccountTable {
  id: GeneratedId;
  username: string;
  password_hash: string;
  name: string;
  phone: Generated<string>;
  created_at: CreatedAt;
}

export interface OidcModelTable {
  model: string;
  id: string;
  payload: unknown;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface SellerInvoiceInfoTable {
  seller_org_id: Int8;
  title: string;
  tax_no: string;
  address: string;
  phone: string;
  bank_name: string;
  bank_account: string;
  updated_by: Int8;
  updated_at: Timestamp;
}

export interface CollectionAccountTable {
  seller_org_id: Int8;
  account_name: string;
  bank_name: string;
  branch_name: string;
  account_no_cipher: string;
  account_no_last4: string;
  bank_code: string;
  updated_by: Int8;
  updated_at: Timestamp;
}

export interface CollectionAccountHistoryTable {
  id: GeneratedId;
  seller_org_id: Int8;
  account_name: string;
  bank_name: string;
  branch_name: string;
  account_no_cipher: string;
  account_no_last4: string;
  bank_code: string;
  changed_by: Int8;
  changed_at: Timestamp;
  client_ip: string;
}

export interface Database {
  limit_counter: LimitCounterTable;
  limit_lease: LimitLeaseTable;
  user_identity: UserIdentityTable;
  seller_member: SellerMemberTable;
  seller_session: SellerSessionTable;
  sso_login_flow: SsoLoginFlowTable;
  idp_account: IdpAccountTable;
  oidc_model: OidcModelTable;
  seller_invoice_info: SellerInvoiceInfoTable;
  collection_account: CollectionAccountTable;
  journal: JournalTable;
  journal_line: JournalLineTable;
  payout: PayoutTable;
  refund: RefundTable;
  transfer_notice: TransferNoticeTable;
  sandbox_transfer: SandboxTransferTable;
  reconciliation_mismatch: ReconciliationMismatchTable;
  job_clock: JobClockTable;
  collection_account_history: CollectionAccountHistoryTable;
  car_brand: CarBrandTable;
  car_series: CarSeriesTable;
  car_model: CarModelTable;
  car_param: CarParamTable;
  catalog_meta: CatalogMetaTable;
  app_user: AppUserTable;
  user_session: UserSessionTable;
  sms_code: SmsCodeTable;
  sms_outbox: SmsOutboxTable;
  invoice_info: InvoiceInfoTable;
  support_article: SupportArticleTable;
  announcement: AnnouncementTable;
  hot_keyword: HotKeywordTable;
  app_secret: AppSecretTable;
  payment: PaymentTable;
  payment_notification: PaymentNotificationTable;
  deposit_ledger: DepositLedgerTable;
  deposit_movement: DepositMovementTable;
  sandbox_trade: SandboxTradeTable;
  seller_org: SellerOrgTable;
  lot: LotTable;
  lot_base: LotBaseTable;
  lot_live: LotLiveTable;
  lot_photo: LotPhotoTable;
  bid: BidTable;
  deal: DealTable;
  platform_setting: PlatformSettingTable;
  deal_default: DealDefaultTable;
  second_chance_offer: SecondChanceOfferTable;
  buyer_bar: BuyerBarTable;
  buyer_strike: BuyerStrikeTable;
  deal_reminder: DealReminderTable;
  invoice_request: InvoiceRequestTable;
  file: FileTable;
  auction_order: AuctionOrderTable;
  auction_order_draft: AuctionOrderDraftTable;
  auction_order_event: AuctionOrderEventTable;
  operator_role: OperatorRoleTable;
  audit_log: AuditLogTable;
  session_template: SessionTemplateTable;
  notice: NoticeTable;
  notice_delivery: NoticeDeliveryTable;
  notice_pref: NoticePrefTable;
  notice_throttle: NoticeThrottleTable;
  live_presence: LivePresenceTable;
  lot_watch: LotWatchTable;
  lot_alert: LotAlertTable;
}

export interface FileTable {
  id: GeneratedId;
  owner_id: Int8;
  owner_unit_id: Int8 | null;
  is_private: boolean;
  type: 'image' | 'document';
  content_type: string;
  size: number;
  storage_key: string;
  sha256: string;
  thumb_key: string | null;
  thumb_size: number | null;
  width: number | null;
  height: number | null;
  original_name: string;
  created_at: Timestamp;
  deleted_at: Timestamp | null;
}

/** A disposal unit's submission; once approved, the lot with the same id carries it on. */
export interface AuctionOrderTable {
  id: GeneratedId;
  seller_org_id: Int8;
  submitted_by: Int8;
  stage: 'pending' | 'returned' | 'withdrawn' | 'approved';
  /** The validated form as submitted (money in fen). */
  form: Json<Record<string, unknown>>;
  title: string;
  vin: string;
  plate_no: string;
  review_kind: 'reject' | 'changes' | null;
  review_reason: string | null;
  reviewed_by: Int8 | null;
  reviewed_at: Timestamp | null;
  cancel_reason: string | null;
  cancelled_at: Timestamp | null;
  submit_count: Generated<number>;
  submitted_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuctionOrderDraftTable {
  id: GeneratedId;
  seller_org_id: Int8;
  user_id: Int8;
  title: Generated<string>;
  form: Json<Record<string, unknown>>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface AuctionOrderEventTable {
  id: GeneratedId;
  order_id: Int8;
  kind: string;
  at: Timestamp;
  actor_id: Int8 | null;
  note: Generated<string>;
}

export interface OperatorRoleTable {
  user_id: Int8;
  role: OperatorRole;
}

/** Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE). */
export interface AuditLogTable {
  id: GeneratedId;
  at: CreatedAt;
  operator_id: Int8;
  operator_name: string;
  action: string;
  target_type: string;
  target_id: Generated<string>;
  ip: Generated<string>;
  user_agent: Generated<string>;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  reason: Generated<string>;
}

/** A scheduler's session template (migration 017). */
export interface SessionTemplateTable {
  id: GeneratedId;
  name: string;
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: number[];
  /** Bidding starts this many minutes after 00:00 Beijing time. */
  start_minute: number;
  duration_minutes: number;
  stagger_minutes: number;
  preview_days: number;
  reg_hours: number;
  archived: Generated<boolean>;
  updated_by: Int8;
  updated_at: Date;
}

/** The in-app inbox (migration 018). */
export interface NoticeTable {
  id: GeneratedId;
  user_id: Int8;
  kind: string;
  title: string;
  body: string;
  link: Generated<string>;
  event_key: string;
  created_at: Date;
  read_at: Generated<Date | null>;
  /** How many events this notice holds: an unread outbid notice is updated by the next outbid (migration 039). */
  repeats: Generated<number>;
  /** When the last of them happened; null while it holds one. */
  updated_at: Generated<Date | null>;
}

export interface NoticeDeliveryTable {
  id: GeneratedId;
  notice_id: Int8;
  user_id: Int8;
  channel: 'sms';
  state: Generated<'pending' | 'sent' | 'failed' | 'skipped'>;
  attempts: Generated<number>;
  next_at: Date;
  last_error: Generated<string>;
  note: Generated<string>;
  sent_at: Date | null;
  /** The throttle scope of a throttled kind (`outbid`, per user): one waiting delivery per user and scope. */
  scope: Generated<string | null>;
  created_at: Date;
  updated_at: Date;
}

export interface NoticePrefTable {
  user_id: Int8;
  off: string[];
  quiet_enabled: boolean;
  /** Minutes after midnight, Beijing time. */
  quiet_start: number;
  quiet_end: number;
  updated_at: Date;
}

export interface NoticeThrottleTable {
  user_id: Int8;
  scope: string;
  last_at: Date;
}

export interface LivePresenceTable {
  conn_id: string;
  user_id: Int8;
  lot_id: Int8 | null;
  seen_at: Date;
}

export interface LotWatchTable {
  user_id: Int8;
  lot_id: Int8;
  created_at: Date;
}

export interface LotAlertTable {
  lot_id: Int8;
  kind: string;
  at: Date;
}
