import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * A per-deployment secret kept in the database, so every server process shares it. The first
 * process to start creates it; a concurrent one keeps the winner's value.
 */
export async function ensureSecret(db: Kysely<Database>, name: string, make: () => string): Promise<string> {
  const found = await db.selectFrom('app_secret').select('value').where('name', '=', name).executeTakeFirst();
  if (found) return found.value;
  await db
    .insertInto('app_secret')
    .values({ name, value: make() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('app_secret')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}

export const makeRsaPrivateKey = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  }).privateKey;

export const makePepper = () => randomBytes(32).toString('base64url');
