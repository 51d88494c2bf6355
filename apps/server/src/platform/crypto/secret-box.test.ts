import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { secretBoxWithKey } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const box = secretBoxWithKey(randomBytes(32));

  it('round-trips any text and never repeats a ciphertext', () => {
    fc.assert(
      fc.property(fc.string(), (plain) => {
        const a = box.encrypt(plain);
        expect(box.decrypt(a)).toBe(plain);
        expect(box.encrypt(plain)).not.toBe(a);
        if (plain.length >= 4) expect(a).not.toContain(plain);
      }),
    );
  });

  it('refuses a tampered ciphertext and another key', () => {
    const sealed = box.encrypt('6222021001234567890');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => box.decrypt([parts[0], parts[1], parts[2], body.toString('base64url')].join('.'))).toThrow();
    expect(() => secretBoxWithKey(randomBytes(32)).decrypt(sealed)).toThrow();
  });
});
