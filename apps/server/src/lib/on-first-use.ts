/**
 * A loader run on the first call and shared by every call after it; a failed load is tried again on
 * the next call instead of failing for good. For the modules the server imports only when a feature
 * first needs them (docs/decisions/052-load-on-first-use.md).
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((e: unknown) => {
      pending = undefined;
      throw e;
    }));
}
