import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';
import type { AuthCheck } from '../../http/route';
import type { SessionUser, Sessions } from './sessions';

/** The raw token from `Authorization: <token>` or `Authorization: Bearer <token>`. */
export function bearerToken(request: FastifyRequest): string | null {
  const header = (request.headers as FastifyRequest['headers'] | undefined)?.authorization;
  if (typeof header !== 'string') return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token || null;
}

const ROLE_ONLY = { buyer: '该功能仅对竞买人开放', seller: '该功能仅对处置单位开放' } as const;

/** Replaces the foundation's checkAuth: resolves the session and enforces the endpoint's role. */
export function sessionAuthCheck(sessions: Sessions): AuthCheck {
  return async (request, auth) => {
    if (auth === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('请先登录');
    const user = await sessions.resolve(token);
    if (!user) throw unauthorized();
    request.user = user;
    if (auth !== 'user' && user.role !== auth) throw forbidden(ROLE_ONLY[auth]);
  };
}

/** The logged-in user of a request that passed checkAuth with a non-public auth. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized('请先登录');
  return request.user;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}
