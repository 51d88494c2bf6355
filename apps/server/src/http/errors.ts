import { ERROR_CODES } from '@chepai/shared';

/** An error whose message a user may read; `code` is also the HTTP status. */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, data: unknown = null) =>
  new AppError(ERROR_CODES.badRequest, msg, data);
export const unauthorized = (msg = '登录状态已过期，请重新登录') =>
  new AppError(ERROR_CODES.unauthorized, msg);
export const forbidden = (msg = '没有权限执行此操作') => new AppError(ERROR_CODES.forbidden, msg);
export const notFound = (msg = '内容不存在或已下线') => new AppError(ERROR_CODES.notFound, msg);
export const conflict = (msg: string, data: unknown = null) => new AppError(ERROR_CODES.conflict, msg, data);
export const tooMany = (msg: string, retryAfterSeconds?: number) =>
  new AppError(
    ERROR_CODES.tooMany,
    msg,
    null,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {},
  );
/** 503: a dependency is down or not configured; `Retry-After` when it may come back. */
export const unavailable = (msg: string, retryAfterSeconds?: number) =>
  new AppError(
    503,
    msg,
    null,
    retryAfterSeconds ? { 'retry-after': String(Math.ceil(retryAfterSeconds)) } : {},
  );
