import { useEffect, useSyncExternalStore } from 'react';

/** A page may name the end of the 当前位置 trail (an article's title, its section). */
export interface Crumb {
  title: string;
  to?: string;
}

let tail: Crumb[] | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function useBreadcrumbTail(crumbs: Crumb[] | null) {
  const key = JSON.stringify(crumbs);
  useEffect(() => {
    tail = crumbs;
    emit();
    return () => {
      tail = null;
      emit();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
}

export const useCurrentTail = () =>
  useSyncExternalStore(
    (cb) => {
      listeners.add(cb);
      return () => listeners.delete(cb);
    },
    () => tail,
  );
