import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { assertKey, type Storage } from './storage-contract';

export interface S3Settings {
  bucket: string;
  /** Unset: AWS itself; any S3-compatible service (MinIO, OSS, COS…) otherwise. */
  endpoint?: string;
  region: string;
  /** Unset: the SDK's own chain (instance role, shared config). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

const isMissing = (e: unknown) =>
  e instanceof NoSuchKey || (e instanceof S3ServiceException && e.$metadata.httpStatusCode === 404);

/** S3-compatible object storage; path-style addressing so self-hosted services work without DNS per bucket. */
export function s3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: Boolean(settings.endpoint),
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: assertKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: assertKey(key) }));
        return { body: out.Body as Readable, size: out.ContentLength ?? 0 };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: assertKey(key) }));
    },
  };
}
