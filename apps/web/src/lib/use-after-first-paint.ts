import { useEffect, useState } from 'react';

/**
 * False for the render that first shows the component, true once that has been painted: for work
 * that can wait until the page's largest element is on screen, such as a lot's live connection,
 * whose client and event schemas (about 25 KiB) would otherwise compete with the page for a
 * phone's bandwidth (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
 */
export function useAfterFirstPaint(): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame after the next is drawn after this render's paint.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setAfter(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return after;
}
