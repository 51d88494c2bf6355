import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStorage } from '../../platform/storage/storage';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newTel } from '../../test/accounts-test-kit';
import { sessions } from '../accounts/sessions';
import { filesService } from './files.service';
import { signedUrls } from './signed-url';
import {
  EXE,
  filesKit,
  multipart,
  hasGpsPointer,
  PDF,
  phoneJpeg,
  pngBytes,
  SVG_WITH_SCRIPT,
} from '../../test/files-kit';

let t: TestApp;
let f: ReturnType<typeof filesKit>;
let dir: string;
let owner: string;
let other: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'files-test-'));
  t = await createTestApp({ env: { DATA_DIR: dir } });
  f = filesKit(t);
  const k = accountsKit(t);
  const [a, b] = [newTel(), newTel()];
  await k.register(a);
  await k.register(b);
  owner = await k.token(a);
  other = await k.token(b);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});
beforeEach(() => t.setNow(null));

const rowOf = (id: string) =>
  t.ctx.dbh.db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const stored = async (key: string) => {
  const got = await createStorage(t.ctx.env).get(key);
  return got ? buffer(got.body) : null;
};
const fileCount = async () =>
  Number(
    (
      await t.ctx.dbh.db
        .selectFrom('file')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('upload', () => {
  it('needs a login', async () => {
    const { res, body } = await f.upload(undefined, { data: await pngBytes() });
    expect(res.statusCode).toBe(401);
    expect(body.msg).toBe('请先登录');
    expect((await f.getUrl(undefined, '1')).statusCode).toBe(401);
    expect((await f.del(undefined, '1')).statusCode).toBe(401);
  });

  it('re-encodes a phone photo: GPS and every EXIF gone, orientation applied, thumbnail stored apart', async () => {
    const input = await phoneJpeg(300, 100);
    const before = await sharp(input).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true); // the test input really carries GPS
    expect(before.orientation).toBe(6);

    const { res, body } = await f.upload(owner, { data: input, filename: 'IMG_0001.JPG' });
    expect(res.statusCode).toBe(200);
    expect(body.data).toMatchObject({ fileUrl: '', fileName: 'IMG_0001.jpg', thumbnailUrl: null });
    const row = await rowOf(body.data.id);
    expect(row).toMatchObject({
      is_private: true,
      type: 'image',
      content_type: 'image/jpeg',
      width: 100,
      height: 300,
    });
    const bytes = (await stored(row.storage_key))!;
    expect(row.size).toBe(bytes.length);
    expect(row.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const after = await sharp(bytes).metadata();
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([100, 300]);
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false);

    expect(row.thumb_key).not.toBe(row.storage_key);
    const thumb = await sharp((await stored(row.thumb_key!))!).metadata();
    expect(thumb.format).toBe('webp');
    expect(Math.max(thumb.width, thumb.height)).toBeLessThanOrEqual(400);
    expect(row.thumb_size).toBeGreaterThan(0);
  });

  it('keeps a PDF as it came, as a private document without thumbnail', async () => {
    const { res, body } = await f.upload(
      owner,
      { data: PDF, filename: '合同 扫描件.pdf' },
      { type: 'document', isPrivate: 'true' },
    );
    expect(res.statusCode).toBe(200);
    expect(body.data.fileName).toBe('合同 扫描件.pdf');
    const row = await rowOf(body.data.id);
    expect(row).toMatchObject({ content_type: 'application/pdf', thumb_key: null, size: PDF.length });
    expect((await stored(row.storage_key))!.equals(PDF)).toBe(true);
  });

  it('files are private unless the form says otherwise', async () => {
    const { body } = await f.upload(owner, { data: await pngBytes() }, { type: 'image' });
    expect((await rowOf(body.data.id)).is_private).toBe(true);
  });

  describe('bad input: a clear Chinese 4xx and nothing stored', () => {
    const eleven = Buffer.alloc(11 * 1024 * 1024, 1);
    const justOver = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024 - 2)]);
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
    const cases: Array<[string, () => Promise<Parameters<typeof f.upload>>, number, string | RegExp]> = [
      ['11 MB', async () => [owner, { data: eleven }], 413, '文件超过10M，无法上传'],
      [
        '10 MB and one byte (the limit hit while streaming)',
        async () => [owner, { data: justOver }],
        413,
        '文件超过10M，无法上传',
      ],
      ['an empty file', async () => [owner, { data: Buffer.alloc(0) }], 400, '文件内容为空，请重新选择'],
      [
        'a path in the name',
        async () => [owner, { data: await pngBytes(), filename: '../../etc/passwd.png' }],
        400,
        '文件名不能包含路径，请重新选择文件',
      ],
      [
        'a Windows path in the name',
        async () => [owner, { data: await pngBytes(), filename: 'C:\\Users\\a\\car.png' }],
        400,
        '文件名不能包含路径，请重新选择文件',
      ],
      [
        'an SVG with script as an image',
        async () => [owner, { data: SVG_WITH_SCRIPT, filename: 'car.svg', type: 'image/svg+xml' }],
        400,
        /SVG/,
      ],
      [
        'an SVG named .png as a document',
        async () => [owner, { data: SVG_WITH_SCRIPT, filename: 'car.png' }, { type: 'document' }],
        400,
        /SVG/,
      ],
      [
        'an .exe named .jpg',
        async () => [owner, { data: EXE, filename: 'car.jpg', type: 'image/jpeg' }],
        400,
        '不允许上传可执行程序，请重新选择文件',
      ],
      [
        'a PDF as an image',
        async () => [owner, { data: PDF, filename: 'car.jpg' }],
        400,
        '请上传图片格式的文件',
      ],
      [
        'plain text as an image',
        async () => [owner, { data: Buffer.from('hello'), filename: 'car.jpg' }],
        400,
        '请上传图片格式的文件',
      ],
      [
        'plain text as a document',
        async () => [owner, { data: Buffer.from('hello') }, { type: 'document' }],
        400,
        '请上传 PDF 或图片格式的文件',
      ],
      [
        'a GIF (an image, but not one kept)',
        async () => [
          owner,
          {
            data: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
              .gif()
              .toBuffer(),
            filename: 'a.gif',
          },
        ],
        400,
        '暂不支持 GIF 格式的图片，请上传 JPG、PNG 或 WebP 图片',
      ],
      ['a broken JPEG', async () => [owner, { data: corrupt }], 400, '图片已损坏或无法识别，请重新选择'],
      [
        'an unknown type',
        async () => [owner, { data: await pngBytes() }, { type: 'video' }],
        400,
        '文件类型参数不正确',
      ],
      ['no file', async () => [owner, null], 400, '请上传对应的文件'],
    ];
    it.each(cases)('%s', async (_name, args, status, msg) => {
      const count = await fileCount();
      const { res, body } = await f.upload(...(await args()));
      expect(res.statusCode).toBe(status);
      expect(body.code).toBe(status);
      expect(body.msg).toMatch(msg);
      expect(await fileCount()).toBe(count);
    });

    it('two files, a file under another field name, or no multipart at all', async () => {
      const count = await fileCount();
      const png = await pngBytes();
      const post = (payload: Buffer | string, contentType: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/mall-portal/file/upload',
          payload,
          headers: { 'content-type': contentType, authorization: owner },
        });
      const two = multipart([
        { name: 'type', value: 'image' },
        { name: 'file', filename: 'a.png', data: png },
        { name: 'file', filename: 'b.png', data: png },
      ]);
      const twoRes = await post(two.payload, two.contentType);
      expect([twoRes.statusCode, envelope(twoRes).msg]).toEqual([400, '一次只能上传一个文件']);
      const wrong = multipart([
        { name: 'type', value: 'image' },
        { name: 'photo', filename: 'a.png', data: png },
      ]);
      const wrongRes = await post(wrong.payload, wrong.contentType);
      expect([wrongRes.statusCode, envelope(wrongRes).msg]).toEqual([400, '文件须放在名为 file 的表单项中']);
      const json = await post('{"type":"image"}', 'application/json');
      expect([json.statusCode, envelope(json).msg]).toEqual([400, '请以 multipart/form-data 格式上传文件']);
      expect(await fileCount()).toBe(count);
    });
  });
});

describe('reading and deleting', () => {
  it('a private file: the owner gets a signed URL that works; another user and the public address do not', async () => {
    const { body } = await f.upload(owner, { data: await phoneJpeg() });
    const id = body.data.id;
    const res = await f.getUrl(owner, id);
    expect(res.statusCode).toBe(200);
    const url = envelope<string>(res).data;
    expect(url).toMatch(new RegExp(`^/api/files/s/${id}/original\\?exp=\\d+&sig=[\\w-]+$`));
    const got = await f.fetch(url);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/jpeg');
    expect(got.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect(got.rawPayload.equals((await stored((await rowOf(id)).storage_key))!)).toBe(true);
    const thumbUrl = envelope<string>(await f.getUrl(owner, id, 'thumbnail')).data;
    expect((await f.fetch(thumbUrl)).headers['content-type']).toBe('image/webp');

    const denied = await f.getUrl(other, id);
    expect([denied.statusCode, envelope(denied).msg]).toEqual([403, '无权查看该文件']);
    expect((await f.fetch(`/api/files/p/${id}/original`)).statusCode).toBe(404);
  });

  it('a signed URL expires after ten minutes and any change to it is refused', async () => {
    const start = new Date('2026-11-23T08:00:00Z');
    t.setNow(start);
    const { body } = await f.upload(owner, { data: await pngBytes() });
    const id = body.data.id;
    const url = envelope<string>(await f.getUrl(owner, id)).data;
    const other2 = (await f.upload(owner, { data: await pngBytes() })).body.data.id;
    const exp = Number(new URL(url, 'http://x').searchParams.get('exp'));
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const flipped = sig.slice(0, 5) + (sig[5] === 'A' ? 'B' : 'A') + sig.slice(6);
    const tampered = [
      url.replace(`sig=${sig}`, `sig=${flipped}`),
      url.replace(`exp=${exp}`, `exp=${exp + 3600}`),
      url.replace(`/s/${id}/`, `/s/${other2}/`),
      url.replace('/original?', '/thumbnail?'),
      url.replace(/&sig=.*$/, ''),
    ];
    for (const bad of tampered) {
      const res = await f.fetch(bad);
      expect([res.statusCode, envelope(res).msg], bad).toEqual([403, '文件链接无效，请重新获取']);
    }
    t.setNow(new Date(start.getTime() + 9 * 60_000));
    expect((await f.fetch(url)).statusCode).toBe(200);
    t.setNow(new Date(start.getTime() + 10 * 60_000 + 1000));
    const late = await f.fetch(url);
    expect([late.statusCode, envelope(late).msg]).toEqual([403, '文件链接已过期，请重新获取']);
  });

  it('a public file is served to anyone with a year-long immutable cache, thumbnail included', async () => {
    const { body } = await f.upload(
      owner,
      { data: await pngBytes(), filename: 'lot.png' },
      { type: 'image', isPrivate: 'false' },
    );
    expect(body.data.fileUrl).toBe(`/api/files/p/${body.data.id}/original`);
    expect(body.data.thumbnailUrl).toBe(`/api/files/p/${body.data.id}/thumbnail`);
    const res = await f.fetch(body.data.fileUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-disposition']).toContain("filename*=UTF-8''lot.png");
    expect((await f.fetch(body.data.thumbnailUrl!)).statusCode).toBe(200);
    expect(envelope<string>(await f.getUrl(other, body.data.id)).data).toBe(body.data.fileUrl);
  });

  it('only the owner deletes; a deleted file is gone everywhere, bytes included', async () => {
    const { body } = await f.upload(owner, { data: await pngBytes() }, { type: 'image', isPrivate: 'false' });
    const id = body.data.id;
    const row = await rowOf(id);
    const denied = await f.del(other, id);
    expect([denied.statusCode, envelope(denied).msg]).toEqual([403, '只能删除自己上传的文件']);
    expect((await f.fetch(body.data.fileUrl)).statusCode).toBe(200);

    const done = await f.del(owner, id);
    expect([done.statusCode, envelope(done).msg]).toEqual([200, '操作成功']);
    expect((await rowOf(id)).deleted_at).not.toBeNull();
    expect(await stored(row.storage_key)).toBeNull();
    expect(await stored(row.thumb_key!)).toBeNull();
    expect((await f.fetch(body.data.fileUrl)).statusCode).toBe(404);
    const again = await f.del(owner, id);
    expect([again.statusCode, envelope(again).msg]).toEqual([404, '文件不存在或已删除']);
    expect((await f.getUrl(owner, id)).statusCode).toBe(404);
  });

  it('the operator/counterparty hook can let another user read, and only what it allows', async () => {
    const { body } = await f.upload(owner, { data: await pngBytes() });
    const asOther = (await sessions(t.ctx).resolve(other))!;
    const service = filesService(t.ctx, {
      storage: createStorage(t.ctx.env),
      urls: signedUrls('k', t.ctx.now),
      access: {
        mayAlsoRead: async (u, file) => u.id === asOther.id && file.id === body.data.id,
        mayAlsoDelete: async () => false,
      },
    });
    expect(await service.getUrl(asOther, body.data.id, 'original')).toMatch(/^\/api\/files\/s\//);
    await expect(service.remove(asOther, body.data.id)).rejects.toThrow('只能删除自己上传的文件');
  });

  it('unknown and malformed file ids', async () => {
    expect((await f.getUrl(owner, '999999999')).statusCode).toBe(404);
    const bad = await f.getUrl(owner, 'abc');
    expect([bad.statusCode, envelope(bad).msg]).toEqual([400, '编号格式不正确']);
    expect((await f.fetch('/api/files/p/abc/original')).statusCode).toBe(400);
    expect((await f.fetch('/api/files/p/1/other')).statusCode).toBe(400);
  });
});
