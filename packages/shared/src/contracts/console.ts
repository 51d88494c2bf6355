import { z } from 'zod';
import { yuan } from './bidding';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint, OPERATOR_ROLES } from './define';
import { timelineEntry } from './disposal';

/**
 * The operator console's API under /api/console (docs/product.md#14-disposal-and-review). Staff sign
 * in through the same OIDC provider as sellers; the console sends its token in Authorization.
 */

export { OPERATOR_ROLES, type OperatorRole } from './define';

export const OPERATOR_ROLE_TEXT: Record<(typeof OPERATOR_ROLES)[number], string> = {
  reviewer: '审核员',
  scheduler: '排期员',
  finance: '财务',
  editor: '内容编辑',
  admin: '管理员',
};

const oauthParam = (label: string) =>
  z
    .string({ error: `缺少${label}` })
    .trim()
    .min(1, { error: `缺少${label}` })
    .max(512, { error: `${label}格式不正确` });
const reason = (label: string, min = 2) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(min, { error: `请填写${label}（至少${min}个字）` })
    .max(500, { error: `${label}不能超过500个字符` });
const epochMs = (label: string) =>
  z.coerce
    .number({ error: `${label}必须是时间` })
    .int({ error: `${label}必须是毫秒时间戳` })
    .min(1_500_000_000_000, { error: `${label}不正确` })
    .max(4_102_444_800_000, { error: `${label}不正确` });

export const operator = z.object({
  operatorId: z.string(),
  name: z.string(),
  roles: z.array(z.enum(OPERATOR_ROLES)),
});
export type Operator = z.infer<typeof operator>;

// ——— Sign-in ———

/** Answers 302 to the issuer; it returns the browser to PUBLIC_URL/console/?code=…&state=…. */
export const loginStart = endpoint({
  method: 'GET',
  path: '/console/login/start',
  auth: 'public',
  input: z.object({ redirect: z.string().max(512).optional() }),
  output: z.null(),
});

export const loginCallback = endpoint({
  method: 'GET',
  path: '/console/login/callback',
  auth: 'public',
  input: z.object({
    code: oauthParam('授权码'),
    state: oauthParam('登录状态参数'),
    iss: z.string().max(512).optional(),
  }),
  output: z.object({ token: z.string(), operator, redirect: z.string() }),
});

export const me = endpoint({
  method: 'GET',
  path: '/console/me',
  auth: 'operator',
  input: z.object({}).loose(),
  output: operator,
});

export const logout = endpoint({
  method: 'POST',
  path: '/console/logout',
  auth: 'operator',
  input: z.object({}).loose(),
  output: z.object({ endSessionUrl: z.string().nullable() }),
});

// ——— Review ———

const submissionSummary = z.object({
  orderId: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  title: z.string(),
  sellerName: z.string(),
  vin: z.string(),
  plateNo: z.string(),
  startPrice: yuan,
  coverUrl: z.string(),
  photoCount: z.number().int(),
  submittedAt: z.number(),
  /** How many times it was submitted (1 for a first submission). */
  submitCount: z.number().int(),
});
export type SubmissionSummary = z.infer<typeof submissionSummary>;

export const reviewList = endpoint({
  method: 'POST',
  path: '/console/review/list',
  auth: 'operator',
  operatorRoles: ['reviewer', 'scheduler'],
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    /** 1 waiting (default) or 8 returned. */
    status: z.coerce
      .number()
      .int()
      .refine((s) => s === 1 || s === 8, { error: '状态不正确' })
      .default(1),
    keyword: z.string().trim().max(30).optional(),
  }),
  output: pageOf(submissionSummary),
});

/** Facts the reviewer's checklist is ticked against, computed by the server. */
export const reviewChecks = z.object({
  vinValid: z.boolean(),
  /** Another pending order or live lot with the same VIN. */
  vinDuplicateOrderIds: z.array(z.string()),
  photoCount: z.number().int(),
  missingAngles: z.array(z.string()),
  missingDocuments: z.array(z.string()),
  /** Documents whose expiry has passed or passes before the wished end. */
  expiredDocuments: z.array(z.string()),
  /** The catalog's guide price of the model (yuan), null when not in the catalog. */
  guidePrice: yuan.nullable(),
  /** startPrice ÷ guidePrice, null without a guide price. */
  startToGuide: z.number().nullable(),
});

export const reviewDetail = endpoint({
  method: 'GET',
  path: '/console/review/:orderId',
  auth: 'operator',
  operatorRoles: ['reviewer', 'scheduler'],
  input: z.object({ orderId: idSchema }),
  output: submissionSummary.extend({
    sellerUnit: z.object({ businessUnitId: z.string(), name: z.string(), orgType: z.string() }),
    /** The submitted form, money as yuan strings (reserve included: staff see it). */
    form: z.record(z.string(), z.unknown()),
    /** Signed URLs, valid for minutes. */
    photos: z.array(z.object({ fileId: z.string(), url: z.string(), label: z.string() })),
    documents: z.array(
      z.object({
        name: z.string(),
        fileId: z.string(),
        url: z.string(),
        contentType: z.string(),
        expiry: z.string().nullable(),
      }),
    ),
    checks: reviewChecks,
    timeline: z.array(timelineEntry),
    reviewReason: z.string().nullable(),
  }),
});

export const scheduleTimes = z
  .object({
    previewTime: epochMs('预告时间'),
    regStartTime: epochMs('报名开始时间'),
    startTime: epochMs('开拍时间'),
    endTime: epochMs('结束时间'),
  })
  .superRefine((t, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (t.regStartTime < t.previewTime) issue('regStartTime', '报名开始时间不能早于预告时间');
    if (t.startTime < t.regStartTime) issue('startTime', '开拍时间不能早于报名开始时间');
    if (t.endTime <= t.startTime) issue('endTime', '结束时间须晚于开拍时间');
  });
export type ScheduleTimes = z.infer<typeof scheduleTimes>;

const statusAnswer = z.object({ orderId: z.string(), status: z.number().int() });

export const approve = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/approve',
  auth: 'operator',
  operatorRoles: ['reviewer'],
  input: z.intersection(z.object({ orderId: idSchema }), scheduleTimes),
  output: statusAnswer,
});

export const reject = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/reject',
  auth: 'operator',
  operatorRoles: ['reviewer'],
  input: z.object({ orderId: idSchema, reason: reason('驳回原因') }),
  output: statusAnswer,
});

/** Returns the submission for changes: like a rejection, but worded as a request, with the items. */
export const requestChanges = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/request-changes',
  auth: 'operator',
  operatorRoles: ['reviewer'],
  input: z.object({
    orderId: idSchema,
    reason: reason('修改意见'),
    items: z.array(z.string().trim().min(1).max(50)).max(20).default([]),
  }),
  output: statusAnswer,
});

// ——— Lot monitor ———

export const monitoredLot = z.object({
  orderId: z.string(),
  title: z.string(),
  sellerName: z.string(),
  status: z.number().int(),
  statusText: z.string(),
  currentPrice: yuan,
  bidCount: z.number().int(),
  registeredBidders: z.number().int(),
  startTime: z.number(),
  endTime: z.number(),
  /** Bidding paused by an operator. */
  paused: z.boolean(),
});

export type MonitoredLot = z.infer<typeof monitoredLot>;

export const monitorList = endpoint({
  method: 'POST',
  path: '/console/monitor/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    /** Defaults to every lot not yet closed (0, 2, 3, 4). */
    status: z.array(z.coerce.number().int().min(0).max(4)).max(5).optional(),
  }),
  output: pageOf(monitoredLot).extend({ serverTime: z.number() }),
});

/** Withdraws a lot that has not closed: deposits refunded through the ledger, registered buyers told. */
export const cancelLot = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/cancel',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: z.object({ orderId: idSchema, reason: reason('撤拍原因') }),
  output: statusAnswer,
});

/** Pauses bidding: bids are refused and the close waits until it resumes. */
export const pauseLot = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/pause',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: z.object({ orderId: idSchema, reason: reason('暂停原因') }),
  output: statusAnswer.extend({ paused: z.boolean(), endTime: z.number() }),
});

/** Resumes a paused lot; its end moves on by the time it stood still. */
export const resumeLot = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/resume',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: z.object({ orderId: idSchema, reason: reason('恢复说明') }),
  output: statusAnswer.extend({ paused: z.boolean(), endTime: z.number() }),
});

/** Moves the end of a lot that has not closed to a later time (at most 7 days later). */
export const extendLot = endpoint({
  method: 'POST',
  path: '/console/lots/:orderId/extend',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: z.object({ orderId: idSchema, endTime: epochMs('新的结束时间'), reason: reason('延长原因') }),
  output: statusAnswer.extend({ endTime: z.number() }),
});

// ——— Session templates and the calendar ———

export const WEEKDAY_TEXT = ['', '周一', '周二', '周三', '周四', '周五', '周六', '周日'] as const;
const minutes = (label: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${label}必须是数字` })
    .int({ error: `${label}必须是整数` })
    .min(min, { error: `${label}不能小于${min}` })
    .max(max, { error: `${label}不能大于${max}` });
const dateText = z
  .string({ error: '请选择日期' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为YYYY-MM-DD' })
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00+08:00`)), { error: '日期不正确' });

/** A session: lots that start together, each ending `staggerMinutes` after the one before. */
export const templateFields = z.object({
  name: z
    .string({ error: '请填写模板名称' })
    .trim()
    .min(2, { error: '请填写模板名称（至少2个字）' })
    .max(30, { error: '模板名称不能超过30个字' }),
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  weekdays: z
    .array(z.coerce.number().int().min(1, { error: '场次日不正确' }).max(7, { error: '场次日不正确' }), {
      error: '请选择场次日',
    })
    .min(1, { error: '请至少选择一个场次日' })
    .max(7)
    .transform((days) => [...new Set(days)].sort((a, b) => a - b)),
  /** Beijing time. */
  startTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '开拍时间格式应为HH:mm' }),
  durationMinutes: minutes('首辆竞价时长（分钟）', 10, 1440),
  staggerMinutes: minutes('每辆间隔（分钟）', 0, 120),
  previewDays: minutes('提前预告天数', 0, 30),
  regHours: minutes('提前报名小时数', 1, 720),
});
export const sessionTemplate = templateFields.extend({ id: z.string(), updatedAt: z.number() });
export type SessionTemplate = z.infer<typeof sessionTemplate>;

export const templateList = endpoint({
  method: 'GET',
  path: '/console/templates',
  auth: 'operator',
  input: z.object({}).loose(),
  output: z.array(sessionTemplate),
});

export const templateSave = endpoint({
  method: 'POST',
  path: '/console/templates/save',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: templateFields.extend({ id: idSchema.optional() }),
  output: sessionTemplate,
});

export const templateDelete = endpoint({
  method: 'POST',
  path: '/console/templates/:id/delete',
  auth: 'operator',
  operatorRoles: ['scheduler'],
  input: z.object({ id: idSchema }),
  output: z.null(),
});

/** The times the next lot of a template's session on `date` gets (the reviewer approves with them). */
export const sessionPlan = endpoint({
  method: 'POST',
  path: '/console/templates/:id/plan',
  auth: 'operator',
  operatorRoles: ['reviewer', 'scheduler'],
  input: z.object({ id: idSchema, date: dateText }),
  output: z.object({
    previewTime: z.number(),
    regStartTime: z.number(),
    startTime: z.number(),
    endTime: z.number(),
    /** Lots already in this session (the new one ends after them). */
    lotsBefore: z.number().int(),
  }),
});

export const MAX_CALENDAR_DAYS = 62;
export const calendarSession = z.object({
  startTime: z.number(),
  lotCount: z.number().int(),
  firstEndTime: z.number(),
  lastEndTime: z.number(),
  /** Lots by status (0 预告 … 7 撤拍 excluded). */
  byStatus: z.record(z.string(), z.number().int()),
  titles: z.array(z.string()),
});
export type CalendarSession = z.infer<typeof calendarSession>;

/** Sessions (lots starting together) whose start falls in [from, to). */
export const calendar = endpoint({
  method: 'POST',
  path: '/console/calendar',
  auth: 'operator',
  input: z
    .object({ from: epochMs('开始时间'), to: epochMs('结束时间') })
    .refine((r) => r.to > r.from, { error: '结束时间须晚于开始时间' })
    .refine((r) => r.to - r.from <= MAX_CALENDAR_DAYS * 86_400_000, {
      error: `一次最多查询${MAX_CALENDAR_DAYS}天`,
    }),
  output: z.array(calendarSession),
});

// ——— Audit log ———

export const auditEntry = z.object({
  id: z.string(),
  at: z.number(),
  operatorId: z.string(),
  operatorName: z.string(),
  /** e.g. lot.approve, lot.reject, lot.pause, template.save, login */
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  ip: z.string(),
  userAgent: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditList = endpoint({
  method: 'POST',
  path: '/console/audit/list',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    action: z.string().trim().max(40).optional(),
    targetId: z.string().trim().max(30).optional(),
    operatorId: idSchema.optional(),
  }),
  output: pageOf(auditEntry),
});

// ——— Disposal units ———

export const unitList = endpoint({
  method: 'POST',
  path: '/console/units/list',
  auth: 'operator',
  operatorRoles: ['finance', 'reviewer'],
  input: z.object({ pageNum: pageNumSchema, pageSize: pageSizeSchema(20) }),
  output: pageOf(
    z.object({
      businessUnitId: z.string(),
      name: z.string(),
      orgType: z.string(),
      creditCode: z.string(),
      /** The payment-receiving account now: bank and masked number, null when none is set. */
      collection: z.object({ bankName: z.string(), accountNo: z.string() }).nullable(),
    }),
  ),
});

/** Reading a unit's account history is itself written to the audit log. */
export const unitCollectionHistory = endpoint({
  method: 'GET',
  path: '/console/units/:unitId/collection-history',
  auth: 'operator',
  operatorRoles: ['finance'],
  input: z.object({ unitId: idSchema }),
  output: z.array(
    z.object({
      accountName: z.string(),
      bankName: z.string(),
      branchName: z.string(),
      accountNo: z.string(),
      bankCode: z.string(),
      changedAt: z.string(),
      changedBy: z.string(),
    }),
  ),
});
