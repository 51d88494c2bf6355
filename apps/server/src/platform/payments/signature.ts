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

/** How long a cashier link stays good: long enough to pay, short enough that a leaked link dies. */
export const CASHIER_TICKET_MS = 30 * 60_000;

/**
 * The cashier page's ticket: only the payer receives the link (from an endpoint that needs their
 * session), so the page and its buttons answer only to a valid ticket for that very payment.
 */
export function cashierTicket(secret: string, paymentNo: string, expiresAt: number): string {
  const sig = createHmac('sha256', secret).update(`cashier.${paymentNo}.${expiresAt}`).digest('hex');
  return `${expiresAt}.${sig}`;
}

export function cashierTicketValid(secret: string, paymentNo: string, ticket: unknown, now: number): boolean {
  if (typeof ticket !== 'string') return false;
  const [exp = '', sig = ''] = ticket.split('.');
  const expiresAt = Number(exp);
  if (!/^\d{10,16}$/.test(exp) || expiresAt < now) return false;
  const want = Buffer.from(cashierTicket(secret, paymentNo, expiresAt).split('.')[1] ?? '', 'hex');
  const given = Buffer.from(sig, 'hex');
  return want.length === given.length && timingSafeEqual(want, given);
}
