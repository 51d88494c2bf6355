import { disposal } from '@chepai/shared';
import sharp from 'sharp';
import { expect } from 'vitest';
import { filesKit } from './files-kit';
import type { TestApp } from './test-app';

/** A one-page PDF that passes the upload's type check. */
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const tinyJpeg = (n: number) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: { r: (n * 30) % 256, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

/** VINs with a valid check digit, a new one per call, from a 17-character pattern. */
export function vinMaker(pattern: string) {
  let n = 0;
  return () => {
    const body = pattern.slice(0, 17 - 6) + String(++n).padStart(6, '0');
    for (const c of '0123456789X') {
      const v = body.slice(0, 8) + c + body.slice(9);
      if (disposal.vinSchema.safeParse(v).success) return v;
    }
    throw new Error('no check digit');
  };
}

/** One upload as the given user; fails the test when the server refuses it. */
export async function uploadAs(
  t: TestApp,
  token: string,
  data: Buffer,
  type: 'image' | 'document',
  isPrivate: boolean,
) {
  const r = await filesKit(t).upload(
    token,
    { data, filename: type === 'image' ? 'p.jpg' : 'd.pdf' },
    { type, isPrivate: String(isPrivate) },
  );
  expect(r.res.statusCode, r.body.msg).toBe(200);
  return r.body.data.id;
}

/** The files a submission needs, uploaded as the seller: 8 public photos and the 3 required documents. */
export async function submissionFiles(t: TestApp, token: string) {
  const photos: string[] = [];
  for (let i = 0; i < 8; i++) photos.push(await uploadAs(t, token, await tinyJpeg(i), 'image', false));
  const doc = () => uploadAs(t, token, TINY_PDF, 'document', true);
  const documents: Array<{ name: string; fileId: string; expiry?: string }> = [
    { name: '机动车登记证书', fileId: await doc() },
    { name: '机动车行驶证', fileId: await doc(), expiry: '2027-05-31' },
    { name: '交强险保单', fileId: await doc(), expiry: '2027-05-09' },
  ];
  return { photos, documents };
}
