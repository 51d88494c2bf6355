import { UPLOAD_MAX_BYTES, files } from '@chepai/shared';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../http/errors';

// Room for the multipart framing and the two small fields around a file at the limit.
const FRAMING_BYTES = 64 * 1024;

const tooLarge = () => new AppError(413, files.UPLOAD_MESSAGES.tooLarge);

/** Multipart errors of @fastify/multipart, in Chinese. */
function multipartError(e: unknown): unknown {
  switch ((e as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest('一次只能上传一个文件');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest('上传的表单项过多');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return badRequest('上传内容不完整，请重试');
    default:
      return e;
  }
}

/**
 * Reads one upload (`file` plus its fields, in any order) into memory: at most 10 MB, so a
 * buffer is simpler than spooling and lets the bytes be inspected before anything is stored.
 */
export async function readUpload(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; file: { bytes: Buffer; name: string | undefined } }> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 格式上传文件');
  // Refused before a byte of the body is read when the client says how much it will send.
  if (Number(request.headers['content-length'] ?? 0) > UPLOAD_MAX_BYTES + FRAMING_BYTES) throw tooLarge();
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; name: string | undefined } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 1024, parts: 9 },
    })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file') throw badRequest('文件须放在名为 file 的表单项中');
        file = { bytes, name: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (e) {
    throw multipartError(e);
  }
  if (!file) throw badRequest(files.UPLOAD_MESSAGES.none);
  return { fields, file };
}
