import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { ensureSecret } from '../../modules/accounts/secrets';

/** Encrypts secrets at rest (bank account numbers). */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

const VERSION = 'v1';

/**
 * AES-256-GCM under a per-deployment key kept in app_secret (generated at first start, like the
 * RSA key). Sealed form: `v1.<iv>.<tag>.<ciphertext>`, base64url, a fresh 96-bit IV each time.
 */
export function secretBoxWithKey(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('data encryption key must be 32 bytes');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('not a sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

export async function secretBox(db: Kysely<Database>): Promise<SecretBox> {
  const key = await ensureSecret(db, 'data_encryption_key', () => randomBytes(32).toString('base64url'));
  return secretBoxWithKey(Buffer.from(key, 'base64url'));
}
