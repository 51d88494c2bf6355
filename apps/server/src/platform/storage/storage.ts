import path from 'node:path';
import type { Env } from '../../config/env';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import type { Storage } from './storage-contract';

export { assertKey, STORAGE_KEY, type Storage } from './storage-contract';

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
