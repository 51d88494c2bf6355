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

export interface Database {
  support_article: SupportArticleTable;
  announcement: AnnouncementTable;
  hot_keyword: HotKeywordTable;
  app_secret: AppSecretTable;
}
