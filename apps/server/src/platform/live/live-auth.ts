import { LIVE_BEARER_PREFIX, LIVE_PROTOCOL } from '@chepai/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { tooMany } from '../../http/errors';
import { sharedLimits } from '../limits/shared-limits';

/** The `bearer.<token>` entry of the Sec-WebSocket-Protocol header, if the client sent one. */
export function bearerFromProtocols(header: string | string[] | undefined): string | null {
  const entries = (Array.isArray(header) ? header.join(',') : (header ?? '')).split(',').map((p) => p.trim());
  const bearer = entries.find((p) => p.startsWith(LIVE_BEARER_PREFIX));
  return bearer ? bearer.slice(LIVE_BEARER_PREFIX.length) : null;
}

/** Answers the subprotocol the client asked for (browsers refuse a connection that asked for one and got none). */
export const chooseLiveProtocol = (protocols: Set<string>): string | false =>
  protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false;

/**
 * A preHandler for live WebSockets: connections per address and per user, counted across processes
 * and refused before the upgrade (docs/decisions/009-shared-limits-and-proxies.md). `userOf`
 * resolves the bearer token (the lot channel and the user channel share the per-user cap).
 */
export function liveConnectionCaps(
  ctx: AppContext,
  userOf: (token: string) => Promise<{ id: string } | null>,
) {
  const limits = sharedLimits(ctx);
  return async (request: FastifyRequest) => {
    const caps: Array<{ key: string; cap: number }> = [];
    if (ctx.env.WS_PER_ADDRESS > 0) caps.push({ key: `ws:ip:${request.ip}`, cap: ctx.env.WS_PER_ADDRESS });
    const token = bearerFromProtocols(request.headers['sec-websocket-protocol']);
    const user = token && ctx.env.WS_PER_USER > 0 ? await userOf(token) : null;
    if (user) caps.push({ key: `ws:user:${user.id}`, cap: ctx.env.WS_PER_USER });
    if (!caps.length) return;
    const lease = await limits.acquire(caps);
    if (!lease) throw tooMany('同时打开的实时连接过多，请关闭其他页面后再试', 10);
    request.socket.once('close', () => void lease.release().catch(() => undefined));
  };
}
