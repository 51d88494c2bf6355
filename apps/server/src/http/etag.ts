import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends a public JSON body with a strong ETag and `no-cache` (store, but ask every time), or a bare
 * 304 when the browser already holds it. Computed here, before compression, so the tag names the
 * content whatever encoding goes out (docs/decisions/012-web-transport-and-budget.md).
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: unknown) {
  const json = JSON.stringify(body);
  const tag = `"${createHash('sha1').update(json).digest('base64url')}"`;
  reply.header('etag', tag).header('cache-control', 'no-cache');
  const given = request.headers['if-none-match'];
  if (given && given.split(',').some((t) => t.trim().replace(/^W\//, '') === tag)) {
    return reply.code(304).send();
  }
  return reply.type('application/json; charset=utf-8').send(json);
}
