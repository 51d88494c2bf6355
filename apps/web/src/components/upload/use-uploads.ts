import type { files } from '@chepai/shared';
import { useRef, useState } from 'react';
import { useFeedback } from '../feedback';
import { uploadFailed } from './upload-actions';
import { uploadFile } from './upload-api';
import { useReportBusy } from './upload-busy';
import { selectionGate } from './upload-select';

/** A file on its way: listed with its name and progress until the server has answered. */
export interface PendingUpload {
  uid: string;
  name: string;
  /** 0–100. */
  percent: number;
}

interface UploadsOptions {
  type: files.FileType;
  isPrivate: boolean;
  /** The upload address under /api, when a form posts elsewhere than the default. */
  action?: string;
  maxCount: number;
  /** How many finished files the field holds now. */
  listed: () => number;
  /** One at a time in the order chosen, rather than all at once. */
  oneByOne?: boolean;
  /** A file the server took. */
  onUploaded: (uploaded: files.UploadedFile) => void;
}

let nextUid = 0;

/**
 * The sending half of a plain upload field: checks a selection (upload-select.ts), lists each
 * accepted file with its progress while it is sent and reports the field busy meanwhile, hands a
 * finished upload to `onUploaded`, and drops a refused one with '文件上传失败：…'.
 */
export function useUploads(options: UploadsOptions) {
  const { message } = useFeedback();
  const [pending, setPending] = useState<PendingUpload[]>([]);
  useReportBusy(pending.length > 0);
  // The latest render's callbacks, for answers that arrive after it.
  const latest = useRef(options);
  latest.current = options;
  // Counted apart from the state: a second selection before the next render still sees the first.
  const sending = useRef(0);
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const send = (file: File, uid: string) =>
    uploadFile(file, {
      type: latest.current.type,
      isPrivate: latest.current.isPrivate,
      action: latest.current.action,
      onProgress: (percent) => setPending((p) => p.map((x) => (x.uid === uid ? { ...x, percent } : x))),
    }).then(
      (uploaded) => {
        sending.current -= 1;
        setPending((p) => p.filter((x) => x.uid !== uid));
        latest.current.onUploaded(uploaded);
      },
      (e: unknown) => {
        sending.current -= 1;
        setPending((p) => p.filter((x) => x.uid !== uid));
        void message.error(uploadFailed(e));
      },
    );

  /** A selection from the file input: the files that pass are listed and sent. */
  const choose = (selected: readonly File[]) => {
    const { maxCount, type, listed, oneByOne } = latest.current;
    const accepted = selectionGate(() => listed() + sending.current, maxCount, type, message)(selected);
    if (!accepted.length) return;
    const started = accepted.map((file) => ({ file, uid: `upload-${(nextUid += 1)}` }));
    sending.current += started.length;
    setPending((p) => [...p, ...started.map(({ file, uid }) => ({ uid, name: file.name, percent: 0 }))]);
    for (const { file, uid } of started) {
      if (oneByOne) queue.current = queue.current.then(() => send(file, uid)).catch(() => undefined);
      else void send(file, uid);
    }
  };

  return { pending, choose };
}
