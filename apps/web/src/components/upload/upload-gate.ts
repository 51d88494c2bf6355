import type { files } from '@chepai/shared';
import { Upload } from 'antd';
import type { UploadProps } from 'antd';
import { selectionGate, type Say } from './upload-select';

/**
 * antd's beforeUpload for every antd upload field: the rule of upload-select.ts. antd asks file by
 * file, handing each the whole selection (the same array), so the selection is checked once, at
 * its first file, and each file then looked up in the answer.
 */
export const uploadGate = (
  listed: () => number,
  max: number,
  kind: files.FileType,
  say: Say,
): NonNullable<UploadProps['beforeUpload']> => {
  const check = selectionGate(listed, max, kind, say);
  const checked = new WeakMap<object, File[]>();
  return (file, batch) => {
    let accepted = checked.get(batch);
    if (!accepted) {
      accepted = check(batch);
      checked.set(batch, accepted);
    }
    return accepted.includes(file) ? true : Upload.LIST_IGNORE;
  };
};
