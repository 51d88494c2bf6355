import type { files } from '@chepai/shared';
import { countProblem, fileProblem } from './upload-rules';

/** Where a refusal is said: useFeedback()'s message, or antd's. */
export type Say = { warning: (text: string) => unknown; error: (text: string) => unknown };

/**
 * The check every upload field runs on a selection before a byte is sent: the count first (said
 * once per selection, counting the files already listed or on their way), then each file's size
 * and type. Returns the files that may be sent; a refused file is never listed. Free of antd, so
 * the plain fields share it with antd's (upload-gate.ts).
 */
export const selectionGate =
  (listed: () => number, max: number, kind: files.FileType, say: Say) =>
  (selected: readonly File[]): File[] => {
    const tooMany = countProblem(listed(), selected.length, max);
    if (tooMany) {
      void say.warning(tooMany);
      return [];
    }
    return selected.filter((file) => {
      const problem = fileProblem(file, kind);
      if (problem) void say.error(problem);
      return !problem;
    });
  };
