import { UPLOAD_MAX_BYTES, files } from '@chepai/shared';

const IMAGE_EXT = /\.(jpe?g|png|webp)$/i;
const DOCUMENT_EXT = /\.(pdf|jpe?g|png|webp)$/i;

/**
 * Checks before a byte is sent (docs/product.md, upload rules): 10 MB a file, pictures only
 * where a picture is asked for. The server decides again from the bytes themselves.
 */
export function fileProblem(
  file: { size: number; type: string; name: string },
  kind: files.FileType,
): string | null {
  if (file.size > UPLOAD_MAX_BYTES) return files.UPLOAD_MESSAGES.tooLarge;
  if (kind === 'image') {
    const typeOk = !file.type || (files.IMAGE_CONTENT_TYPES as readonly string[]).includes(file.type);
    if (!typeOk || !IMAGE_EXT.test(file.name)) return files.UPLOAD_MESSAGES.notImage;
  } else if (!DOCUMENT_EXT.test(file.name)) {
    return '请上传 PDF 或图片格式的文件';
  }
  return null;
}

/** '共选择了N个文件，超过了最大限制M个': N counts the files already in the list and the new ones. */
export function countProblem(alreadyListed: number, selected: number, max: number): string | null {
  const total = alreadyListed + selected;
  return total > max ? files.UPLOAD_MESSAGES.tooMany(total, max) : null;
}

/** The form rule for a required upload: '请上传对应的文件' when submitted with none. */
export const requiredUploadRule = {
  validator: async (_rule: unknown, value: unknown) => {
    if (!Array.isArray(value) || value.length === 0) throw new Error(files.UPLOAD_MESSAGES.none);
  },
};

/** The confirmation before an uploaded file is deleted (docs/product.md, upload rules). */
export const deleteConfirm = (fileName: string) => ({
  title: '删除确认',
  content: `确定删除文件“${fileName}”吗？删除后不可恢复。`,
  okText: '删除',
  okButtonProps: { danger: true },
  cancelText: '取消',
});
