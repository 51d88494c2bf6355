import { useEffect, type RefObject } from 'react';

/**
 * Calls `onOutside` for a pointer press outside `ref` while `active` (closes the picker,
 * docs/product.md#11-compare-and-calculator).
 */
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
