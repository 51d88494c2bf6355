/**
 * The event catalogue of the notices (docs/product.md#15-notices): every kind a writer may use, its
 * label, the message centre's tab, the preference group a user switches it by, and whether it goes
 * out by SMS and whether SMS ignores quiet hours (docs/decisions/026-notice-delivery.md).
 *
 * A kind may leave `sms`, `critical` and `group` out: the policy of its prefix fills them in
 * (`deal.` and `deposit.` are money, so SMS; a kind ending in `Due` is a deadline, so critical).
 * Adding a kind here is all a writer needs for it to be delivered.
 */
export type NoticeTab = 'auction' | 'money' | 'order' | 'watch' | 'ops';

/** What a user switches on and off in the preferences, one row per group. */
export const NOTICE_GROUPS = {
  outbid: { label: '出价被超越', optional: true, sms: true },
  starting: { label: '开拍提醒（报名或关注的拍品开拍前30分钟）', optional: true, sms: false },
  watch: { label: '关注拍品的动态（开拍、结果）', optional: true, sms: false },
  result: { label: '竞价结果（成交、未成交、撤拍、暂停）', optional: false, sms: true },
  money: { label: '资金（保证金、付款、退款、结算）', optional: false, sms: true },
  deadline: { label: '期限提醒（签约、付款、交车）', optional: false, sms: true },
  order: { label: '车辆处置（审核、排期、开拍、成交）', optional: false, sms: true },
  ops: { label: '运营待办（新提交、待审合同、对账差异、发票申请）', optional: false, sms: false },
} as const;
export type NoticeGroup = keyof typeof NOTICE_GROUPS;

interface KindSpec {
  label: string;
  tab: NoticeTab;
  group?: NoticeGroup;
  /** Goes out by SMS too (money and deadline events). */
  sms?: boolean;
  /** SMS is sent during quiet hours too: missing it costs money or a deadline. */
  critical?: boolean;
}

export const NOTICE_KINDS = {
  // Buyers
  'deposit.confirmed': { label: '保证金到账', tab: 'money' },
  'deposit.refunded': { label: '保证金退还', tab: 'money' },
  'lot.startingSoon': { label: '即将开拍', tab: 'auction', group: 'starting' },
  'lot.outbid': { label: '出价被超越', tab: 'auction', group: 'outbid', sms: true },
  'lot.won': { label: '竞价成交', tab: 'auction', group: 'result', sms: true },
  'lot.lost': { label: '竞价未成交', tab: 'auction', group: 'result', sms: false },
  'lot.withdrawn': { label: '拍品撤拍', tab: 'auction', group: 'result', sms: false },
  'lot.paused': { label: '竞价暂停', tab: 'auction', group: 'result', sms: false },
  'lot.resumed': { label: '竞价恢复', tab: 'auction', group: 'result', sms: false },
  'watch.closed': { label: '关注拍品已结束', tab: 'watch' },
  'deal.contractReady': { label: '成交确认书待签', tab: 'auction' },
  'deal.paymentDue': { label: '付款期限提醒', tab: 'auction' },
  'deal.paymentReceived': { label: '款项已到账', tab: 'money' },
  'deal.handedOver': { label: '车辆已交接', tab: 'auction', sms: false },
  'deal.defaulted': { label: '成交违约', tab: 'money' },
  'deal.deadline': { label: '期限提醒', tab: 'auction', group: 'deadline', critical: true },
  'deal.secondChance': { label: '次高价成交邀请', tab: 'auction', group: 'result', sms: true },
  'deal.contractReviewed': { label: '纸质合同审核结果', tab: 'auction', sms: false },
  'deal.transferred': { label: '过户完成', tab: 'auction', sms: false },
  'deal.barred': { label: '报名资格限制', tab: 'money' },
  'deal.invoice': { label: '发票开具结果', tab: 'money', sms: false },
  // Sellers
  'order.approved': { label: '审核通过', tab: 'order' },
  'order.rejected': { label: '审核未通过', tab: 'order' },
  'order.returned': { label: '审核退回', tab: 'order' },
  'order.scheduled': { label: '拍卖已排期', tab: 'order' },
  'order.started': { label: '竞价已开始', tab: 'order' },
  'order.sold': { label: '车辆成交', tab: 'order', sms: true },
  'order.unsold': { label: '车辆流拍', tab: 'order', sms: true },
  'deal.signed': { label: '确认书已签署', tab: 'order', sms: false },
  'deal.paid': { label: '买受人已付清', tab: 'order' },
  'deal.handoverDue': { label: '交车期限提醒', tab: 'order' },
  'deal.secondChanceAnswered': { label: '次高价成交答复', tab: 'order', sms: false },
  'payout.sent': { label: '结算款已打款', tab: 'money' },
  // Operators
  'ops.newSubmission': { label: '新提交待审核', tab: 'ops' },
  'ops.contractUploaded': { label: '合同待审核', tab: 'ops' },
  'ops.reconciliationMismatch': { label: '对账差异', tab: 'ops' },
  'ops.invoiceRequested': { label: '发票待开具', tab: 'ops' },
} as const satisfies Record<string, KindSpec>;
export type NoticeKind = keyof typeof NOTICE_KINDS;

export const NOTICE_TABS = [
  { key: 'all', label: '全部' },
  { key: 'auction', label: '竞价' },
  { key: 'money', label: '资金' },
  { key: 'order', label: '拍卖订单' },
  { key: 'watch', label: '关注' },
  { key: 'ops', label: '运营待办' },
] as const;
export type NoticeTabKey = (typeof NOTICE_TABS)[number]['key'];

export interface NoticePolicy {
  label: string;
  tab: NoticeTab;
  group: NoticeGroup;
  sms: boolean;
  critical: boolean;
}

/** The defaults of a kind's prefix; the first match wins. */
const PREFIX_POLICY: Array<{ test: (kind: string) => boolean; policy: Omit<NoticePolicy, 'label' | 'tab'> }> =
  [
    { test: (k) => /(Due|deadline)$/.test(k), policy: { group: 'deadline', sms: true, critical: true } },
    {
      test: (k) => /^(deal|deposit|payout)\./.test(k),
      policy: { group: 'money', sms: true, critical: false },
    },
    { test: (k) => k.startsWith('order.'), policy: { group: 'order', sms: false, critical: false } },
    { test: (k) => k.startsWith('ops.'), policy: { group: 'ops', sms: false, critical: false } },
    { test: (k) => k.startsWith('watch.'), policy: { group: 'watch', sms: false, critical: false } },
    { test: () => true, policy: { group: 'result', sms: false, critical: false } },
  ];

const TAB_OF_PREFIX: Record<string, NoticeTab> = {
  deal: 'auction',
  deposit: 'money',
  payout: 'money',
  order: 'order',
  ops: 'ops',
  watch: 'watch',
};

/** The delivery policy of a kind: its own entry over its prefix's defaults (unknown kinds too). */
export function noticePolicy(kind: string): NoticePolicy {
  const spec = (NOTICE_KINDS as Record<string, KindSpec | undefined>)[kind];
  const base = PREFIX_POLICY.find((p) => p.test(kind))!.policy;
  return {
    label: spec?.label ?? '通知',
    tab: spec?.tab ?? TAB_OF_PREFIX[kind.split('.')[0] ?? ''] ?? 'auction',
    group: spec?.group ?? base.group,
    sms: spec?.sms ?? base.sms,
    critical: spec?.critical ?? base.critical,
  };
}

/** Kinds shown under a tab of the message centre; null for all. */
export const kindsOfTab = (tab: NoticeTabKey): NoticeKind[] | null =>
  tab === 'all'
    ? null
    : (Object.keys(NOTICE_KINDS) as NoticeKind[]).filter((k) => noticePolicy(k).tab === tab);
