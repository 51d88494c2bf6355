import type { FastifyReply, FastifyRequest } from 'fastify';

/** The cookie that ties a single sign-on attempt to the browser that started it (login CSRF). */
export const FLOW_COOKIE = 'chepai_sso_flow';

/** `path`: the login endpoints' folder (the cookie goes only there), e.g. /api/console/login. */
export function setFlowCookie(
  reply: FastifyReply,
  value: string,
  secure: boolean,
  maxAgeSeconds: number,
  path: string,
) {
  reply.header(
    'set-cookie',
    `${FLOW_COOKIE}=${value}; Path=${path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  );
}

export function clearFlowCookie(reply: FastifyReply, secure: boolean, path: string) {
  setFlowCookie(reply, '', secure, 0, path);
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
