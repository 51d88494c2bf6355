import { parseInput, type Endpoint } from '@chepai/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope';
import { badRequest } from './errors';
import { sendWithEtag } from './etag';

export interface RouteContext {
  request: FastifyRequest;
  reply: FastifyReply;
}

export type AuthCheck = (
  request: FastifyRequest,
  auth: Endpoint['auth'],
  operatorRoles?: Endpoint['operatorRoles'],
) => Promise<void>;

export interface RouteOptions {
  /** Same answer for every visitor (a public GET): sent with an ETag and revalidated, not re-downloaded. */
  etag?: boolean;
}

/** Registers one contract: validated input in, envelope out. Routes stay thin. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  contract: E,
  handler: (input: z.output<E['input']>, ctx: RouteContext) => Promise<z.input<E['output']>>,
  options: RouteOptions = {},
) {
  if (options.etag && (contract.method !== 'GET' || contract.auth !== 'public')) {
    throw new Error(`${contract.path}: only public GETs may carry an ETag`);
  }
  const url = `/api${contract.path}`;
  app.route({
    method: contract.method,
    url,
    handler: async (request, reply) => {
      await app.checkAuth(request, contract.auth, contract.operatorRoles);
      const body = request.body;
      if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) {
        throw badRequest('请求内容必须是对象');
      }
      const merged = {
        ...(body as Record<string, unknown> | undefined),
        ...(request.query as Record<string, unknown>),
        ...(request.params as Record<string, unknown>),
      };
      const input = parseInput(contract, merged);
      const data = await handler(input, { request, reply });
      if (reply.sent) return reply;
      if (options.etag) return sendWithEtag(request, reply, ok(data));
      return ok(data);
    },
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    checkAuth: AuthCheck;
  }
}
