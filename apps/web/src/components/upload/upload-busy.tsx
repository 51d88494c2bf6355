import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

const Report = createContext<((delta: number) => void) | null>(null);

/**
 * Whether any upload field below `Track` is still sending a file. A form's value holds finished
 * uploads only, so a submit pressed meanwhile would be refused as "no file" and the error cleared
 * a moment later by the file arriving: the form's buttons wait instead.
 */
export function useUploadsBusy() {
  const [count, setCount] = useState(0);
  const report = useCallback((delta: number) => setCount((c) => c + delta), []);
  const Track = useMemo(
    () =>
      function Track({ children }: { children: ReactNode }) {
        return <Report.Provider value={report}>{children}</Report.Provider>;
      },
    [report],
  );
  return { busy: count > 0, Track };
}

/**
 * An upload field's part: says while it has files on their way — in the same commit that lists the
 * file, so no click can land between the file appearing and the buttons waiting.
 */
export function useReportBusy(busy: boolean) {
  const report = useContext(Report);
  useLayoutEffect(() => {
    if (!busy || !report) return;
    report(1);
    return () => report(-1);
  }, [busy, report]);
}
