import { z } from 'zod';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';

/**
 * The in-app inbox, 站内信 (docs/product.md#15-notices): what happened to the caller's lots,
 * deposits and submissions, newest first.
 */

/** Kinds, grouped into the message centre's tabs. */
export const NOTICE_KINDS = {
  'lot.won': { label: '竞价成交', tab: 'auction' },
  'lot.lost': { label: '竞价未成交', tab: 'auction' },
  'lot.withdrawn': { label: '拍品撤拍', tab: 'auction' },
  'lot.paused': { label: '竞价暂停', tab: 'auction' },
  'lot.resumed': { label: '竞价恢复', tab: 'auction' },
  'deposit.refunded': { label: '保证金退还', tab: 'money' },
  'order.approved': { label: '审核通过', tab: 'order' },
  'order.returned': { label: '审核退回', tab: 'order' },
  'order.sold': { label: '车辆成交', tab: 'order' },
  'order.unsold': { label: '车辆流拍', tab: 'order' },
  'deal.signed': { label: '确认书已签署', tab: 'order' },
  'deal.paid': { label: '买受人已付清', tab: 'order' },
  'deal.handedOver': { label: '车辆已交接', tab: 'auction' },
  'deal.defaulted': { label: '成交违约', tab: 'money' },
  'deal.deadline': { label: '期限提醒', tab: 'auction' },
} as const;
export type NoticeKind = keyof typeof NOTICE_KINDS;
export const NOTICE_TABS = [
  { key: 'all', label: '全部' },
  { key: 'auction', label: '竞价' },
  { key: 'money', label: '资金' },
  { key: 'order', label: '拍卖订单' },
] as const;

export const notice = z.object({
  id: z.string(),
  kind: z.string(),
  kindText: z.string(),
  title: z.string(),
  body: z.string(),
  /** A page of the mall, or '' when there is nowhere to go. */
  link: z.string(),
  createdAt: z.number(),
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
    tab: z.enum(['all', 'auction', 'money', 'order'], { error: '消息分类不正确' }).default('all'),
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

/** Marks some (ids) or all of the caller's notices read; others' ids are ignored. */
export const noticeRead = endpoint({
  method: 'POST',
  path: '/mall-auction/user/notice/read',
  auth: 'user',
  input: z
    .object({
      ids: z.array(idSchema).max(100, { error: '一次最多100条' }).optional(),
      all: z.boolean().optional(),
    })
    .refine((v) => v.all === true || (v.ids?.length ?? 0) > 0, { error: '请指定要标记的消息' }),
  output: z.object({ count: z.number().int() }),
});
