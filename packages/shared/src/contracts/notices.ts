import { z } from 'zod';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';
import { NOTICE_GROUPS, type NoticeGroup } from './notice-kinds';

/**
 * The in-app inbox, 站内信 (docs/product.md#15-notices): what happened to the caller's lots,
 * deposits and submissions, newest first.
 */

export * from './notice-kinds';

export const notice = z.object({
  id: z.string(),
  kind: z.string(),
  kindText: z.string(),
  title: z.string(),
  body: z.string(),
  /** A page of the mall, or '' when there is nowhere to go. */
  link: z.string(),
  createdAt: z.number(),
  /** When the last event it holds happened (createdAt while it holds one). */
  updatedAt: z.number(),
  /**
   * How many events it holds: an unread outbid notice of a lot is kept current by the next outbid
   * instead of repeated (docs/decisions/044-one-open-outbid-notice.md).
   */
  repeats: z.number().int(),
  read: z.boolean(),
});
export type Notice = z.infer<typeof notice>;

export const noticeList = endpoint({
  method: 'GET',
  path: '/mall-auction/user/notice/list',
  auth: 'user',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(10),
    tab: z
      .enum(['all', 'auction', 'money', 'order', 'watch', 'ops'], { error: '消息分类不正确' })
      .default('all'),
    unread: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
  }),
  output: pageOf(notice).extend({ unread: z.number().int() }),
});

export const noticeUnread = endpoint({
  method: 'GET',
  path: '/mall-auction/user/notice/unread',
  auth: 'user',
  input: z.object({}).loose(),
  output: z.object({ count: z.number().int(), latest: z.array(notice) }),
});

/** Marks some (ids) or all of the caller's notices read; an id that is not the caller's refuses all (404). */
/** Which notices to mark read: some by id, or all. */
export const noticeReadInput = z
  .object({
    ids: z.array(idSchema).max(100, { error: '一次最多100条' }).optional(),
    all: z.boolean().optional(),
  })
  .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { error: '请指定要标记的消息' });

export const noticeRead = endpoint({
  method: 'POST',
  path: '/mall-auction/user/notice/read',
  auth: 'user',
  input: noticeReadInput,
  output: z.object({ count: z.number().int() }),
});

/** Quiet hours for SMS, Beijing time, 'HH:mm'; a window may pass midnight (22:00–08:00). */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: '时间格式应为 HH:mm' });
export const QUIET_DEFAULT = { enabled: true, start: '22:00', end: '08:00' } as const;

const groupKey = z.enum(Object.keys(NOTICE_GROUPS) as [NoticeGroup, ...NoticeGroup[]], {
  error: '提醒类别不正确',
});
export const groupPref = z.object({
  group: groupKey,
  /** The 站内信 row itself; only optional groups may switch it off. */
  inbox: z.boolean(),
  /** Shown the moment it happens (bell, pop-up) while the user has the mall open. */
  live: z.boolean(),
  sms: z.boolean(),
});
export const noticePrefs = z.object({
  groups: z.array(groupPref).max(20),
  quiet: z.object({ enabled: z.boolean(), start: clock, end: clock }),
});
export type NoticePrefs = z.infer<typeof noticePrefs>;

export const noticePrefsGet = endpoint({
  method: 'GET',
  path: '/mall-auction/user/notice/prefs',
  auth: 'user',
  input: z.object({}).loose(),
  output: noticePrefs,
});

/** Saves the caller's preferences; a group left out keeps its current setting. */
export const noticePrefsSave = endpoint({
  method: 'POST',
  path: '/mall-auction/user/notice/prefs',
  auth: 'user',
  input: noticePrefs,
  output: noticePrefs,
});

/**
 * The per-user live channel, WebSocket /api/live/me with the subprotocols of the lot channel
 * (`chepai.live`, `bearer.<token>`). The server sends each new notice once per connection and the
 * unread count; the client says which lot page it shows, so SMS about that lot can be spared.
 */
export const USER_CHANNEL_PATH = '/api/live/me';
export type UserChannelMessage =
  | { type: 'hello'; unread: number }
  | { type: 'notice'; notice: Notice; unread: number; popup: boolean }
  | { type: 'unread'; unread: number };
export type UserChannelCommand = { type: 'viewing'; orderId: string | null };

/** Development only (404 in production): the notice texts the local SMS provider "sent" to a number. */
export const noticeSmsOutbox = endpoint({
  method: 'GET',
  path: '/dev/notice-sms',
  auth: 'public',
  input: z.object({ tel: z.string().regex(/^1\d{10}$/, { error: '手机号格式不正确' }) }),
  output: z.array(z.object({ tel: z.string(), text: z.string(), ref: z.string(), sentAt: z.number() })),
});

/** Operators (console): SMS deliveries in trouble — failed for good, or retrying — newest first. */
export const deliveryState = z.enum(['failed', 'retrying', 'all'], { error: '投递状态不正确' });
export const delivery = z.object({
  id: z.string(),
  channel: z.literal('sms'),
  state: z.enum(['pending', 'sent', 'failed', 'skipped']),
  attempts: z.number().int(),
  nextAt: z.number(),
  lastError: z.string(),
  updatedAt: z.number(),
  kind: z.string(),
  kindText: z.string(),
  title: z.string(),
  /** The recipient's number, masked; the name on the account. */
  tel: z.string(),
  name: z.string(),
});
export type Delivery = z.infer<typeof delivery>;

export const deliveryList = endpoint({
  method: 'GET',
  path: '/console/notice/deliveries',
  auth: 'operator',
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    state: deliveryState.default('all'),
  }),
  output: pageOf(delivery),
});

/** Sends a failed or waiting delivery again now, with a fresh set of attempts. */
export const deliveryRetry = endpoint({
  method: 'POST',
  path: '/console/notice/deliveries/:id/retry',
  auth: 'operator',
  input: z.object({ id: idSchema }),
  output: z.object({ id: z.string() }),
});

/** The operator's own notices (new submissions, contracts to check, reconciliation) in the console. */
export const consoleNoticeList = endpoint({
  method: 'GET',
  path: '/console/notice/list',
  auth: 'operator',
  input: z.object({ pageNum: pageNumSchema, pageSize: pageSizeSchema(10) }),
  output: pageOf(notice).extend({ unread: z.number().int() }),
});

export const consoleNoticeRead = endpoint({
  method: 'POST',
  path: '/console/notice/read',
  auth: 'operator',
  input: noticeReadInput,
  output: z.object({ count: z.number().int() }),
});
