import type { Readable } from 'node:stream';
import { onFirstUse } from '../../lib/on-first-use';
import { assertKey, type Storage } from './storage-contract';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself; any S3-compatible service (MinIO, OSS, COS…) otherwise. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (instance role, shared config). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** The AWS SDK loads with the first object stored or read (docs/decisions/052-load-on-first-use.md). */
const loadSdk = onFirstUse(() => import('@aws-sdk/client-s3'));

/** S3-compatible object storage; path-style addressing so self-hosted services work without DNS per bucket. */
export function s3Storage(settings: S3Settings): Storage {
  const connect = onFirstUse(async () => {
    const sdk = await loadSdk();
    const client = new sdk.S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      credentials: settings.credentials,
    });
    return { sdk, client };
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      const { sdk, client } = await connect();
      await client.send(
        new sdk.PutObjectCommand({ Bucket, Key: assertKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const { sdk, client } = await connect();
      try {
        const out = await client.send(new sdk.GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (e) {
        const missing =
          e instanceof sdk.NoSuchKey ||
          (e instanceof sdk.S3ServiceException && e.$metadata.httpStatusCode === 404);
        if (missing) return null;
        throw e;
      }
    },
    async delete(key) {
      const { sdk, client } = await connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
  };
}
