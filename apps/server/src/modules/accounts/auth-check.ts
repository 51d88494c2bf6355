import type { OperatorRole } from '@chepai/shared';
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

const ROLE_ONLY = {
  buyer: '该功能仅对竞买人开放',
  seller: '该功能仅对处置单位开放',
  operator: '该功能仅对平台运营人员开放',
} as const;

/** Replaces the foundation's checkAuth: resolves the session and enforces the endpoint's role. */
export function sessionAuthCheck(
  sessions: Sessions,
  rolesOf: (userId: string) => Promise<OperatorRole[]>,
): AuthCheck {
  return async (request, auth, operatorRoles) => {
    if (auth === 'public') return;
    const token = bearerToken(request);
    if (!token) throw unauthorized('请先登录');
    const user = await sessions.resolve(token);
    if (!user) throw unauthorized();
    request.user = user;
    // Staff sessions belong to the console: the mall's 'any user' endpoints are for buyers and sellers.
    if (auth === 'user' && user.role === 'operator') throw forbidden('运营人员请在运营后台操作');
    if (auth !== 'user' && user.role !== auth) throw forbidden(ROLE_ONLY[auth]);
    if (auth === 'operator' && operatorRoles) {
      const roles = await rolesOf(user.id);
      if (!roles.includes('admin') && !roles.some((r) => operatorRoles.includes(r)))
        throw forbidden('您的运营角色无权执行此操作');
    }
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
