import { badRequest } from '../../http/errors';

// C0/C1 controls and the bidi overrides that make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;
const MAX_BASE = 100;

/**
 * The name a file is shown and downloaded under: no path (refused, not stripped, so a client
 * that sends one learns of it), no invisible characters, at most 100 characters, and the
 * extension of what the bytes really are.
 */
export function cleanFileName(given: string | undefined, ext: string): string {
  const raw = (given ?? '').normalize('NFC');
  if (/[/\\]/.test(raw) || raw === '.' || raw === '..')
    throw badRequest('文件名不能包含路径，请重新选择文件');
  const name = raw.replace(INVISIBLE, '').replace(/\s+/g, ' ').trim();
  const dot = name.lastIndexOf('.');
  let base = (dot >= 0 ? name.slice(0, dot) : name).replace(/^\.+/, '').trim();
  if ([...base].length > MAX_BASE) base = [...base].slice(0, MAX_BASE).join('');
  return `${base || '文件'}.${ext}`;
}

/** Content-Disposition for a name with any characters (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
