import { useCallback, useEffect, useState } from 'react';

/**
 * Loads once and on `reload()`; keeps the last good data while reloading. With `refreshMs`
 * it also reloads on that period while the page is open (lists whose rows change by themselves).
 */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[], refreshMs?: number) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const run = useCallback(load, deps);
  const request = useCallback(
    (quiet: boolean) => {
      if (!quiet) setLoading(true);
      run()
        .then((d) => {
          setData(d);
          setError(null);
        })
        .catch((e: Error) => setError(e.message))
        .finally(() => setLoading(false));
    },
    [run],
  );
  const reload = useCallback(() => request(false), [request]);
  useEffect(reload, [reload]);
  useEffect(() => {
    if (!refreshMs) return;
    // A timed refresh shows no spinner: the rows change in place.
    const timer = setInterval(() => request(true), refreshMs);
    return () => clearInterval(timer);
  }, [request, refreshMs]);
  return { data, error, loading, reload };
}
