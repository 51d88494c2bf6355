import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { envelope, type TestApp } from './test-app';

type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };

/** A multipart/form-data body built by hand, so tests control every byte (file names with paths included). */
export function multipart(parts: Part[]) {
  const boundary = `----chepai${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      'value' in p
        ? `content-disposition: form-data; name="${p.name}"\r\n\r\n`
        : `content-disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\ncontent-type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${head}`),
      'value' in p ? Buffer.from(p.value) : p.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A one-page PDF the files module accepts. */
export function minimalPdf() {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

export function filesKit(t: TestApp) {
  return {
    async upload(
      token: string | undefined,
      file: { data: Buffer; filename?: string; type?: string } | null,
      fields: Record<string, string> = { type: 'image', isPrivate: 'true' },
      url = '/api/mall-portal/file/upload',
    ) {
      const body = multipart([
        ...Object.entries(fields).map(([name, value]) => ({ name, value })),
        ...(file
          ? [{ name: 'file', filename: file.filename ?? 'photo.jpg', data: file.data, type: file.type }]
          : []),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: body.payload,
        headers: { 'content-type': body.contentType, ...(token ? { authorization: token } : {}) },
      });
      return {
        res,
        body: envelope<{ id: string; fileUrl: string; fileName: string; thumbnailUrl: string | null }>(res),
      };
    },
    getUrl: (token: string | undefined, fileId: string, variant?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/mall-portal/file/getUrl?fileId=${fileId}${variant ? `&variant=${variant}` : ''}`,
        headers: token ? { authorization: token } : {},
      }),
    del: (token: string | undefined, fileId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/mall-portal/file/del?fileId=${fileId}`,
        headers: token ? { authorization: token } : {},
      }),
    fetch: (url: string) => t.app.inject({ method: 'GET', url }),
  };
}

/** A JPEG as a phone writes it: GPS position and camera make in EXIF, stored sideways with orientation 6. */
export const phoneJpeg = (width = 300, height = 100) =>
  sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '31/1 13/1 4500/100',
        GPSLongitudeRef: 'E',
        GPSLongitude: '121/1 28/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/** The EXIF tag that points at GPS data (0x8825), in either byte order. */
export const hasGpsPointer = (exif: Buffer | undefined) =>
  Boolean(exif && (exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))));

export const pngBytes = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#36c' } })
    .png()
    .toBuffer();

export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
/** A Windows executable's header (MZ … PE), whatever the name says. */
export const EXE = Buffer.concat([
  Buffer.from('MZ'),
  Buffer.alloc(58),
  Buffer.from([0x80, 0, 0, 0]),
  Buffer.alloc(64),
  Buffer.from('PE\0\0'),
  Buffer.alloc(400),
]);
