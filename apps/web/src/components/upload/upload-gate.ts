import type { files } from '@chepai/shared';
import { Upload } from 'antd';
import type { UploadProps } from 'antd';
import { countProblem, fileProblem } from './upload-rules';

type Say = { warning: (text: string) => unknown; error: (text: string) => unknown };

/**
 * antd's beforeUpload for every upload field: the count (said once per selection), then each
 * file's size and type; a refused file never enters the list.
 */
export const uploadGate =
  (
    listed: () => number,
    max: number,
    kind: files.FileType,
    say: Say,
  ): NonNullable<UploadProps['beforeUpload']> =>
  (file, batch) => {
    const tooMany = countProblem(listed(), batch.length, max);
    if (tooMany) {
      if (file === batch[0]) void say.warning(tooMany);
      return Upload.LIST_IGNORE;
    }
    const problem = fileProblem(file, kind);
    if (problem) {
      void say.error(problem);
      return Upload.LIST_IGNORE;
    }
    return true;
  };
