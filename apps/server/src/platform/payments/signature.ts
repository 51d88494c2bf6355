import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ensureSecret } from '../secrets/secrets';

/** A notification older or newer than this is refused (replays beyond it cannot even be checked). */
export const SIGNATURE_TOLERANCE_MS = 5 * 60_000;

/** The shared HMAC key of the sandbox provider: generated once per deployment, kept in app_secret. */
export function loadOrCreateSecret(db: Kysely<Database>, name: string): Promise<string> {
  return ensureSecret(db, name, () => randomBytes(32).toString('base64'));
}

const mac = (secret: string, timestamp: number, body: string) =>
  createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');

/** `t=<epoch ms>,v1=<hex HMAC-SHA256 of "t.body">`, as payment companies sign webhooks. */
export function signBody(secret: string, timestamp: number, body: string): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

export type SignatureCheck = 'ok' | 'missing' | 'bad' | 'stale';

export function checkSignature(
  secret: string,
  header: string | undefined,
  body: string,
  now: number,
): SignatureCheck {
  if (!header) return 'missing';
  const parts = Object.fromEntries(header.split(',').map((p) => p.trim().split('=', 2) as [string, string]));
  const t = Number(parts.t);
  const given = parts.v1 ?? '';
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(given)) return 'bad';
  const expected = Buffer.from(mac(secret, t, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return 'bad';
  return Math.abs(now - t) > SIGNATURE_TOLERANCE_MS ? 'stale' : 'ok';
}
