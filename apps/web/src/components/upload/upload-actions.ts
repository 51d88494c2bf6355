import { files } from '@chepai/shared';
import { useEffect, useRef, useState } from 'react';
import type { Feedback } from '../feedback';
import { fileUrl } from './upload-api';
import { deleteConfirm } from './upload-rules';

/**
 * What the upload fields, antd's and the plain ones, do alike around a file: the failure toast,
 * the confirmation before deleting, the preview and the signed thumbnails. Free of antd.
 */

/** '文件上传失败：<the server's reason>' for a file the server refused. */
export const uploadFailed = (e: unknown) =>
  `${files.UPLOAD_MESSAGES.failed}${e instanceof Error && e.message ? `：${e.message}` : ''}`;

/**
 * Asks before deleting (docs/product.md, upload rules), then runs `remove` and says '删除成功'.
 * `settled` runs once the dialog is closed, either way.
 */
export function confirmDelete(
  { modal, message }: Pick<Feedback, 'modal' | 'message'>,
  fileName: string,
  remove: () => Promise<unknown>,
  settled?: () => void,
) {
  modal.confirm({
    ...deleteConfirm(fileName),
    onOk: async () => {
      try {
        await remove();
        void message.success('删除成功');
      } catch {
        /* the request layer has said why */
      }
      settled?.();
    },
    onCancel: settled,
  });
}

/**
 * Shows an uploaded file: a picture through `showImage`, anything else (a PDF) in a new tab.
 * Private files only ever through a short-lived signed address.
 */
export async function openUploaded(uploaded: files.UploadedFile, showImage: (url: string) => void) {
  let url = uploaded.fileUrl;
  if (uploaded.isPrivate) {
    try {
      url = await fileUrl(uploaded.id);
    } catch {
      return; // the request layer has said why
    }
  }
  if (uploaded.contentType.startsWith('image/')) showImage(url);
  else window.open(url, '_blank', 'noopener');
}

/** Private pictures have no lasting address: a signed thumbnail for each one shown, by file id. */
export function useSignedThumbs(listed: readonly files.UploadedFile[], enabled = true) {
  const [thumbs, setThumbs] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!enabled) return;
    const missing = listed.filter(
      (f) => f.isPrivate && f.contentType.startsWith('image/') && !(f.id in thumbs),
    );
    if (!missing.length) return;
    let live = true;
    void Promise.all(
      missing.map(async (f) => [f.id, await fileUrl(f.id, 'thumbnail').catch(() => '')] as const),
    ).then((pairs) => {
      if (live) setThumbs((t) => ({ ...t, ...Object.fromEntries(pairs) }));
    });
    return () => {
      live = false;
    };
  }, [listed, thumbs, enabled]);
  return thumbs;
}

/**
 * A field's files: the form's value when it gives one, else the field's own. `latest` holds the
 * newest list for answers that arrive after the render that asked (two uploads finishing together
 * both land); `emit` sets it and tells the form.
 */
export function useFieldFiles(
  value: files.UploadedFile[] | undefined,
  onChange: ((next: files.UploadedFile[]) => void) | undefined,
) {
  const [inner, setInner] = useState<files.UploadedFile[]>([]);
  const listed = value ?? inner;
  const latest = useRef(listed);
  latest.current = listed;
  const emit = (next: files.UploadedFile[]) => {
    latest.current = next;
    if (value === undefined) setInner(next);
    onChange?.(next);
  };
  return { listed, latest, emit };
}
