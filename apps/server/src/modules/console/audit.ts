import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { consoleRepo } from './console.repo';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

export interface Actor {
  id: string;
  name: string;
  ip: string;
  userAgent: string;
}

export const actorOf = (request: FastifyRequest, id: string, name: string): Actor => ({
  id,
  name,
  ip: request.ip,
  userAgent: String(request.headers['user-agent'] ?? '').slice(0, 200),
});

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/**
 * One audit row per staff action (docs/product.md#14-disposal-and-review), written with the
 * change in the same transaction: an action that rolls back leaves no row, one that commits
 * always has its row. Rows can never be changed (a trigger refuses UPDATE, DELETE, TRUNCATE).
 */
export async function writeAudit(db: Kysely<Database>, actor: Actor, entry: AuditEntry) {
  await consoleRepo(db).audit({
    operator_id: actor.id,
    operator_name: actor.name,
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    ip: actor.ip,
    user_agent: actor.userAgent,
    before: json(entry.before),
    after: json(entry.after),
    reason: entry.reason ?? '',
  });
}
