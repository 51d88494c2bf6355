import { afterAll, beforeAll, expect, it } from 'vitest';
import { createStorage } from '../../platform/storage/storage';
import { startS3Server } from '../../test/s3-server';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newTel } from '../../test/accounts-test-kit';
import { filesKit, phoneJpeg } from '../../test/files-kit';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let t: TestApp;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ env: { ...s3.env, DATA_DIR: s3.directory } });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

it('with S3 settings, uploads land in the bucket and are served and deleted from there', async () => {
  const k = accountsKit(t);
  const tel = newTel();
  await k.register(tel);
  const token = await k.token(tel);
  const f = filesKit(t);
  const { body } = await f.upload(token, { data: await phoneJpeg() });
  expect(body.code).toBe(200);
  const row = await t.ctx.dbh.db
    .selectFrom('file')
    .selectAll()
    .where('id', '=', body.data.id)
    .executeTakeFirstOrThrow();
  const bucket = createStorage(t.ctx.env);
  expect(bucket.kind).toBe('s3');
  expect((await bucket.get(row.storage_key))?.size).toBe(row.size);
  expect(await bucket.get(row.thumb_key!)).not.toBeNull();

  const url = envelope<string>(await f.getUrl(token, body.data.id)).data;
  const res = await f.fetch(url);
  expect(res.statusCode).toBe(200);
  expect(res.rawPayload.length).toBe(row.size);

  expect((await f.del(token, body.data.id)).statusCode).toBe(200);
  expect(await bucket.get(row.storage_key)).toBeNull();
  expect(await bucket.get(row.thumb_key!)).toBeNull();
});
