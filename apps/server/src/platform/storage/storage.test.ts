import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server';
import { testEnv } from '../../test/test-app';
import { createStorage, type Storage } from './storage';

let s3: Awaited<ReturnType<typeof startS3Server>>;
let dir: string;
const drivers: Record<string, () => Storage> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'storage-'));
  drivers.local = () => createStorage(testEnv({ DATA_DIR: dir }));
  drivers.s3 = () => createStorage(testEnv({ DATA_DIR: dir, ...s3.env }));
});
afterAll(async () => {
  await s3?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(['local', 's3'])('%s storage driver', (name) => {
  it('is the driver the settings ask for', () => {
    expect(drivers[name]!().kind).toBe(name);
  });

  it('puts, gets and deletes an object; a missing one is null', async () => {
    const storage = drivers[name]!();
    const bytes = Buffer.from(Array.from({ length: 300_000 }, (_, i) => i % 251));
    await storage.put('2026/11/abc-123', bytes, 'image/jpeg');
    const got = await storage.get('2026/11/abc-123');
    expect(got?.size).toBe(bytes.length);
    expect((await buffer(got!.body)).equals(bytes)).toBe(true);
    await storage.delete('2026/11/abc-123');
    expect(await storage.get('2026/11/abc-123')).toBeNull();
    await storage.delete('2026/11/abc-123'); // twice is harmless
    expect(await storage.get('2026/11/never-written')).toBeNull();
  });

  it('refuses keys that could leave its root', async () => {
    const storage = drivers[name]!();
    for (const key of ['../escape', '/abs', 'a/../../b', 'A B', 'x//y', 'dir/']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    }
  });
});

it('the S3 driver really wrote into the S3 server, the local one under DATA_DIR/files', async () => {
  await drivers.s3!().put('2026/11/where', Buffer.from('s3'), 'text/plain');
  await drivers.local!().put('2026/11/where', Buffer.from('disk'), 'text/plain');
  const s3Files = await fs.readdir(s3.directory, { recursive: true });
  expect(s3Files.some((f) => String(f).includes('where'))).toBe(true);
  expect(await fs.readFile(path.join(dir, 'files/2026/11/where'), 'utf8')).toBe('disk');
});
