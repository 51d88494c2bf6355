import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, kept current as the window changes (antd's
 * `Grid.useBreakpoint` without antd). Without `matchMedia` (a test without a window's layout) it
 * says false.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}

/** antd's `md` breakpoint: a tablet's width and up. */
export const MD_UP = '(min-width: 768px)';
