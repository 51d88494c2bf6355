import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { appSecretRepo } from './app-secret.repo';

/**
 * A per-deployment secret kept in the database, so every server process shares it. The first
 * process to start creates it; a concurrent one keeps the winner's value.
 */
export async function ensureSecret(db: Kysely<Database>, name: string, make: () => string): Promise<string> {
  const repo = appSecretRepo(db);
  const found = await repo.get(name);
  if (found !== undefined) return found;
  await repo.insertIfAbsent(name, make());
  const value = await repo.get(name);
  if (value === undefined) throw new Error(`secret ${name} vanished`);
  return value;
}

/** 32 random bytes, for keys the server makes itself (peppers, HMAC keys). */
export const makePepper = () => randomBytes(32).toString('base64url');
