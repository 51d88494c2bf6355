import { z } from 'zod';
import { idSchema, pageNumSchema, pageOf, pageSizeSchema } from './common';
import { endpoint } from './define';

/**
 * The console's content pages (docs/product.md#14-disposal-and-review, decision 060): announcements,
 * support articles and hot search keywords, under /api/console/content. Content editors (and
 * admins) only. Bodies are HTML; the server sanitizes them before storing. Times are epoch ms.
 */

/**
 * Where an item stands: a draft; published with its time still to come (scheduled); published and
 * public; withdrawn. Stored as draft / published / withdrawn with a publication time.
 */
export const PUBLICATION_STATE = {
  draft: '草稿',
  scheduled: '定时发布',
  published: '已发布',
  withdrawn: '已下线',
} as const;
export type PublicationState = keyof typeof PUBLICATION_STATE;
const publicationState = z.enum(Object.keys(PUBLICATION_STATE) as [PublicationState, ...PublicationState[]], {
  error: '状态不正确',
});

export const SUPPORT_TYPE_TEXT = { 1: '购车指南', 2: '帮助中心', 3: '关于我们' } as const;
const supportType = z.coerce
  .number({ error: '请选择栏目' })
  .int({ error: '栏目不正确' })
  // An inferred type guard: the output is 1 | 2 | 3.
  .refine((t) => t === 1 || t === 2 || t === 3, { error: '栏目不正确' });

export const TITLE_MAX = 60;
export const SUMMARY_MAX = 200;
export const SOURCE_MAX = 30;
export const BODY_MAX = 100_000;
export const KEYWORD_MAX = 50;

const title = z
  .string({ error: '请填写标题' })
  .trim()
  .min(2, { error: '请填写标题（至少2个字）' })
  .max(TITLE_MAX, { error: `标题不能超过${TITLE_MAX}个字` });
/** HTML as the editor wrote it; the server sanitizes it and refuses a body left without text. */
const body = z
  .string({ error: '请填写正文' })
  .max(BODY_MAX, { error: `正文过长（不能超过${BODY_MAX}个字符）` });
const announcementFields = z.object({
  title,
  summary: z
    .string({ error: '摘要必须是文字' })
    .trim()
    .max(SUMMARY_MAX, { error: `摘要不能超过${SUMMARY_MAX}个字` })
    .default(''),
  source: z
    .string({ error: '请填写来源' })
    .trim()
    .min(2, { error: '请填写来源（至少2个字）' })
    .max(SOURCE_MAX, { error: `来源不能超过${SOURCE_MAX}个字` }),
  content: body,
});
const articleFields = z.object({ type: supportType, title, content: body });
/** What the editor loaded (`version` of the detail): a save over someone else's change is refused. */
const version = z.coerce.number({ error: '缺少版本' }).int().min(0);
const keywordWord = z
  .string({ error: '请填写搜索词' })
  .trim()
  .min(1, { error: '请填写搜索词' })
  .max(KEYWORD_MAX, { error: `搜索词不能超过${KEYWORD_MAX}个字符` });
/** Publish now (omitted) or at this time, which may not have passed. */
const publishAt = z.object({
  at: z.coerce
    .number({ error: '发布时间必须是时间' })
    .int({ error: '发布时间必须是毫秒时间戳' })
    .min(1_500_000_000_000, { error: '发布时间不正确' })
    .max(4_102_444_800_000, { error: '发布时间不正确' })
    .optional(),
});
const withdrawReason = z.object({
  reason: z.string().trim().max(500, { error: '下线原因不能超过500个字符' }).default(''),
});

const publication = z.object({
  id: z.string(),
  title: z.string(),
  state: publicationState,
  stateText: z.string(),
  /** When it is (or was, or will be) public; null for a draft never published. */
  publishTime: z.number().nullable(),
  updatedAt: z.number().nullable(),
  updatedBy: z.string().nullable(),
  /** The detail's version, sent back with an update. */
  version: z.number().int(),
});

export const announcementRow = publication.extend({
  summary: z.string(),
  source: z.string(),
  pinned: z.boolean(),
});
export type AnnouncementRow = z.infer<typeof announcementRow>;
export const announcementDetail = announcementRow.extend({ content: z.string() });
export type AnnouncementDetail = z.infer<typeof announcementDetail>;

export const articleRow = publication.extend({ type: z.number().int(), sort: z.number().int() });
export type ArticleRow = z.infer<typeof articleRow>;
export const articleDetail = articleRow.extend({ content: z.string() });
export type ArticleDetail = z.infer<typeof articleDetail>;

export const keywordRow = z.object({
  id: z.string(),
  word: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type KeywordRow = z.infer<typeof keywordRow>;

const byId = z.object({ id: idSchema });
/** A list in its new order: every id of it, once. */
const order = z
  .array(idSchema, { error: '请提供排序' })
  .min(1, { error: '请提供排序' })
  .max(500, { error: '一次最多排序500条' })
  .refine((ids) => new Set(ids).size === ids.length, { error: '排序中有重复的条目' });

// ——— Body preview ———

/** The body as the server would store it (sanitized), for the editor's preview. */
export const previewBody = endpoint({
  method: 'POST',
  path: '/console/content/preview',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({ content: body }),
  output: z.object({ html: z.string(), empty: z.boolean() }),
});

// ——— Announcements ———

/** Newest first (drafts by their last change); filtered by state and a title keyword. */
export const announcementList = endpoint({
  method: 'POST',
  path: '/console/content/announcements/list',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({
    pageNum: pageNumSchema,
    pageSize: pageSizeSchema(20),
    state: publicationState.optional(),
    keyword: z.string().trim().max(50, { error: '关键词不能超过50个字符' }).optional(),
  }),
  output: pageOf(announcementRow),
});

export const announcementGet = endpoint({
  method: 'GET',
  path: '/console/content/announcements/:id',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId,
  output: announcementDetail,
});

/** A new announcement is a draft. */
export const announcementCreate = endpoint({
  method: 'POST',
  path: '/console/content/announcements/create',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: announcementFields,
  output: announcementDetail,
});

export const announcementUpdate = endpoint({
  method: 'POST',
  path: '/console/content/announcements/:id/update',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: announcementFields.extend({ id: idSchema, version }),
  output: announcementDetail,
});

export const announcementPublish = endpoint({
  method: 'POST',
  path: '/console/content/announcements/:id/publish',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend(publishAt.shape),
  output: announcementDetail,
});

export const announcementWithdraw = endpoint({
  method: 'POST',
  path: '/console/content/announcements/:id/withdraw',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend(withdrawReason.shape),
  output: announcementDetail,
});

/** A draft never published may be deleted; what was ever public is withdrawn instead. */
export const announcementDelete = endpoint({
  method: 'POST',
  path: '/console/content/announcements/:id/delete',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId,
  output: z.null(),
});

/** 置顶: pinned announcements lead the public list. */
export const announcementPin = endpoint({
  method: 'POST',
  path: '/console/content/announcements/:id/pin',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend({ pinned: z.boolean({ error: '请说明是否置顶' }) }),
  output: announcementDetail,
});

// ——— Support articles ———

/** One section's articles in the public order (drafts and withdrawn ones in their places). */
export const articleList = endpoint({
  method: 'POST',
  path: '/console/content/articles/list',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({ type: supportType }),
  output: z.array(articleRow),
});

export const articleGet = endpoint({
  method: 'GET',
  path: '/console/content/articles/:id',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId,
  output: articleDetail,
});

/** A new article is a draft, last in its section. */
export const articleCreate = endpoint({
  method: 'POST',
  path: '/console/content/articles/create',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: articleFields,
  output: articleDetail,
});

/** A change of section puts the article last in the new one. */
export const articleUpdate = endpoint({
  method: 'POST',
  path: '/console/content/articles/:id/update',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: articleFields.extend({ id: idSchema, version }),
  output: articleDetail,
});

export const articlePublish = endpoint({
  method: 'POST',
  path: '/console/content/articles/:id/publish',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend(publishAt.shape),
  output: articleDetail,
});

export const articleWithdraw = endpoint({
  method: 'POST',
  path: '/console/content/articles/:id/withdraw',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend(withdrawReason.shape),
  output: articleDetail,
});

/** A draft never published may be deleted; what was ever public is withdrawn instead. */
export const articleDelete = endpoint({
  method: 'POST',
  path: '/console/content/articles/:id/delete',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId,
  output: z.null(),
});

/** The section's articles in their new order: all of them, each once. */
export const articleReorder = endpoint({
  method: 'POST',
  path: '/console/content/articles/reorder',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({ type: supportType, ids: order }),
  output: z.array(articleRow),
});

// ——— Hot search keywords ———

/** Every keyword in the public order; disabled ones are kept but not shown. */
export const keywordList = endpoint({
  method: 'GET',
  path: '/console/content/keywords',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({}).loose(),
  output: z.array(keywordRow),
});

/** A new keyword is enabled and last. */
export const keywordCreate = endpoint({
  method: 'POST',
  path: '/console/content/keywords/create',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({ word: keywordWord }),
  output: keywordRow,
});

export const keywordRename = endpoint({
  method: 'POST',
  path: '/console/content/keywords/:id/rename',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend({ word: keywordWord }),
  output: keywordRow,
});

export const keywordEnable = endpoint({
  method: 'POST',
  path: '/console/content/keywords/:id/enable',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId.extend({ enabled: z.boolean({ error: '请说明是否启用' }) }),
  output: keywordRow,
});

export const keywordReorder = endpoint({
  method: 'POST',
  path: '/console/content/keywords/reorder',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: z.object({ ids: order }),
  output: z.array(keywordRow),
});

export const keywordDelete = endpoint({
  method: 'POST',
  path: '/console/content/keywords/:id/delete',
  auth: 'operator',
  operatorRoles: ['editor'],
  input: byId,
  output: z.null(),
});
