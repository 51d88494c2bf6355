import { z } from 'zod';
import { endpoint } from './define';
import { idSchema, keywordSchema, pageOf, pageQuery } from './common';

export const SUPPORT_TYPES = { guide: 1, help: 2, about: 3 } as const;
export type SupportType = 1 | 2 | 3;

const articleSummary = z.object({ id: z.string(), title: z.string(), publishTime: z.string() });
export type ArticleSummary = z.infer<typeof articleSummary>;

const article = articleSummary.extend({ type: z.number().int(), content: z.string() });
export type Article = z.infer<typeof article>;

const announcementSummary = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  source: z.string(),
  pinned: z.boolean(),
  publishTime: z.string(),
});
export type AnnouncementSummary = z.infer<typeof announcementSummary>;
const announcement = announcementSummary.extend({ content: z.string() });
export type Announcement = z.infer<typeof announcement>;

const hotKeyword = z.object({ id: z.string(), wordName: z.string() });
export type HotKeyword = z.infer<typeof hotKeyword>;

export const supportList = endpoint({
  method: 'GET',
  path: '/mall-auction/home/support/list',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({
    '1': z.array(articleSummary),
    '2': z.array(articleSummary),
    '3': z.array(articleSummary),
  }),
});

export const supportDetail = endpoint({
  method: 'GET',
  path: '/mall-auction/home/support/:id',
  auth: 'public',
  input: z.object({ id: idSchema }),
  output: article,
});

export const hotKeywordList = endpoint({
  method: 'GET',
  path: '/mall-auction/home/aucKeyword/list',
  auth: 'public',
  input: pageQuery(10),
  output: pageOf(hotKeyword),
});

export const announcementList = endpoint({
  method: 'GET',
  path: '/mall-auction/home/announcement/list',
  auth: 'public',
  input: pageQuery(10).extend({ keyword: keywordSchema.optional() }),
  output: pageOf(announcementSummary),
});

export const announcementDetail = endpoint({
  method: 'GET',
  path: '/mall-auction/home/announcement/:id',
  auth: 'public',
  input: z.object({ id: idSchema }),
  output: announcement.extend({
    prev: z.object({ id: z.string(), title: z.string() }).nullable(),
    next: z.object({ id: z.string(), title: z.string() }).nullable(),
  }),
});

export const health = endpoint({
  method: 'GET',
  path: '/health',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({ status: z.literal('ok'), db: z.string(), serverTime: z.number() }),
});

/** Liveness: the process answers (no dependency is checked; a failing probe means restart it). */
export const healthLive = endpoint({
  method: 'GET',
  path: '/health/live',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({ status: z.literal('ok'), serverTime: z.number() }),
});

/** Readiness: the database answers; 503 while it does not (take the process out of the rotation). */
export const healthReady = endpoint({
  method: 'GET',
  path: '/health/ready',
  auth: 'public',
  input: z.object({}).loose(),
  output: z.object({ status: z.literal('ok'), db: z.string(), serverTime: z.number() }),
});
