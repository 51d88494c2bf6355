import { createHmac, timingSafeEqual } from 'node:crypto';
import { files } from '@chepai/shared';
import { fillPath } from '@chepai/shared';
import { AppError } from '../../http/errors';

export type Variant = 'original' | 'thumbnail';

/**
 * Private files are served only to a URL carrying an expiry and an HMAC over file id, variant
 * and expiry, under a per-deployment key (app_secret `file_url_key`). Whoever holds the link
 * may open it until it expires: that is what "opens in a new window" needs.
 */
export function signedUrls(key: string, now: () => Date) {
  const mac = (id: string, variant: Variant, exp: number) =>
    createHmac('sha256', key).update(`file:${id}:${variant}:${exp}`).digest('base64url');

  return {
    sign(id: string, variant: Variant, ttlSeconds = files.SIGNED_URL_TTL_SECONDS): string {
      const exp = Math.floor(now().getTime() / 1000) + ttlSeconds;
      return `${fillPath(files.FILE_PATHS.signed, { id, variant })}?exp=${exp}&sig=${mac(id, variant, exp)}`;
    },
    /** Seconds the link has left; throws 403 when it was altered or has expired. */
    verify(id: string, variant: Variant, exp: unknown, sig: unknown): number {
      const expiry = typeof exp === 'string' && /^\d{1,12}$/.test(exp) ? Number(exp) : NaN;
      const given = Buffer.from(typeof sig === 'string' ? sig : '', 'base64url');
      const expected = Buffer.from(mac(id, variant, expiry), 'base64url');
      if (!Number.isFinite(expiry) || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new AppError(403, '文件链接无效，请重新获取');
      }
      const left = expiry - Math.floor(now().getTime() / 1000);
      if (left <= 0) throw new AppError(403, '文件链接已过期，请重新获取');
      return left;
    },
  };
}
