/**
 * Upload benchmark: a phone-sized JPEG (4032×3024, about 5 MB, GPS in EXIF) uploaded through the
 * real endpoint N times on an in-process server (PGlite, local disk): time per upload (decode,
 * re-encode, thumbnail, store), the stored size and the thumbnail size.
 *
 *   npx tsx bench/files/run.ts            (BENCH_RUNS to override, default 5)
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sessions } from '../../apps/server/src/modules/accounts/sessions';
import { multipart } from '../../apps/server/src/test/files-kit';
import { createTestApp } from '../../apps/server/src/test/test-app';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);

async function phonePhoto(): Promise<Buffer> {
  // A smooth scene with sensor-like grain: compresses like a photo, not like flat colour or pure noise.
  const grain = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 22 },
    },
  })
    .png()
    .toBuffer();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="4032" height="3024"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7aa7d9"/><stop offset="0.55" stop-color="#d8d2c4"/><stop offset="1" stop-color="#4b4a45"/></linearGradient></defs><rect width="4032" height="3024" fill="url(#g)"/><rect x="900" y="1500" width="2300" height="800" rx="200" fill="#b22"/><circle cx="1400" cy="2300" r="260" fill="#222"/><circle cx="2700" cy="2300" r="260" fill="#222"/></svg>`,
  );
  return sharp(scene)
    .composite([{ input: grain, blend: 'overlay' }])
    .jpeg({ quality: 93 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 13/1 4500/100' } })
    .toBuffer();
}

async function main() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bench-files-'));
  const t = await createTestApp({ env: { DATA_DIR: dir } });
  try {
    const user = await t.ctx.dbh.db
      .insertInto('app_user')
      .values({ role: 'buyer', real_name: '基准', tel: '13700000000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = await sessions(t.ctx).create(user.id, '127.0.0.1');
    const photo = await phonePhoto();
    const body = multipart([
      { name: 'type', value: 'image' },
      { name: 'isPrivate', value: 'false' },
      { name: 'file', filename: 'IMG_0001.JPG', data: photo, type: 'image/jpeg' },
    ]);
    const times: number[] = [];
    let id = '';
    for (let i = 0; i < RUNS + 1; i++) {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/mall-portal/file/upload',
        payload: body.payload,
        headers: { 'content-type': body.contentType, authorization: token },
      });
      const elapsed = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(res.body);
      id = (JSON.parse(res.body) as { data: { id: string } }).data.id;
      if (i > 0) times.push(elapsed); // the first warms sharp up
    }
    const row = await t.ctx.dbh.db
      .selectFrom('file')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    times.sort((a, b) => a - b);
    const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
    console.log(`input:      4032×3024 JPEG, ${mb(photo.length)}`);
    console.log(
      `upload:     median ${times[Math.floor(times.length / 2)]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms (${RUNS} runs, ${os.cpus().length} cores)`,
    );
    console.log(`stored:     ${mb(row.size)} (${row.width}×${row.height}, quality 85, no metadata)`);
    console.log(`thumbnail:  ${(row.thumb_size! / 1024).toFixed(1)} KB (WebP, ≤400 px)`);
  } finally {
    await t.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

await main();
