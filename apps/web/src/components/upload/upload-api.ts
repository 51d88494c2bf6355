import { files, type Envelope } from '@chepai/shared';
import { callApi } from '../../lib/api';
import { ApiError, request } from '../../lib/request';

/** Sends one file as multipart (file, type, isPrivate) to `action`, the caller's upload address. */
export async function uploadFile(
  file: File,
  options: {
    type: files.FileType;
    isPrivate: boolean;
    action?: string;
    onProgress?: (percent: number) => void;
  },
): Promise<files.UploadedFile> {
  const form = new FormData();
  form.append('type', options.type);
  form.append('isPrivate', String(options.isPrivate));
  form.append('file', file);
  const res = await request.post<Envelope<files.UploadedFile>>(options.action ?? files.upload.path, form, {
    silent: true, // the component says '文件上传失败' itself
    onUploadProgress: (e) => {
      if (e.total) options.onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  if (!res.data?.data) throw new ApiError(500, '上传失败');
  return res.data.data;
}

export const deleteFile = (fileId: string) => callApi(files.deleteFile, { fileId });

/** A signed address for a private file (minutes); public files answer with their lasting one. */
export const fileUrl = (fileId: string, variant: 'original' | 'thumbnail' = 'original') =>
  callApi(files.getUrl, { fileId, variant });
