import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (ID numbers, bank accounts): what a module needs to store a value it must be
 * able to read back, and to check it for uniqueness without reading it.
 */
export interface DataCrypto {
  /** AES-256-GCM under the deployment key; `context` (e.g. 'app_user.id_card') binds the value to its column. */
  seal(plain: string, context?: string): string;
  /** The plain text of a sealed value; throws when it was not sealed under this key and context. */
  open(sealed: string, context?: string): string;
  /** A keyed hash (HMAC-SHA-256) of the value: equal values give equal indexes, nothing else leaks. */
  blindIndex(plain: string, context?: string): string;
  /** Short public fingerprint of the key, carried in every sealed value. */
  readonly keyId: string;
}

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const DATA_KEY_BYTES = 32;

const derive = (key: Buffer, info: string) => Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), info, 32));

/** The key's public fingerprint: derived, so it says nothing about the key itself. */
export const dataKeyId = (key: Buffer) => derive(key, 'chepai key id').toString('hex').slice(0, 12);

export function dataCrypto(key: Buffer): DataCrypto {
  if (key.length !== DATA_KEY_BYTES) throw new Error('数据加密密钥必须是 32 字节');
  // Separate subkeys, so the cipher key and the index key never meet the same input.
  const sealKey = derive(key, 'chepai seal v1');
  const indexKey = derive(key, 'chepai blind index v1');
  const keyId = dataKeyId(key);

  return {
    keyId,
    seal(plain, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', sealKey, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${VERSION}.${keyId}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
    },
    open(sealed, context = '') {
      const [version, id, payload] = sealed.split('.');
      if (version !== VERSION || !payload) throw new Error('不是本系统加密的数据');
      if (id !== keyId) throw new Error(`数据由另一把密钥（${id}）加密，当前密钥为 ${keyId}`);
      const raw = Buffer.from(payload, 'base64url');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new Error('加密数据已损坏');
      const decipher = createDecipheriv('aes-256-gcm', sealKey, raw.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
    blindIndex(plain, context = '') {
      return createHmac('sha256', indexKey).update(`${context}\0${plain}`, 'utf8').digest('base64url');
    },
  };
}

/** `DATA_ENCRYPTION_KEY`: 32 bytes as 64 hex digits or base64 (either alphabet). */
export function parseDataKey(text: string): Buffer {
  const t = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(t) ? Buffer.from(t, 'hex') : Buffer.from(t, 'base64');
  if (key.length !== DATA_KEY_BYTES)
    throw new Error('DATA_ENCRYPTION_KEY 必须是 32 字节（64 位十六进制或 base64）');
  return key;
}

export const makeDataKey = () => randomBytes(DATA_KEY_BYTES).toString('base64');
