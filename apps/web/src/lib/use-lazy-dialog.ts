import { useCallback, useState } from 'react';

/**
 * Handlers that start fetching a lazily loaded part's chunk as the pointer or the focus reaches the
 * control that opens it, so the click seldom waits for it (docs/decisions/056, 057).
 */
export const preloadOn = (load: () => Promise<unknown>) => ({
  onPointerEnter: () => void load(),
  onFocus: () => void load(),
});

/**
 * A dialog whose code loads lazily: `trigger` goes on its button (fetch on approach, open on click);
 * render the dialog once `mounted`, with `open` and `close`. It stays mounted after its first
 * opening, so that it can play its closing animation.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  return {
    open,
    mounted,
    close,
    trigger: {
      ...preloadOn(load),
      onClick: () => {
        setMounted(true);
        setOpen(true);
      },
    },
  };
}

export type LazyDialog = ReturnType<typeof useLazyDialog>;
