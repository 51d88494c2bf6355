import { useEffect, type RefObject } from 'react';

/** Calls `onOutside` for a pointer press outside `ref` while `active` (closes the picker, spec §2). */
export function useClickOutside(ref: RefObject<HTMLElement | null>, active: boolean, onOutside: () => void) {
  useEffect(() => {
    if (!active) return;
    const handler = (event: MouseEvent) => {
      const el = ref.current;
      if (el && event.target instanceof Node && !el.contains(event.target)) onOutside();
    };
    document.addEventListener('mousedown', handler);
    return () => document.removeEventListener('mousedown', handler);
  }, [ref, active, onOutside]);
}
