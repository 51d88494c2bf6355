/** Business constants (docs/product.md#13-business-constants), in one place for server and web. */
export const SERVICE_PHONE = '400-820-8899';
export const SERVICE_HOURS = '周一至周日 8:30-12:00，13:00-18:00（法定节假日除外）';
export const OPERATOR_NAME = '车拍（上海）数字科技有限公司';
export const REQUEST_TIMEOUT_MS = 60_000;
export const CODE_RESEND_SECONDS = 60;
export const HOT_KEYWORD_PAGE_SIZE = 10;
export const HOT_KEYWORD_MAX_SHOWN = 6;
export const SEARCH_PAGE_SIZE = 16;
export const BID_RECORD_PAGE_SIZE = 50;
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const COMPARE_STORAGE_KEY = 'carCompare';
export const COMPARE_MAX_CARS = 10;

export const ERROR_CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  server: 500,
  unavailable: 503,
} as const;
