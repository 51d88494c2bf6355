import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env';
import { notFound } from './errors';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/** Whether the caller sits on this machine: the socket peer and (behind a proxy) the client. */
export const isLoopbackCaller = (request: FastifyRequest) =>
  LOOPBACK.test(request.socket.remoteAddress ?? '') && LOOPBACK.test(request.ip);

/**
 * Development endpoints (the SMS outbox, the payment shortcut) read codes and move money: they
 * exist only outside production and answer only callers on this machine, whatever HOST is.
 */
export function assertDevCaller(env: Env, request: FastifyRequest) {
  if (env.NODE_ENV === 'production' || !isLoopbackCaller(request)) throw notFound('接口不存在');
}
