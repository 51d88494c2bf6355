import { createPublicKey } from 'node:crypto';
import forge from 'node-forge';
import { badRequest } from '../../http/errors';

export const DECRYPT_FAILED = '密码解密失败，请刷新页面后重试';
const KEY_BYTES = 256;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

export interface PasswordTransport {
  publicKeyPem: string;
  /** The plain text, or the one 400 for every kind of failure. */
  decrypt(cipherBase64: string): string;
}

/**
 * RSA PKCS#1 v1.5 as jsencrypt produces it. Node refuses PKCS#1 v1.5 private decryption
 * (CVE-2023-46809), so node-forge does it. Every failure does the same work and answers the same
 * way, so a caller learns nothing about padding (no Bleichenbacher oracle).
 */
export function passwordTransport(privateKeyPem: string): PasswordTransport {
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  const filler = forge.util.decode64(Buffer.alloc(KEY_BYTES, 1).toString('base64'));
  return {
    publicKeyPem,
    decrypt(cipherBase64) {
      let ok = typeof cipherBase64 === 'string' && BASE64.test(cipherBase64) && cipherBase64.length % 4 === 0;
      let bytes = ok ? forge.util.decode64(cipherBase64) : filler;
      if (bytes.length !== KEY_BYTES) {
        ok = false;
        bytes = filler;
      }
      let plain = '';
      try {
        plain = forge.util.decodeUtf8(key.decrypt(bytes, 'RSAES-PKCS1-V1_5'));
      } catch {
        ok = false;
      }
      if (!ok || !plain) throw badRequest(DECRYPT_FAILED);
      return plain;
    },
  };
}
