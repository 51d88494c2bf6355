import { z } from 'zod';
import { UPLOAD_MAX_BYTES } from '../constants';
import { idSchema } from './common';
import { endpoint } from './define';

/** The messages a user sees about uploads (docs/product.md: upload rules and error catalogue). */
export const UPLOAD_MESSAGES = {
  tooLarge: '文件超过10M，无法上传',
  notImage: '请上传图片格式的文件',
  none: '请上传对应的文件',
  failed: '文件上传失败',
  tooMany: (selected: number, max: number) => `共选择了${selected}个文件，超过了最大限制${max}个`,
} as const;

export const UPLOAD_MAX_MB = UPLOAD_MAX_BYTES / 1024 / 1024;

/** What an upload is for: `image` takes pictures only; `document` takes PDF or pictures. */
export const FILE_TYPES = ['image', 'document'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** Content types kept, decided by the bytes (magic numbers), never by the name. */
export const IMAGE_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', ...IMAGE_CONTENT_TYPES] as const;
/** For the browser's file picker only; the server checks the bytes. */
export const ACCEPT = {
  image: '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp',
  document: '.pdf,.jpg,.jpeg,.png,.webp,application/pdf,image/jpeg,image/png,image/webp',
} as const satisfies Record<FileType, string>;

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** The multipart fields beside `file`. Private unless said otherwise: a forgotten flag must not publish a document. */
export const uploadFields = z.object({
  type: z.enum(FILE_TYPES, { error: '文件类型参数不正确' }),
  isPrivate: booleanField.optional().transform((v) => v ?? true),
});

export const uploadedFile = z.object({
  id: z.string(),
  /** Public files: a lasting address. Private files: empty — ask getUrl for a signed one. */
  fileUrl: z.string(),
  fileName: z.string(),
  /** Images: a small preview (same access rules as the file); null otherwise. */
  thumbnailUrl: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int(),
  isPrivate: z.boolean(),
});
export type UploadedFile = z.infer<typeof uploadedFile>;

/** multipart/form-data: `file`, `type`, `isPrivate` (see uploadFields). */
export const upload = endpoint({
  method: 'POST',
  path: '/mall-portal/file/upload',
  auth: 'user',
  input: uploadFields,
  output: uploadedFile,
});

/** The console's upload (an operator's transfer proof): the same fields, types and limits. */
export const consoleUpload = endpoint({
  method: 'POST',
  path: '/console/files/upload',
  auth: 'operator',
  input: uploadFields,
  output: uploadedFile,
});

export const deleteFile = endpoint({
  method: 'POST',
  path: '/mall-portal/file/del',
  auth: 'user',
  form: true,
  input: z.object({ fileId: idSchema }),
  output: z.null(),
});

/** A signed address that works for a few minutes; the web client opens it in a new window. */
export const getUrl = endpoint({
  method: 'GET',
  path: '/mall-portal/file/getUrl',
  auth: 'user',
  input: z.object({
    fileId: idSchema,
    variant: z.enum(['original', 'thumbnail'], { error: '文件版本参数不正确' }).default('original'),
  }),
  output: z.string(),
});

/** Where the bytes are served (not envelope endpoints): public files, and private ones through a signature. */
export const FILE_PATHS = {
  public: '/api/files/p/:id/:variant',
  signed: '/api/files/s/:id/:variant',
} as const;
export const SIGNED_URL_TTL_SECONDS = 10 * 60;
