import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Env } from '../../config/env';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';

/**
 * Where uploaded bytes live. Keys are chosen by the server (never from a file name); every
 * driver refuses anything else, so no key can climb out of its root.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export function assertKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('//') || key.endsWith('/')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/** S3-compatible object storage when `S3_BUCKET` is set, else the local disk under `DATA_DIR/files`. */
export function createStorage(env: Env): Storage {
  if (env.S3_BUCKET) {
    return s3Storage({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      credentials:
        env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return localStorage(path.join(env.dataDir, 'files'));
}
