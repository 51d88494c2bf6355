/** Seconds a client should wait before retrying while the database is unreachable. */
export const DB_RETRY_AFTER_SECONDS = 5;
export const DB_UNAVAILABLE_MESSAGE = '系统繁忙，数据服务暂时不可用，请稍后再试';

// SQLSTATE classes and codes that mean "no database right now", not "this query is wrong":
// 08 connection exception, 57P01-57P03 shutdown / cannot connect now, 53300 too many connections,
// 55000 raised for a database that refuses connections (ALLOW_CONNECTIONS false).
const UNAVAILABLE_STATES = /^(08\d{3}|57P0[1-3]|53300|55000)$/;
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const DRIVER_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Connection terminated unexpectedly',
];

/** Whether `error` (from pg or pg-pool, possibly wrapped) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (UNAVAILABLE_STATES.test(e.code) || NETWORK_CODES.has(e.code)))
    return true;
  if (typeof e.message === 'string' && DRIVER_MESSAGES.some((m) => (e.message as string).includes(m)))
    return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => isDatabaseUnavailable(x, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
