import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that ties a single sign-on attempt to the browser that started it (login CSRF). */
export const FLOW_COOKIE = 'chepai_sso_flow';
const COOKIE_PATH = '/api/mall-auction/user/seller/login';

export function setFlowCookie(reply: FastifyReply, value: string, secure: boolean, maxAgeSeconds: number) {
  reply.header(
    'set-cookie',
    `${FLOW_COOKIE}=${value}; Path=${COOKIE_PATH}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export function clearFlowCookie(reply: FastifyReply, secure: boolean) {
  setFlowCookie(reply, '', secure, 0);
}

export function flowCookie(request: FastifyRequest): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === FLOW_COOKIE) return rest.join('=') || null;
  }
  return null;
}
