import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertKey, type Storage } from './storage-contract';

const isMissing = (e: unknown) => (e as NodeJS.ErrnoException).code === 'ENOENT';

/** Files on the local disk under `root`; written to a temporary name and renamed, so a reader never sees half a file. */
export function localStorage(root: string): Storage {
  const full = (key: string) => path.join(root, assertKey(key));
  return {
    kind: 'local',
    async put(key, body) {
      const target = full(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, body, { mode: 0o600 });
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        const handle = await fs.open(full(key), 'r');
        const { size } = await handle.stat();
        return { body: handle.createReadStream(), size };
      } catch (e) {
        if (isMissing(e)) return null;
        throw e;
      }
    },
    async delete(key) {
      await fs.rm(full(key), { force: true });
    },
  };
}
