import type { Readable } from 'node:stream';

/**
 * Where uploaded bytes live. Keys are chosen by the server (never from a file name); every
 * driver refuses anything else, so no key can climb out of its root.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<{ body: Readable; size: number } | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY = /^[a-z0-9][a-z0-9/_-]{0,200}$/;

export function assertKey(key: string): string {
  if (!STORAGE_KEY.test(key) || key.includes('//') || key.endsWith('/')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}
