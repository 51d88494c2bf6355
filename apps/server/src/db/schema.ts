import type { ColumnType, Generated } from 'kysely';

/** int8 columns arrive as strings (see client.ts). */
export type Int8 = ColumnType<string, string | number | bigint, string | number | bigint>;
export type GeneratedId = ColumnType<string, string | undefined, never>;
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
export type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

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

export interface Database {
  car_brand: CarBrandTable;
  car_series: CarSeriesTable;
  car_model: CarModelTable;
  car_param: CarParamTable;
  catalog_meta: CatalogMetaTable;
  support_article: SupportArticleTable;
  announcement: AnnouncementTable;
  hot_keyword: HotKeywordTable;
  app_secret: AppSecretTable;
}
