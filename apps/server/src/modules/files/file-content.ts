import { files } from '@chepai/shared';
import { fileTypeFromBuffer } from 'file-type';
import { badRequest } from '../../http/errors';
import { onFirstUse } from '../../lib/on-first-use';

/** sharp and libvips load with the first image (docs/decisions/052-load-on-first-use.md). */
export const loadSharp = onFirstUse(() => import('sharp').then((m) => m.default));

export const THUMB_EDGE = 400;
// 40 megapixels: any real camera; a "decompression bomb" stops here before it is decoded.
const MAX_PIXELS = 40_000_000;

const EXECUTABLES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/x-msi',
  'application/vnd.android.package-archive',
  'application/x-sharedlib',
]);
const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export interface PreparedFile {
  contentType: string;
  ext: string;
  body: Buffer;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

const looksLikeMarkup = (bytes: Buffer) =>
  /^\s*(<\?xml|<!doctype|<svg|<html|<script)/i.test(
    bytes
      .subarray(0, 512)
      .toString('utf8')
      .replace(/^\ufeff/, ''),
  ) || /<svg[\s>]/i.test(bytes.subarray(0, 4096).toString('utf8'));

/** Decides what the bytes are (never the name) and whether `type` may hold them. */
async function detect(bytes: Buffer, type: files.FileType): Promise<string> {
  if (bytes.length === 0) throw badRequest('文件内容为空，请重新选择');
  const found = await fileTypeFromBuffer(bytes);
  if (found && EXECUTABLES.has(found.mime)) throw badRequest('不允许上传可执行程序，请重新选择文件');
  if ((!found || /xml|html/.test(found.mime)) && looksLikeMarkup(bytes)) {
    throw badRequest('不支持 SVG、HTML 等可含脚本的文件，请上传 JPG、PNG 或 WebP 图片');
  }
  const mime = found?.mime ?? '';
  const allowed: readonly string[] =
    type === 'image' ? files.IMAGE_CONTENT_TYPES : files.DOCUMENT_CONTENT_TYPES;
  if (!allowed.includes(mime) && mime.startsWith('image/')) {
    throw badRequest(`暂不支持 ${found!.ext.toUpperCase()} 格式的图片，请上传 JPG、PNG 或 WebP 图片`);
  }
  if (!allowed.includes(mime)) {
    throw badRequest(type === 'image' ? files.UPLOAD_MESSAGES.notImage : '请上传 PDF 或图片格式的文件');
  }
  return mime;
}

/**
 * Images are decoded and encoded again: the orientation applied to the pixels, every metadata
 * block (EXIF with GPS, XMP, comments) left behind, and a thumbnail of at most 400 px a side.
 * Whatever a crafted file hid beside its pixels does not survive. PDFs are kept as they came.
 */
export async function prepareFile(bytes: Buffer, type: files.FileType): Promise<PreparedFile> {
  const contentType = await detect(bytes, type);
  const ext = EXT[contentType]!;
  if (!contentType.startsWith('image/')) {
    return { contentType, ext, body: bytes, width: null, height: null, thumbnail: null };
  }
  const sharp = await loadSharp();
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const encoded =
      contentType === 'image/jpeg'
        ? source.clone().jpeg({ quality: 85 })
        : contentType === 'image/png'
          ? source.clone().png()
          : source.clone().webp({ quality: 85 });
    const [{ data, info }, thumbnail] = await Promise.all([
      encoded.toBuffer({ resolveWithObject: true }),
      source
        .clone()
        .resize(THUMB_EDGE, THUMB_EDGE, { fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer(),
    ]);
    return { contentType, ext, body: data, width: info.width, height: info.height, thumbnail };
  } catch (e) {
    if (/pixel limit/i.test(String(e))) throw badRequest('图片尺寸过大（超过4000万像素），请缩小后重新上传');
    throw badRequest('图片已损坏或无法识别，请重新选择');
  }
}
