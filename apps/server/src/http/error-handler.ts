import type { FastifyError, FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { fail } from './envelope';
import { AppError } from './errors';
import { zodMessage } from './zod-message';
import { DB_RETRY_AFTER_SECONDS, DB_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from './db-unavailable';

/** Maps every failure to the envelope with a Chinese message; only the unexpected are 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .code(error.code)
        .headers(error.headers)
        .send(fail(error.code, error.message, error.data));
    }
    if (error instanceof ZodError) {
      return reply.code(400).send(fail(400, zodMessage(error)));
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn(
        { err: { code: (error as { code?: unknown }).code, message: error.message } },
        'database unavailable',
      );
      return reply
        .code(503)
        .header('retry-after', String(DB_RETRY_AFTER_SECONDS))
        .send(fail(503, DB_UNAVAILABLE_MESSAGE));
    }
    const known = fastifyErrorMessage(error);
    if (known) {
      request.log.info({ err: { code: error.code, message: error.message } }, 'request rejected');
      return reply.code(known.status).send(fail(known.status, known.msg));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(fail(500, '服务器开小差了，请稍后再试'));
  });
}

function fastifyErrorMessage(error: FastifyError): { status: number; msg: string } | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, msg: '请求内容不是合法的 JSON' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, msg: '请求内容不能为空' };
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, msg: '请求内容过大' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 400, msg: '不支持的请求格式' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, msg: '请求长度与内容不符' };
  }
  if (error instanceof SyntaxError) return { status: 400, msg: '请求内容不是合法的 JSON' };
  const status = error.statusCode ?? 500;
  if (status === 413) return { status: 413, msg: '请求内容过大' };
  if (status >= 400 && status < 500) return { status: 400, msg: '请求格式不正确' };
  return null;
}
