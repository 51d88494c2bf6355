import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './free-port';

/**
 * A local S3-compatible server (s3rver) on a free port with one empty bucket, for the S3 storage
 * driver's tests. s3rver does not check signatures: our own signed URLs are tested elsewhere.
 */
export async function startS3Server(bucket = 'chepai-test') {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    resetOnClose: true,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    /** What the server's S3 settings would be (s3rver's fixed development keys). */
    env: {
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_REGION: 'us-east-1',
    },
    directory,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
